import { describe, expect, it } from 'vitest';
import { type PageTurns, takeTurn } from './page-turns';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('page turns', () => {
  it('should give pages their turns in the order they were taken, whatever order they finish in', async () => {
    const turns: PageTurns = {};
    const order: string[] = [];
    const first = takeTurn(turns, 'learning');
    const second = takeTurn(turns, 'learning');
    const third = takeTurn(turns, 'learning');
    void third.ready.then(() => order.push('third'));
    void second.ready.then(() => order.push('second'));
    void first.ready.then(() => order.push('first'));
    await tick();
    expect(order).toEqual(['first']);
    // The third page ends before the second has had its turn: it still waits its own turn.
    third.release();
    await tick();
    expect(order).toEqual(['first']);
    first.release();
    await tick();
    expect(order).toEqual(['first', 'second']);
    second.release();
    await tick();
    expect(order).toEqual(['first', 'second', 'third']);
  });

  it('should let the next page go on when a page ends without using its turn', async () => {
    const turns: PageTurns = {};
    const failed = takeTurn(turns, 'series');
    const next = takeTurn(turns, 'series');
    let ready = false;
    void next.ready.then(() => (ready = true));
    // Released twice, as a page's finally block does after its own release.
    failed.release();
    failed.release();
    await tick();
    expect(ready).toBe(true);
  });

  it('should keep the kinds of turn apart', async () => {
    const turns: PageTurns = {};
    takeTurn(turns, 'learning');
    const series = takeTurn(turns, 'series');
    let ready = false;
    void series.ready.then(() => (ready = true));
    await tick();
    expect(ready).toBe(true);
  });
});
