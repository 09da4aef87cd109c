import { performance } from 'node:perf_hooks';
import { createTestApp, signInAs } from '../server/test/support/test-app';
import { seedVoter } from '../server/test/voters/voter-test-helpers';

// Issue 22: how long a booth's voter slips take, through the real route (booth access, the
// voters read, the audit row, the PDF laid out and streamed), on the database TEST_DB names
// (sqlite by default; postgres with PostgreSQL at TEST_DATABASE_URL). The target: a booth of
// about 800 voters under 15 s.
//   npx tsx bench/slips-bench.ts            (SLIPS_BENCH_VOTERS=800,1500 by default)
const SIZES = (process.env.SLIPS_BENCH_VOTERS ?? '800,1500').split(',').map(Number);
const RUNS = 3;
const FIRST = ['क्षितिज', 'त्र्यंबक', 'ज्ञानेश्वर', 'आर्य', 'श्रीकांत', 'कृष्णा', 'सुनीता', 'प्रज्ञा'];
const LAST = ['पाटील', 'देशमुख', 'जाधव', 'शिंदे', 'राऊत', 'गावंडे', 'ठाकरे', 'वानखडे'];

const t = await createTestApp();
try {
  const admin = (await signInAs(t, 'Admin')).headers;
  const rows: string[][] = [];
  for (const [index, size] of SIZES.entries()) {
    const boothId = 10 + index;
    const label = `Booth-${boothId}`;
    await t.ctx.db
      .updateTable('booths')
      .set({ part_number: boothId, polling_station_number: boothId, polling_station_name: 'जिल्हा परिषद प्राथमिक शाळा, खोली क्र. 2', polling_station_address: 'मु. पो. आर्णी, ता. आर्णी, जि. यवतमाळ 445103' })
      .where('id', '=', boothId)
      .execute();
    for (let serial = 1; serial <= size; serial += 1) {
      await seedVoter(t.ctx, {
        booth: label,
        part_serial: serial,
        full_name: `${FIRST[serial % FIRST.length]} ${FIRST[(serial * 7) % FIRST.length]} ${LAST[serial % LAST.length]}`,
        father_husband_name: `${FIRST[(serial * 3) % FIRST.length]} ${LAST[serial % LAST.length]}`,
        relation_type: 'Father',
      } as never);
    }
    for (const [lang, format] of [['mr', 'a4'], ['mr', 'thermal80'], ['gu', 'a4']] as const) {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        const response = await t.app.inject({ method: 'GET', url: `/api/slips/booths/${boothId}?lang=${lang}&format=${format}`, headers: admin });
        times.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
        bytes = response.rawPayload.length;
      }
      times.sort((a, b) => a - b);
      const pages = format === 'a4' ? Math.ceil(size / 10) : size;
      rows.push([String(size), lang, format, String(pages), `${(times[Math.floor(RUNS / 2)]! / 1000).toFixed(2)} s`, `${(times[RUNS - 1]! / 1000).toFixed(2)} s`, `${(bytes / 1024 / 1024).toFixed(1)} MB`]);
    }
  }
  const header = ['voters', 'lang', 'format', 'pages', 'median', 'slowest', 'PDF size'];
  const widths = header.map((name, column) => Math.max(name.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(`\nVoter slips of one booth (GET /api/slips/booths/:id), ${process.env.TEST_DB ?? 'sqlite'}, ${RUNS} runs each`);
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
} finally {
  await t.close();
}
