// Spreadsheet formula injection (OWASP CSV injection): a spreadsheet runs a cell that begins
// with one of these, so every file we write puts such text behind a quote, and the import takes
// the quote off again. Shared so the server's export and import and the web's CSV agree.
export const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

// The reverse on import, so an export read back gives the same text.
export function unneutralizeCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
