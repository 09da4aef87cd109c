import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLL_REVIEW_CONFIDENCE, type RollPageResult, type RollVoterBox } from '../shared/rolls/roll-types';
import { PROFILES } from '../server/src/features/rolls/reader/language-profiles';
import { plausibleNames } from '../server/src/features/rolls/reader/name-plausibility';
import { openPdf } from '../server/src/features/rolls/reader/pdf-pages';
import { readRoll } from '../server/src/features/rolls/reader/roll-reader';
import { requireRollSamples, ROLL_SAMPLE_LANGUAGES, ROLL_SAMPLES, type RollSample } from '../server/src/features/rolls/reader/roll-samples';
import { LOW_RESOLUTION_SAMPLES, lowResolutionLabel, lowResolutionScan } from './low-resolution-scan';
import { repeatedRollPage, resubsetRoll, rightLayerRoll, scannedRollPage } from './repeated-roll-page';
import { hasTruth, loadGroundTruth, matchTruthBoxes, type TruthBox, type TruthField, truthHash } from './roll-ground-truth';

// `npm run bench:roll`: reads the real sample rolls (../shared/rolls or ROLLS_DIR) and measures
// speed and accuracy against the ground truth a person read from the page images
// (bench/roll-ground-truth.json, hashed), and the issue 53 "plausible" share over every row read.
// Knobs, so that a run fits in minutes:
//   ROLL_BENCH_SAMPLES=daryapur,english   only those samples
//   ROLL_BENCH_PAGES=english:1-5,daryapur:3,7   only those pages of a sample (a bare list, as
//                                          before, limits the English part)
//   ROLL_BENCH_MAX_PAGES=12               at most that many pages a sample, spread through it,
//                                          the pages the ground truth holds always among them
//   ROLL_BENCH_THREADS=2                  worker threads (default: every core)
//   ROLL_BENCH_REPEAT=10                  a one-page sample also read as a roll of copies of its
//                                          page (0 for none); the Chopda page also printed and
//                                          scanned (repeated-roll-page.ts; ROLL_BENCH_SCANNED=0 skips it)
//   ROLL_BENCH_SAMPLES=kishangarh@115ppi  a sample's pages rendered at 115 ppi, grey, JPEG, as an
//                                          image-only roll (low-resolution-scan.ts; run with every
//                                          sample when ROLL_BENCH_SAMPLES is not set;
//                                          ROLL_BENCH_LOW_RESOLUTION=0 skips them then;
//                                          ROLL_BENCH_SCAN_PPI for another resolution)
//   ROLL_BENCH_RESUBSET=0                 no re-subset copies: Baramati, Daryapur and Daman-Diu
//                                          are also read re-saved with their fonts re-subset
//                                          (Ghostscript, needed then), scored by the same truth
//   ROLL_BENCH_RIGHT_LAYER=0              no right-layer copy: Daman-Diu is also read printed
//                                          again with a right Gujarati layer in drawing order
// A truth box is matched to the voter of its page with its serial number, else its EPIC, else
// the one at its place: a box missed or found twice does not shift every later one.
const dir = requireRollSamples();
const truth = loadGroundTruth();
const threads = Number(process.env.ROLL_BENCH_THREADS) || os.availableParallelism();
const maxPages = Number(process.env.ROLL_BENCH_MAX_PAGES) || Infinity;

function parsePages(text: string): number[] {
  return text.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number);
    if (!from) return [];
    return to ? Array.from({ length: to - from + 1 }, (_, index) => from + index) : [from];
  });
}

// ROLL_BENCH_PAGES: "sample:pages" groups (pages as 1,3-5), or a bare page list for the English part.
function pagesAsked(): Partial<Record<RollSample, number[]>> {
  const text = process.env.ROLL_BENCH_PAGES;
  if (!text) return {};
  if (!text.includes(':')) return { english: parsePages(text) };
  const asked: Partial<Record<RollSample, number[]>> = {};
  let sample: RollSample | null = null;
  for (const part of text.split(',')) {
    const [head, rest] = part.includes(':') ? part.split(':') : [null, part];
    if (head) sample = head as RollSample;
    if (sample) asked[sample] = [...(asked[sample] ?? []), ...parsePages(rest ?? '')];
  }
  return asked;
}

