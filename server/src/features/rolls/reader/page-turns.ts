// Pages of one roll are read side by side, and some of what a page learns is kept for the pages
// after it (the roll's language, its label pictures, its EPIC series). Were it kept in the order
// the pages' OCR happens to finish, the same roll could read differently from one import to the
// next. So each page takes a turn, in the order the pages were asked for, and the next page's
// turn comes when this one's is over and every turn before it too.

// The last turn taken of each kind: it is over when its promise settles.
export type PageTurns = Partial<Record<'learning' | 'series', Promise<void>>>;

export interface Turn {
  ready: Promise<void>; // the turns taken before this one are over
  release: () => void; // this turn is over (once called, later calls do nothing)
}

// Must be taken before the page awaits anything, so that turns follow the order of the asking.
export function takeTurn(turns: PageTurns, kind: keyof PageTurns): Turn {
  const previous = turns[kind] ?? Promise.resolve();
  let over = () => {};
  turns[kind] = new Promise<void>((resolve) => {
    over = resolve;
  });
  let released = false;
  return {
    ready: previous,
    release: () => {
      if (released) return;
      released = true;
      void previous.then(over);
    },
  };
}
