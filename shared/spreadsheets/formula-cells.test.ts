import { describe, expect, it } from 'vitest';
import { neutralizeCell, unneutralizeCell } from './formula-cells';

describe('formula neutralising', () => {
  it('should quote text a spreadsheet would run, and read it back unchanged', () => {
    for (const text of ['=1+1', '+91 98', '-x', '@SUM(A1)', '\tTab', '\rCR']) {
      expect(neutralizeCell(text)).toBe(`'${text}`);
      expect(unneutralizeCell(neutralizeCell(text))).toBe(text);
    }
    expect(neutralizeCell('Plain')).toBe('Plain');
    expect(unneutralizeCell("'quoted on purpose")).toBe("'quoted on purpose");
  });
});