async function pagesToRead(sample: RollSample, file: string): Promise<number[] | undefined> {
  const asked = pagesAsked()[sample];
  if (asked) return asked;
  if (!Number.isFinite(maxPages)) return undefined;
  const pdf = await openPdf(file);
  const count = pdf.numPages;
  await pdf.destroy();
  if (count <= maxPages) return undefined;
  const truthPages = [...new Set(truth.filter((box) => box.sample === sample).map((box) => box.page))];
  const spread = Array.from({ length: Math.max(0, maxPages - truthPages.length) }, (_, index) => 1 + Math.round((index * (count - 1)) / Math.max(1, maxPages - truthPages.length - 1)));
  return [...new Set([...truthPages, ...spread])].filter((page) => page >= 1 && page <= count).sort((a, b) => a - b);
}

// This process's CPU seconds and those of its ended children (the reader's processes, decision
// 060), from /proc (Linux); the process's own elsewhere, which misses the readers.
function cpuSecondsWithChildren(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /u, '').split(' ');
    // After the name: utime, stime, cutime and cstime are fields 12 to 15, in clock ticks.
    return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) / 100;
  } catch {
    const cpu = process.cpuUsage();
    return (cpu.user + cpu.system) / 1e6;
  }
}

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
  plausible: string;
}

const repeat = Number(process.env.ROLL_BENCH_REPEAT ?? 10);
const RESUBSET_SAMPLES: RollSample[] = ['baramati', 'daryapur', 'daman'];
const rows: Row[] = [];
const only = process.env.ROLL_BENCH_SAMPLES?.split(',');
// `pageNumbers`: a derived roll's page i is that page of the sample.
const runs: { sample: RollSample; label: string; file: string; pages?: number[]; pageNumbers?: number[] }[] = [];
for (const [sample, file] of Object.entries(ROLL_SAMPLES) as [RollSample, string][]) {
  if (only && !only.includes(sample)) continue;
  const full = path.join(dir, file);
  const pages = await pagesToRead(sample, full);
  runs.push({ sample, label: sample, file: full, pages });
  if ((sample === 'marathi' || sample === 'hindi') && repeat > 1) runs.push({ sample, label: `${sample}, its page ×${repeat}`, file: await repeatedRollPage(full, repeat) });
  // The list re-saved by a tool that re-subsets its fonts: the same glyphs, a character map of its own.
  if (RESUBSET_SAMPLES.includes(sample) && process.env.ROLL_BENCH_RESUBSET !== '0') runs.push({ sample, label: `${sample}, re-subset`, file: await resubsetRoll(full), pages });
  if (sample === 'daman' && process.env.ROLL_BENCH_RIGHT_LAYER !== '0') runs.push({ sample, label: `${sample}, right layer`, file: await rightLayerRoll(full, pages), pages });
  // The ward list printed and scanned: its boxes read from the image alone (repeated-roll-page.ts).
  if (sample === 'marathi' && process.env.ROLL_BENCH_SCANNED !== '0') runs.push({ sample, label: `marathi, scanned, its page ×${Math.max(1, repeat)}`, file: await repeatedRollPage(await scannedRollPage(full), Math.max(1, repeat)) });
}

for (const { sample, pages } of LOW_RESOLUTION_SAMPLES) {
  const label = lowResolutionLabel(sample);
  if (only ? !only.includes(label) : process.env.ROLL_BENCH_LOW_RESOLUTION === '0') continue;
  const kept = Number.isFinite(maxPages) ? pages.slice(0, maxPages) : pages;
  runs.push({ sample, label, file: await lowResolutionScan(path.join(dir, ROLL_SAMPLES[sample]), kept), pageNumbers: kept });
}

