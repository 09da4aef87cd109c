import { describe, expect, it } from 'vitest';
import { type PDFPageProxy, renderPage } from './pdf-pages';

// A page whose drawing takes `ms` and says when it starts and ends.
function slowPage(name: string, events: string[], ms: number, fails = false): PDFPageProxy {
  return {
    getViewport: () => ({ width: 4, height: 3 }),
    render: () => {
      events.push(`start ${name}`);
      return {
        promise: new Promise<void>((resolve, reject) =>
          setTimeout(() => {
            events.push(`end ${name}`);
            if (fails) reject(new Error(`${name} is broken`));
            else resolve();
          }, ms),
        ),
      };
    },
    cleanup: () => undefined,
  } as unknown as PDFPageProxy;
}

describe('renderPage', () => {
  it('should render pages asked for side by side one after the other, and go on after one that fails', async () => {
    const events: string[] = [];
    const [first, broken, third] = await Promise.allSettled([renderPage(slowPage('a', events, 30), 1), renderPage(slowPage('b', events, 5, true), 1), renderPage(slowPage('c', events, 5), 1)]);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(first.status === 'fulfilled' && first.value.gray).toMatchObject({ width: 4, height: 3 });
    expect(broken).toMatchObject({ status: 'rejected', reason: new Error('b is broken') });
    expect(third.status).toBe('fulfilled');
  });
});
