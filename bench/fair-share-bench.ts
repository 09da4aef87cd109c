import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createTestApp, signInAs, type TestApp } from '../server/test/support/test-app';
import { seedVoter } from '../server/test/voters/voter-test-helpers';

// Issue 57, decision 063: another user's voter list while three field users loop a booth's slips,
// with the fair-share gate (1 print per user, 2 per process) and without it (limits raised out of
// the way). In one process through the real routes (inject), so what is measured is the event
// loop the prints share with the list.
// Wall time is noisy on a shared machine, so each case also says how long the event loop was held
// (its delay's p99 and max, which other processes' load hardly moves), the server process's CPU
// time per finished print, and the slip printers' (the child processes that lay slips out).
//   npx tsx bench/fair-share-bench.ts      (FAIR_BENCH_VOTERS=1500, FAIR_BENCH_SECONDS=20,
//                                           FAIR_BENCH_CASES=0,2 to run some cases only)
const VOTERS = Number(process.env.FAIR_BENCH_VOTERS ?? 1500);
const SECONDS = Number(process.env.FAIR_BENCH_SECONDS ?? 20);
const BOOTH = { id: 12, label: 'Booth-12' };

async function seed(t: TestApp): Promise<void> {
  for (let serial = 1; serial <= VOTERS; serial += 1) {
    await seedVoter(t.ctx, { booth: BOOTH.label, part_serial: serial, full_name: `सुनीता ${serial} पाटील`, father_husband_name: `ज्ञानेश्वर पाटील`, relation_type: 'Father' } as never);
  }
}

// A process's processor time in ms (Linux /proc: user + system, 100 ticks a second); 0 elsewhere.
function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function run(label: string, heavyWork: { perUser: number; perProcess: number }, loopers: number) {
  const t = await createTestApp({ heavyWork });
  try {
    await seed(t);
    const reader = (await signInAs(t, 'Supervisor', { booth_access: [BOOTH.label] })).headers;
    const printers = await Promise.all(Array.from({ length: loopers }, () => signInAs(t, 'Karyakarta', { booth_access: [BOOTH.label] })));
    const until = performance.now() + SECONDS * 1000;
    const statuses = new Map<number, number>();
    const loops = printers.map(async (printer) => {
      while (performance.now() < until) {
        const response = await t.app.inject({ method: 'GET', url: `/api/slips/booths/${BOOTH.id}?lang=mr`, headers: printer.headers });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        // A refused client waits as Retry-After says, as the phone does.
        if (response.statusCode === 429) await new Promise((resolve) => setTimeout(resolve, Number(response.headers['retry-after'] ?? 1) * 1000));
      }
    });
    // One list call every 100 ms, each timed from when it was due: a request that arrives while
    // a print holds the event loop waits, and that wait is the user's (no coordinated omission).
    const times: number[] = [];
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    for (let call = 0; start + call * 100 < until; call += 1) {
      const due = start + call * 100;
      const early = due - performance.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      const response = await t.app.inject({ method: 'GET', url: '/api/voters?limit=50', headers: reader });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      times.push(performance.now() - due);
    }
    await Promise.all(loops);
    loopDelay.disable();
    const cpu = process.cpuUsage(cpuBefore);
    // The slip printers' processor time (decision 078): they started in this case and are still up.
    const printerMs = (t.ctx.slipPrinters?.processIds() ?? []).reduce((sum, pid) => sum + processCpuMs(pid), 0);
    times.sort((a, b) => a - b);
    const prints = [...statuses].map(([status, count]) => `${count}×${status}`).join(', ') || '-';
    const printed = statuses.get(200) ?? 0;
    const cpuPerPrint = printed === 0 ? '-' : `${((cpu.user + cpu.system) / 1000 / printed).toFixed(0)} ms`;
    const printerPerPrint = printed === 0 ? '-' : `${(printerMs / printed).toFixed(0)} ms`;
    const ms = (nanoseconds: number) => `${(nanoseconds / 1e6).toFixed(0)} ms`;
    return [label, String(times.length), `${percentile(times, 0.5).toFixed(0)} ms`, `${percentile(times, 0.95).toFixed(0)} ms`, `${(times.at(-1) ?? 0).toFixed(0)} ms`, prints, `${ms(loopDelay.percentile(99))} / ${ms(loopDelay.max)}`, cpuPerPrint, printerPerPrint];
  } finally {
    await t.close();
  }
}

const cases: [string, { perUser: number; perProcess: number }, number][] = [
  ['no prints', { perUser: 1, perProcess: 2 }, 0],
  ['3 loopers, gate off', { perUser: 100, perProcess: 100 }, 3],
  ['3 loopers, gate on (1/user, 2/process)', { perUser: 1, perProcess: 2 }, 3],
  ['3 loopers, gate at 1/process', { perUser: 1, perProcess: 1 }, 3],
];
const chosen = process.env.FAIR_BENCH_CASES?.split(',').map(Number) ?? cases.map((_, index) => index);
const rows: string[][] = [];
for (const index of chosen) {
  const [label, limits, loopers] = cases[index]!;
  rows.push(await run(label, limits, loopers));
}
const header = ['case', 'list calls', 'p50', 'p95', 'max', 'prints', 'loop delay p99 / max', 'server CPU / print', 'printers CPU / print'];
const widths = header.map((name, column) => Math.max(name.length, ...rows.map((row) => row[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
console.log(`\nload average ${loadavg().map((load) => load.toFixed(2)).join(' ')} at the end`);
console.log(`Another user's voter list (GET /api/voters?limit=50) while field users loop a ${VOTERS}-voter booth's slips, ${process.env.TEST_DB ?? 'sqlite'}, ${SECONDS} s each`);
console.log(line(header));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
