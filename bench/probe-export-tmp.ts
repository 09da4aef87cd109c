import { createWriteStream, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { voterInputSchema, type VoterInput } from '@shared/voters/voter-schema';
import { openDatabase } from '../server/src/db/connection';
import { migrateToLatest } from '../server/src/db/migrate';
import { insertVoters, voterPageAfter } from '../server/src/features/voters/voter-bulk-repository';
import { writeVoterExport } from '../server/src/features/voters/voter-spreadsheets';
import { createVoterGenerator } from './voter-generator';
const FIELDS = ['voter_no', 'full_name', 'voter_id', 'age', 'gender', 'father_husband_name', 'religion', 'mobile_number', 'house_no', 'ward_area', 'village', 'booth', 'district', 'taluka', 'present_in_city', 'category', 'caste', 'sub_caste', 'political_preference', 'occupation'] as const;
const file = path.resolve('bench/.data/probe-export.sqlite');
const N = 60000;
for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true });
const h = openDatabase({ dataDir: 'bench/.data', sqliteFile: file });
await migrateToLatest(h.db);
const next = createVoterGenerator(7, { from: 0, count: N });
for (let from = 0; from < N; from += 5000) {
  const b: VoterInput[] = [];
  for (let i = from; i < from + 5000; i++) { const v = next(i); b.push(voterInputSchema.parse(Object.fromEntries(FIELDS.map((f) => [f, v[f] === null ? '' : String(v[f])])))); }
  await h.db.transaction().execute((trx) => insertVoters(trx, b, { userId: 1, sqlite: h.sqlite }));
}
async function* pages() { let afterId = 0; for (;;) { const page = await voterPageAfter(h.db, { filters: {}, scope: { kind: 'all' }, dialect: 'sqlite', afterId, limit: 2000 }); if (!page.length) return; yield page; afterId = page[page.length - 1]!.id; } }
const t0 = performance.now(); console.log("export start");
const out = createWriteStream('bench/.data/probe.xlsx');
const r = await writeVoterExport(out, pages());
console.log(r.rows, ((performance.now() - t0) / 1000).toFixed(1), 's');
