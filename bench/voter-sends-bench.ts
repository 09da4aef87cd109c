import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createFast2SmsGateway } from '../server/src/features/notifications/sms/fast2sms-gateway';
import { writeSettings } from '../server/src/features/settings/settings-repository';
import { insertVoters } from '../server/src/features/voters/voters-repository';
import { startFakeSmsServer } from '../server/test/support/fake-sms-server';
import { createTestApp, signInAs } from '../server/test/support/test-app';
import { printTable } from './print-table';
import { createVoterGenerator, voterInputOf } from './voter-generator';

// Issue 60: a send to 50,000 voters is queued in seconds and goes out at the gateway's rate
// without slowing anyone. One process through the real routes (inject) and the real
// dispatcher, sending through the Fast2SMS adapter to a local fake gateway (in this process
// too: its work counts against the list). Another user (a Supervisor) lists their booth's
// voters every 100 ms, timed from when each call was due (no coordinated omission):
//   1. idle, 2. while the send is being queued (POST /api/voter-messages/sends), 3. while the
//   dispatcher sends at SMS_RATE_PER_SECOND.
//   npx tsx bench/voter-sends-bench.ts    (SEND_BENCH_VOTERS=50000, SEND_BENCH_RATE=10,
//   SEND_BENCH_SECONDS=30, TEST_DB=sqlite|postgres)
const VOTERS = Number(process.env.SEND_BENCH_VOTERS ?? 50_000);
const RATE = Number(process.env.SEND_BENCH_RATE ?? 10);
const SECONDS = Number(process.env.SEND_BENCH_SECONDS ?? 30);
const READER_BOOTH = 'Booth-05';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const load = () => loadavg().map((value) => value.toFixed(2)).join(' / ');

const fake = await startFakeSmsServer();
fake.script([{ status: 200, body: { return: true, request_id: 'bench' } }]);
const t = await createTestApp({ config: { smsRatePerSecond: RATE, logLevel: 'silent' }, smsGateway: createFast2SmsGateway({ apiKey: 'bench', url: `${fake.url}/dev/bulkV2`, route: 'q' }) });
const loadBefore = load();
try {
  // Budget and approval out of the way; Marathi office texts.
  await writeSettings(t.ctx.db, { language: 'mr', voter_sms_daily_budget: '10000000', voter_sms_approval_threshold: '10000000', sms_sender_id: 'VMSOFC', dlt_entity_id: '1201160000000012345' });
  const seedStart = performance.now();
  const next = createVoterGenerator();
  for (let from = 0; from < VOTERS; from += 1000) {
    const batch = [];
    for (let index = from; index < Math.min(from + 1000, VOTERS); index += 1) {
      // Every voter with a mobile: the whole audience is messaged.
      batch.push({ ...voterInputOf(next(index)), mobile_number: `9${String(100_000_000 + index).slice(-9)}` });
    }
    await insertVoters(t.ctx.db, t.ctx.dialect, batch, { userId: 1, now: new Date().toISOString() });
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const office = (await signInAs(t, 'Super Admin')).headers;
  const reader = (await signInAs(t, 'Supervisor', { booth_access: [READER_BOOTH] })).headers;
  const template = await t.app.inject({
    method: 'POST',
    url: '/api/voter-messages/templates',
    headers: office,
    payload: { name: 'Meeting reminder', category: 'service', dlt_template_id: '1207160000000054321', texts: { mr: 'नमस्कार {name}, {date} रोजी {polling_station} येथे बैठक आहे.', en: 'Dear {name}, meeting at {polling_station} on {date}.' } },
  });
  const templateId = (template.json() as { id: number }).id;

  // Lists every 100 ms until `done()` says stop; each call timed from when it was due.
  async function listWhile(done: () => boolean): Promise<number[]> {
    const times: number[] = [];
    const start = performance.now();
    for (let call = 0; !done(); call += 1) {
      const due = start + call * 100;
      const early = due - performance.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      const response = await t.app.inject({ method: 'GET', url: '/api/voters?limit=50', headers: reader });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      times.push(performance.now() - due);
    }
    return times.sort((a, b) => a - b);
  }
  const row = (phase: string, seconds: number, times: number[], extra: string) => [phase, `${seconds.toFixed(1)} s`, String(times.length), ms(percentile(times, 0.5)), ms(percentile(times, 0.95)), ms(times.at(-1) ?? 0), extra];

  const idleUntil = performance.now() + 10_000;
  const idle = await listWhile(() => performance.now() >= idleUntil);

  let queued = false;
  const queueStart = performance.now();
  const queueing = t.app
    .inject({ method: 'POST', url: '/api/voter-messages/sends', headers: office, payload: { audience: {}, template_id: templateId, date_text: '12 डिसेंबर' } })
    .finally(() => {
      queued = true;
    });
  const duringQueue = await listWhile(() => queued);
  const created = await queueing;
  const queueSeconds = (performance.now() - queueStart) / 1000;
  if (created.statusCode !== 201) throw new Error(`${created.statusCode} ${created.body}`);
  const send = created.json() as { id: number; total: number; parts: number };

  const sendStart = performance.now();
  const sendUntil = sendStart + SECONDS * 1000;
  // The dispatcher's passes, a second apart as its own timer runs them, each timed.
  const passes: number[] = [];
  const dispatching = (async () => {
    for (let pass = 0; performance.now() < sendUntil; pass += 1) {
      const wait = sendStart + (pass + 1) * 1000 - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const began = performance.now();
      await t.ctx.voterSends.runOnce();
      passes.push(performance.now() - began);
    }
  })();
  const duringSend = await listWhile(() => performance.now() >= sendUntil);
  await dispatching;
  passes.sort((a, b) => a - b);
  const sendSeconds = (performance.now() - sendStart) / 1000;
  const sent = fake.requests.length;

  console.log(`\nA send to ${send.total.toLocaleString('en-IN')} voters (${send.parts.toLocaleString('en-IN')} parts, Marathi) on ${process.env.TEST_DB ?? 'sqlite'}; another user's voter list (GET /api/voters?limit=50, a Supervisor of ${READER_BOOTH}) every 100 ms`);
  console.log(`Seeded ${VOTERS.toLocaleString('en-IN')} voters in ${seedSeconds.toFixed(1)} s. Gateway rate ${RATE}/s. Load average (1/5/15 min) before: ${loadBefore}, after: ${load()} on ${cpus().length} cores.`);
  printTable(
    ['phase', 'duration', 'list calls', 'p50', 'p95', 'max', 'what went on'],
    [
      row('idle', 10, idle, '-'),
      row('queueing the send', queueSeconds, duringQueue, `queued ${send.total.toLocaleString('en-IN')} in ${queueSeconds.toFixed(2)} s`),
      row('sending', sendSeconds, duringSend, `${sent} sent (${(sent / sendSeconds).toFixed(1)}/s); a pass p50 ${ms(percentile(passes, 0.5))}, max ${ms(passes.at(-1) ?? 0)}`),
    ],
  );
} finally {
  await t.close();
  await fake.close();
}
