import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { coverLine, rollCsvHeader, rollCsvRow } from '../features/rolls/reader/roll-csv';
import { readRoll, RollReadError } from '../features/rolls/reader/roll-reader';

// `npm run roll -- FILE.pdf --out FILE.csv`: reads an electoral roll into a spreadsheet without
// touching the database. Cover facts go to standard error; rows are written in page order.
const USAGE = `Usage: npm run roll -- FILE.pdf --out FILE.csv [--pages 1,3-5] [--threads N]`;

function parsePages(text: string): number[] {
  return text.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number);
    if (!from) return [];
    return to ? Array.from({ length: to - from + 1 }, (_, index) => from + index) : [from];
  });
}

async function main(argv: string[]): Promise<number> {
  let file: string | undefined;
  let out: string | undefined;
  let pages: number[] | undefined;
  let threads: number | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--out') out = argv[++index];
    else if (argument === '--pages') pages = parsePages(argv[++index] ?? '');
    else if (argument === '--threads') threads = Number(argv[++index]);
    else if (argument && !argument.startsWith('--')) file = argument;
  }
  if (!file || !out) {
    console.error(USAGE);
    return 2;
  }
  const results = [];
  const started = Date.now();
  try {
    for await (const page of readRoll(file, {
      pages,
      concurrency: threads,
      onProgress: ({ pagesDone, pageCount, votersFound }) => process.stderr.write(`\rread ${pagesDone}/${pageCount} pages, ${votersFound} voters`),
    })) {
      results.push(page);
    }
  } catch (error) {
    process.stderr.write('\n');
    if (error instanceof RollReadError) {
      console.error(`${file}: ${error.message}`);
      return 1;
    }
    throw error;
  }
  process.stderr.write('\n');
  results.sort((a, b) => a.page - b.page);
  const output = createWriteStream(out);
  output.write(rollCsvHeader());
  let voters = 0;
  for (const page of results) {
    if (page.cover) console.error(coverLine(page.cover));
    for (const voter of page.voters) {
      voters += 1;
      if (!output.write(rollCsvRow(voter))) await once(output, 'drain');
    }
  }
  output.end();
  await once(output, 'finish');
  const flagged = results.flatMap((page) => page.voters).filter((voter) => voter.review.length > 0).length;
  console.error(`${voters} voters from ${results.length} pages (${flagged} flagged for review) in ${((Date.now() - started) / 1000).toFixed(1)} s → ${out}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
