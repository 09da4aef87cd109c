import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// A roll as a tool that re-saves it would leave it: every font re-subset, its glyphs numbered
// anew and a character map of the tool's own (issue 53: a booth-wise list "re-saved with
// re-subset fonts" read 29% of its names). Ghostscript's pdfwrite does exactly that; the reader
// never needs it, only the tests and `npm run bench:roll` that make such copies of the samples
// (in a temporary folder: the samples name real people). `pages`: "3,40" keeps those pages only,
// numbered from 1 in the copy.
export function ghostscriptFound(): boolean {
  return (process.env.PATH ?? '').split(':').some((folder) => folder && existsSync(`${folder}/gs`));
}

export function writeResubsetCopy(file: string, out: string, pages?: string): void {
  if (!ghostscriptFound()) {
    throw new Error("Ghostscript (gs) was not found on the PATH: the re-subset copies of the roll samples are made with it. Install Debian's package: apt-get update && apt-get install -y ghostscript.");
  }
  execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', ...(pages ? [`-sPageList=${pages}`] : []), `-sOutputFile=${out}`, file], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 });
}