for (const { sample, label, file, pages, pageNumbers } of runs) {
  const results: RollPageResult[] = [];
  const started = process.hrtime.bigint();
  // CPU time of the whole process and of the reader processes it started and saw end:
  // steadier than the clock on a shared machine, and what a page costs whatever the load.
  const cpuStarted = cpuSecondsWithChildren();
  for await (const page of readRoll(file, { concurrency: threads, pages })) {
    const number = pageNumbers?.[page.page - 1];
    if (number !== undefined) {
      page.page = number;
      for (const voter of page.voters) voter.page = number;
    }
    results.push(page);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuSeconds = cpuSecondsWithChildren() - cpuStarted;
  const voterPages = results.filter((page) => page.kind === 'voters');
  const voters = results.flatMap((page) => page.voters);
  const boxes: TruthBox[] = truth.filter((box) => box.sample === sample && results.some((page) => page.page === box.page));
  const matched = matchTruthBoxes(boxes, results);

  const score = (field: TruthField) => {
    const counted = boxes.filter((box) => hasTruth(box, field));
    const hit = counted.filter((box) => truthHash(field, matched.get(box)?.[field] ?? null) === box.fields[field]).length;
    return `${percent(hit, counted.length)} (${hit}/${counted.length})`;
  };
  let wrongNames = 0;
  let wrongFlagged = 0;
  let wrongHouses = 0;
  let wrongHousesFlagged = 0;
  for (const box of boxes) {
    const voter: RollVoterBox | undefined = matched.get(box);
    for (const field of ['fullName', 'relativeName'] as const) {
      if (!hasTruth(box, field) || truthHash(field, voter?.[field] ?? null) === box.fields[field]) continue;
      wrongNames += 1;
      if (!voter || voter.confidence[field] < ROLL_REVIEW_CONFIDENCE) wrongFlagged += 1;
    }
    if (!hasTruth(box, 'houseNo') || truthHash('houseNo', voter?.houseNo ?? null) === box.fields.houseNo) continue;
    wrongHouses += 1;
    if (!voter || voter.review.some((reason) => reason.field === 'houseNo')) wrongHousesFlagged += 1;
  }
  const profile = PROFILES[ROLL_SAMPLE_LANGUAGES[sample]];
  const plausible = voters.filter((voter) => plausibleNames(voter.fullName, voter.relativeName, profile)).length;
  const methods = [...new Set(voterPages.map((page) => page.method))].join('+') || 'none';
  rows.push({
    sample: label,
    pages: `${results.length} (${voterPages.length} voter)`,
    method: methods,
    secondsPerPage: (seconds / Math.max(1, results.length)).toFixed(2),
    cpuPerPage: (cpuSeconds / Math.max(1, results.length)).toFixed(2),
    voters: voters.length,
    epic: score('epic'),
    serial: score('serialNo'),
    age: score('age'),
    gender: score('gender'),
    name: score('fullName'),
    relative: score('relativeName'),
    house: score('houseNo'),
    wrongNamesFlagged: `${percent(wrongFlagged, wrongNames)} (${wrongFlagged}/${wrongNames})`,
    wrongHousesFlagged: `${percent(wrongHousesFlagged, wrongHouses)} (${wrongHousesFlagged}/${wrongHouses})`,
    flaggedRows: percent(voters.filter((voter) => voter.review.length > 0).length, voters.length),
    plausible: percent(plausible, voters.length),
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
  plausible: 'plausible',
};
const keys = Object.keys(headers) as (keyof Row)[];
console.log(`| ${keys.map((key) => headers[key]).join(' | ')} |`);
console.log(`|${keys.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${keys.map((key) => String(row[key])).join(' | ')} |`);
console.log(`\nload average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')} at the end; ${threads} worker threads on ${os.availableParallelism()} cores; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (main thread and workers); Node ${process.version}`);
