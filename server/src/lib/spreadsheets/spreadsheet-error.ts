// Why a spreadsheet was refused. The library knows nothing of HTTP: the server answers each
// reason with its status in one place (plugins/error-handler.ts).
export type SpreadsheetErrorReason =
  // The name or the bytes are not .xlsx, .xls or .csv.
  | 'unsupported-type'
  // The file breaks its own format (a zip whose parts disagree, a sheet cut short, a broken .xls).
  | 'damaged'
  // A zip that expands to far more than it declares or than a spreadsheet holds.
  | 'bomb'
  // A legacy .xls over the size that may be read whole.
  | 'too-large'
  // An .xlsx whose shared strings are too large to hold in memory.
  | 'too-much-text'
  // A CSV row longer than any row a reader accepts.
  | 'row-too-long';

// A file the readers refuse; the message is what the user reads.
export class SpreadsheetError extends Error {
  constructor(
    readonly reason: SpreadsheetErrorReason,
    message: string,
  ) {
    super(message);
  }
}
