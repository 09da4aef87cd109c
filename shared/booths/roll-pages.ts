// Roll pages (issue 20): a page of a booth is a range of part serial numbers, `size` of them
// (the page_size setting, 30 by default). Page n holds serials (n-1)*size+1 … n*size.

// The most pages one booth can have, and that one request may assign (a part has a few
// thousand voters: 9,999 serials at 5 a page is 2,000 pages).
export const MAX_ROLL_PAGE = 2000;
export const MAX_PAGES_PER_REQUEST = 500;

export function pageOfSerial(serial: number, size: number): number {
  return Math.floor((serial - 1) / size) + 1;
}

export function serialRangeOf(page: number, size: number): { from: number; to: number } {
  return { from: (page - 1) * size + 1, to: page * size };
}

// The pages a booth's roll fills: enough to hold its highest serial.
export function pageCount(highestSerial: number | null, size: number): number {
  return highestSerial === null || highestSerial < 1 ? 0 : pageOfSerial(highestSerial, size);
}

// Pages as runs of consecutive numbers, sorted: [3,4,5,9] → [[3,5],[9,9]].
export function pageRuns(pages: Iterable<number>): [number, number][] {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const page of sorted) {
    const last = runs[runs.length - 1];
    if (last && page === last[1] + 1) last[1] = page;
    else runs.push([page, page]);
  }
  return runs;
}

// The way a person writes them: "3–5, 9".
export function formatPageRuns(pages: Iterable<number>): string {
  return pageRuns(pages)
    .map(([from, to]) => (from === to ? String(from) : `${from}–${to}`))
    .join(', ');
}
