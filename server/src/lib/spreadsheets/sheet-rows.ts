// What every reader hands over (spreadsheet-readers.ts, xlsx-sheet-reader.ts).

// One row of a sheet: its number as the spreadsheet shows it (header = 1) and its cells as text.
export interface SheetRow {
  number: number;
  cells: string[];
}

// How much of the file the reader has taken in so far, 0 to 1 (updated as it reads).
export interface ReadProgress {
  fraction: number;
}
