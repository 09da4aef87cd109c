import { describe, expect, it } from 'vitest';
import { remainingMs, RequestDeadlineError, withDeadline, withinDeadline } from './request-deadline';

// A request's waits share its deadline (decision 080).
describe('request deadlines', () => {
  it('should give what a wait gives when it comes within the time left', async () => {
    const { result } = withDeadline(1000, () => withinDeadline(Promise.resolve('connection'), 'a connection', () => undefined));
    await expect(result).resolves.toBe('connection');
  });

  it('should refuse a wait past the time left and hand what comes later back', async () => {
    let given: string | undefined;
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('connection'), 100));
    const { result } = withDeadline(20, () => withinDeadline(late, 'a free connection', (value) => (given = value)));
    await expect(result).rejects.toBeInstanceOf(RequestDeadlineError);
    await late;
    await new Promise((resolve) => setImmediate(resolve));
    expect(given).toBe('connection');
  });

  it('should bound nothing outside a request or once its request was answered', async () => {
    expect(remainingMs()).toBeUndefined();
    const { result, end } = withDeadline(10, async () => {
      const during = remainingMs();
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { during, after: remainingMs() };
    });
    end();
    const { during, after } = await result;
    expect(during).toBeGreaterThan(0);
    expect(after).toBeUndefined();
  });
});
