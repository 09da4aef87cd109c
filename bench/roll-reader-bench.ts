import os from 'node:os';
import path from 'node:path';
import { ROLL_REVIEW_CONFIDENCE, type RollPageResult, type RollVoterBox } from '../shared/rolls/roll-types';
import { readRoll } from '../server/src/features/rolls/reader/roll-reader';
import { requireRollSamples, ROLL_SAMPLES } from '../server/src/features/rolls/reader/roll-samples';
import { repeatedRollPage, scannedRollPage } from './repeated-roll-page';
import { boxMatches, hasTruth, loadGroundTruth, type TruthField } from './roll-ground-truth';

// `npm run bench:roll`: reads the three real sample rolls (../shared/rolls or ROLLS_DIR) and
// measures speed and accuracy against the ground truth a person read from the page images
// (bench/roll-ground-truth.json, hashed). ROLL_BENCH_PAGES=3,5 limits the English roll's pages;
// ROLL_BENCH_THREADS sets the worker threads (default: every core); ROLL_BENCH_SAMPLES picks samples.
// A one-page sample is also read as a roll of ROLL_BENCH_REPEAT copies of its page (default 10,
// 0 for none; repeated-roll-page.ts), and the Marathi ward list also as printed and scanned.
const dir = requireRollSamples();
const truth = loadGroundTruth();
const threads = Number(process.env.ROLL_BENCH_THREADS) || os.availableParallelism();
const englishPages = process.env.ROLL_BENCH_PAGES?.split(',').map(Number);

const percent = (hit: number, total: number) => (total === 0 ? '–' : `${((100 * hit) / total).toFixed(1)}%`);

interface Row {
  sample: string;
  pages: string;
  method: string;
  secondsPerPage: string;
  cpuPerPage: string;
  voters: number;
  epic: string;
  serial: string;
  age: string;
  gender: string;
  name: string;
  relative: string;
  house: string;
  wrongNamesFlagged: string;
  wrongHousesFlagged: string;
  flaggedRows: string;
}

const repeat = Number(process.env.ROLL_BENCH_REPEAT ?? 10);
const rows: Row[] = [];
// ROLL_BENCH_SAMPLES=marathi,hindi reads only those samples.
const only = process.env.ROLL_BENCH_SAMPLES?.split(',');
const runs: { sample: keyof typeof ROLL_SAMPLES; label: string; file: string }[] = [];
for (const [sample, file] of Object.entries(ROLL_SAMPLES) as [keyof typeof ROLL_SAMPLES, string][]) {
  if (only && !only.includes(sample)) continue;
  runs.push({ sample, label: sample, file: path.join(dir, file) });
  if (sample !== 'english' && repeat > 1) runs.push({ sample, label: `${sample}, its page ×${repeat}`, file: await repeatedRollPage(path.join(dir, file), repeat) });
  // The ward list printed and scanned: its boxes read from the image alone (repeated-roll-page.ts).
  if (sample === 'marathi') runs.push({ sample, label: `marathi, scanned, its page ×${Math.max(1, repeat)}`, file: await repeatedRollPage(await scannedRollPage(path.join(dir, file)), Math.max(1, repeat)) });
}
for (const { sample, label, file } of runs) {
  const results: RollPageResult[] = [];
  const started = process.hrtime.bigint();
  // CPU time of the whole process (worker threads included): steadier than the clock on a
  // shared machine, and what a page costs whatever the load.
  const cpuStarted = process.cpuUsage();
  for await (const page of readRoll(file, { concurrency: threads, pages: sample === 'english' ? englishPages : undefined })) results.push(page);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const voterPages = results.filter((page) => page.kind === 'voters');
  const voters = results.flatMap((page) => page.voters);
  const byPlace = new Map<string, RollVoterBox>();
  for (const page of results) page.voters.forEach((voter, index) => byPlace.set(`${page.page}/${index}`, voter));

  const score = (field: TruthField) => {
    let hit = 0;
    let total = 0;
    for (const box of truth.filter((candidate) => candidate.sample === sample && results.some((page) => page.page === candidate.page))) {
      if (!hasTruth(box, field)) continue;
      total += 1;
      if (boxMatches(box, field, byPlace.get(`${box.page}/${box.index}`))) hit += 1;
    }
    return { hit, total };
  };
  let wrongNames = 0;
  let wrongFlagged = 0;
  let wrongHouses = 0;
  let wrongHousesFlagged = 0;
  for (const box of truth.filter((candidate) => candidate.sample === sample)) {
    const voter = byPlace.get(`${box.page}/${box.index}`);
    for (const field of ['fullName', 'relativeName'] as const) {
      if (box.fields[field] === null || !voter || boxMatches(box, field, voter)) continue;
      wrongNames += 1;
      if (voter.confidence[field] < ROLL_REVIEW_CONFIDENCE) wrongFlagged += 1;
    }
    if (!hasTruth(box, 'houseNo') || !voter || boxMatches(box, 'houseNo', voter)) continue;
    wrongHouses += 1;
    if (voter.review.some((reason) => reason.field === 'houseNo')) wrongHousesFlagged += 1;
  }
  const s = (field: TruthField) => {
    const { hit, total } = score(field);
    return `${percent(hit, total)} (${hit}/${total})`;
  };
  const methods = [...new Set(voterPages.map((page) => page.method))].join('+') || 'none';
  rows.push({
    sample: label,
    pages: `${results.length} (${voterPages.length} voter)`,
    method: methods,
    secondsPerPage: (seconds / Math.max(1, results.length)).toFixed(2),
    cpuPerPage: (cpuSeconds / Math.max(1, results.length)).toFixed(2),
    voters: voters.length,
    epic: s('epic'),
    serial: s('serialNo'),
    age: s('age'),
    gender: s('gender'),
    name: s('fullName'),
    relative: s('relativeName'),
    house: s('houseNo'),
    wrongNamesFlagged: `${percent(wrongFlagged, wrongNames)} (${wrongFlagged}/${wrongNames})`,
    wrongHousesFlagged: `${percent(wrongHousesFlagged, wrongHouses)} (${wrongHousesFlagged}/${wrongHouses})`,
    flaggedRows: percent(voters.filter((voter) => voter.review.length > 0).length, voters.length),
  });
  console.error(`${label}: ${results.length} pages in ${seconds.toFixed(1)} s`);
}

const headers: Record<keyof Row, string> = {
  sample: 'sample',
  pages: 'pages',
  method: 'method',
  secondsPerPage: 's/page',
  cpuPerPage: 'CPU s/page',
  voters: 'voters',
  epic: 'EPIC',
  serial: 'serial',
  age: 'age',
  gender: 'gender',
  name: 'name',
  relative: 'relative',
  house: 'house',
  wrongNamesFlagged: 'wrong names flagged',
  wrongHousesFlagged: 'wrong houses flagged',
  flaggedRows: 'rows flagged',
};
const keys = Object.keys(headers) as (keyof Row)[];
console.log(`| ${keys.map((key) => headers[key]).join(' | ')} |`);
console.log(`|${keys.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${keys.map((key) => String(row[key])).join(' | ')} |`);
console.log(`\nload average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')} at the end; ${threads} worker threads on ${os.availableParallelism()} cores; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (main thread and workers); Node ${process.version}`);
