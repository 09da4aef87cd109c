// Why a spreadsheet was refused. The library knows nothing of HTTP: the server answers each
// reason with its status in one place (plugins/error-handler.ts).
export type SpreadsheetErrorReason =
  // The name or the bytes are not .xlsx, .xls or .csv.
  | 'unsupported-type'
  // Named .xlsx or .xls but unreadable as one: not a zip or OLE file at all, a zip whose parts
  // disagree or hold no workbook, a sheet cut short, an encrypted (password-protected) workbook.
  | 'damaged'
  // A zip that expands to far more than it declares or than a spreadsheet holds.
  | 'bomb'
  // A legacy .xls over the size that may be read whole.
  | 'too-large'
  // An .xlsx whose shared strings are too large to hold in memory.
  | 'too-much-text'
  // A CSV row longer than any row a reader accepts.
  | 'row-too-long';

// A file named as a spreadsheet that cannot be read as one. Distinct from a wrong type (issue 25):
// the user is told what went wrong and what to try.
export const UNREADABLE_SPREADSHEET =
  'This file could not be read as an Excel spreadsheet. It may be damaged or password-protected: open it in Excel or LibreOffice, save it again as .xlsx or .csv, and import that.';

// A file the readers refuse; the message is what the user reads.
export class SpreadsheetError extends Error {
  constructor(
    readonly reason: SpreadsheetErrorReason,
    message: string,
  ) {
    super(message);
  }
}
