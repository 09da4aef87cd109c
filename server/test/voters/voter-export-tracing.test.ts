import * as XLSX from '@e965/xlsx';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '@shared/settings/settings-schema';
import { voterInputSchema } from '@shared/voters/voter-schema';
import { insertVoters } from '../../src/features/voters/voters-repository';
import { exportVoters } from '../../src/features/voters/voters-use-cases';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { multipart, seedVoter, voterForm } from './voter-test-helpers';
import { zipPartText } from '../support/hostile-spreadsheets';

// Leak tracing (issue 17): each export names who made it and when, in the file and in the
// audit log, and each user of an office role may start only so many exports a day.

let t: TestApp;
let superAdmin: { authorization: string };

beforeAll(async () => {
  // The fair-share gate (decision 063) would let one user's parallel exports through one at a
  // time; widened here so that the daily count's own atomicity is what the parallel test proves.
  t = await createTestApp({ heavyWork: { perUser: 20, perProcess: 20 } });
  superAdmin = (await signInAs(t, 'Super Admin')).headers;
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await setSettings(DEFAULT_SETTINGS);
});

async function setSettings(changes: Partial<Settings>) {
  const response = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: superAdmin, payload: changes });
  expect(response.statusCode).toBe(200);
}

function exportFiltered(headers: { authorization: string }, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/voters/exp/excel?${query}`, headers });
}

function sheets(bytes: Buffer) {
  const workbook = XLSX.read(bytes, { type: 'buffer' });
  const rows = (name: string) => XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[name]!, { header: 1, defval: null });
  return { names: workbook.SheetNames, rows };
}

function aboutOf(bytes: Buffer): Record<string, unknown> {
  const { rows } = sheets(bytes);
  return Object.fromEntries(rows('About this file').slice(1).map(([label, value]) => [label as string, value]));
}

async function auditRows(action: string, userId: number) {
  return t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('user_id', '=', userId).orderBy('id').execute();
}

async function waitForAudit(action: string, userId: number, count = 1) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const rows = await auditRows(action, userId);
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${action} audit row`);
}

async function exportsCounted(userId: number) {
  const rows = await t.ctx.db.selectFrom('export_counts').select('exports').where('user_id', '=', userId).execute();
  return rows.reduce((sum, row) => sum + Number(row.exports), 0);
}

const detailsOf = (row: { details: string | null }) => JSON.parse(row.details ?? '{}') as Record<string, unknown>;

// A database that fails reads of voters when `fails` says so: an outage during an export.
function failingVoterReads(fails: () => boolean): KyselyPlugin {
  return {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
      if (args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node.from).includes('"voters"') && fails()) throw new Error('connection lost');
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => args.result,
  };
}

describe('GET /api/voters/exp/excel: who exported it and when', () => {
  it('should name the exporter, role, time, filter and row count on an About sheet when a voter sheet is exported', async () => {
    await setSettings({ timezone: 'Asia/Tokyo' });
    const { user, headers } = await signInAs(t, 'Admin', { full_name: 'Asha Patil' });
    await seedVoter(t.ctx, { booth: 'Booth-41', full_name: 'Traced One' });
    await seedVoter(t.ctx, { booth: 'Booth-41', full_name: 'Traced Two' });
    const before = Date.now();
    const response = await exportFiltered(headers, 'booth=Booth-41&search=Traced');
    const after = Date.now();
    expect(response.statusCode).toBe(200);

    const { names, rows } = sheets(response.rawPayload);
    // The voters first (the sheet an import reads), the note apart, so the file imports back.
    expect(names).toEqual(['Voters', 'About this file']);
    expect(rows('Voters')).toHaveLength(3);
    const about = aboutOf(response.rawPayload);
    expect(about['Exported by']).toBe(`Asha Patil (${user.username})`);
    expect(about.Role).toBe('Admin');
    const at = Date.parse(String(about['Exported at (UTC)']));
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(after);
    expect(about['Exported at (office time)']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00 Asia\/Tokyo$/);
    expect(about.Filter).toBe('search=Traced; booth=Booth-41');
    expect(about['Voters in this file']).toBe(2);
    expect(String(about.Confidential)).toContain('Confidential voter data');
    expect(about['Export reference']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('should carry the exporter and time in the document properties and on every printed page', async () => {
    const { user, headers } = await signInAs(t, 'Super Admin', { full_name: 'Ravi & Sons' });
    await seedVoter(t.ctx, { booth: 'Booth-42' });
    const response = await exportFiltered(headers, 'booth=Booth-42');
    const exporter = `Ravi & Sons (${user.username})`;
    const { Props, Custprops } = XLSX.read(response.rawPayload, { type: 'buffer', bookProps: true });
    expect(Props).toMatchObject({ Author: exporter, LastAuthor: exporter, Title: 'Voter export', Category: 'Confidential' });
    expect(Math.abs(Props!.CreatedDate!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(Custprops).toMatchObject({ 'Exported by': 'Ravi & Sons', Username: user.username, Role: 'Super Admin', Filter: 'booth=Booth-42', Rows: '1' });
    expect((Custprops as Record<string, string>)['Export reference']).toBe(aboutOf(response.rawPayload)['Export reference']);
    // The page footer of the voter sheet ("&" doubled: a single one starts a footer code).
    const footer = /<oddFooter>(.*)<\/oddFooter>/.exec(zipPartText(response.rawPayload, 'xl/worksheets/sheet1.xml'))?.[1];
    expect(footer).toContain(`Exported by Ravi &amp;&amp; Sons (${user.username}), Super Admin`);
    expect(footer).toContain('Confidential');
  });

  it('should neutralise a name that a spreadsheet would run as a formula', async () => {
    const { user, headers } = await signInAs(t, 'Admin', { full_name: '=HYPERLINK("x")' });
    const response = await exportFiltered(headers, 'booth=Booth-40');
    expect(aboutOf(response.rawPayload)['Exported by']).toBe(`'=HYPERLINK("x") (${user.username})`);
  });

  it('should import the stamped file back as the same voters, the About sheet ignored', async () => {
    const { headers } = await signInAs(t, 'Admin');
    const originals = [await seedVoter(t.ctx, { booth: 'Booth-43' }), await seedVoter(t.ctx, { booth: 'Booth-43', comment: 'Second' })];
    const exported = await exportFiltered(headers, 'booth=Booth-43');
    await t.ctx.db.updateTable('voters').set({ deleted_at: new Date().toISOString() }).where('booth', '=', 'Booth-43').execute();
    const body = multipart({}, { field: 'file', filename: 'voters_export.xlsx', contentType: 'application/octet-stream', data: exported.rawPayload });
    const imported = await t.app.inject({ method: 'POST', url: '/api/voters/import', headers: { ...headers, ...body.headers }, payload: body.payload });
    expect(imported.json()).toMatchObject({ imported: 2, updated: 0, errors: 0, unknownColumns: [] });
    const back = await t.ctx.db.selectFrom('voters').select(['voter_id', 'comment']).where('booth', '=', 'Booth-43').where('deleted_at', 'is', null).orderBy('id').execute();
    expect(back).toEqual(originals.map((voter) => ({ voter_id: voter.voter_id, comment: voter.comment })));
  });
});

describe('GET /api/voters/exp/excel: the audit row', () => {
  it('should record the filter, the row count and the file reference when the export completes', async () => {
    const { user, headers } = await signInAs(t, 'Admin');
    await seedVoter(t.ctx, { booth: 'Booth-44' });
    await seedVoter(t.ctx, { booth: 'Booth-44' });
    await seedVoter(t.ctx, { booth: 'Booth-44' });
    const response = await exportFiltered(headers, 'booth=Booth-44&search=');
    expect(response.statusCode).toBe(200);
    const [row] = await waitForAudit('EXPORT_VOTERS', user.id);
    const details = detailsOf(row!);
    expect(details).toMatchObject({ all: false, filter: 'booth=Booth-44', rows: 3, complete: true, exportsToday: 1, limit: 20 });
    expect(details.reference).toBe(aboutOf(response.rawPayload)['Export reference']);
  });

  it('should record an export the client abandoned as incomplete', async () => {
    const { user } = await signInAs(t, 'Admin');
    const inputs = Array.from({ length: 2300 }, () => voterInputSchema.parse(voterForm({ booth: 'Booth-45' })));
    await insertVoters(t.ctx.db, t.ctx.dialect, inputs, { userId: 1, now: new Date().toISOString() });
    const stream = await exportVoters(t.ctx, { user, ipAddress: '127.0.0.1' }, { booth: 'Booth-45' }, { all: false, onFailed: () => undefined });
    await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
    const [row] = await waitForAudit('EXPORT_VOTERS', user.id);
    const details = detailsOf(row!);
    expect(details).toMatchObject({ complete: false, filter: 'booth=Booth-45' });
    expect(details.rows).toBeLessThanOrEqual(2300);
  });

  it('should record an export that failed half way, with the rows written before the failure', async () => {
    const { user } = await signInAs(t, 'Admin');
    const inputs = Array.from({ length: 150 }, () => voterInputSchema.parse(voterForm({ booth: 'Booth-46' })));
    await insertVoters(t.ctx.db, t.ctx.dialect, inputs, { userId: 1, now: new Date().toISOString() });
    // The database goes away after the first page of voters (100 rows).
    let voterReads = 0;
    const outage = failingVoterReads(() => {
      voterReads += 1;
      return voterReads > 1;
    });
    const failures: unknown[] = [];
    // Exports read through the long-work connection pool (bulkDb).
    const stream = await exportVoters({ ...t.ctx, bulkDb: t.ctx.bulkDb.withPlugin(outage) }, { user, ipAddress: '127.0.0.1' }, { booth: 'Booth-46' }, { all: false, onFailed: (error) => failures.push(error) });
    const streamErrors: unknown[] = [];
    stream.on('error', (error) => streamErrors.push(error));
    stream.resume();
    const [row] = await waitForAudit('EXPORT_VOTERS', user.id);
    expect(detailsOf(row!)).toMatchObject({ complete: false, failed: true, rows: 100, filter: 'booth=Booth-46' });
    expect(stream.destroyed).toBe(true);
    expect(failures).toHaveLength(1);
    expect(streamErrors).toEqual([failures[0]]);
  });
});

describe('GET /api/voters/exp/excel and /export/excel: the daily export limit', () => {
  it('should allow exports up to the role limit, then answer 429 saying the limit and when it resets, with an audit row', async () => {
    await setSettings({ export_limit_admin: '2', timezone: 'Asia/Kolkata' });
    const { user, headers } = await signInAs(t, 'Admin');
    expect((await exportFiltered(headers, 'booth=Booth-47')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/voters/export/excel', headers })).statusCode).toBe(200);
    const refused = await exportFiltered(headers, 'booth=Booth-47&gender=Female');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(/^Daily export limit reached: each Admin may export 2 times a day\. The limit resets at midnight Asia\/Kolkata time \(\d{4}-\d{2}-\d{2}T00:00:00\+05:30\)\.$/),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    const [row] = await auditRows('EXPORT_REFUSED', user.id);
    expect(detailsOf(row!)).toMatchObject({ all: false, filters: { booth: 'Booth-47', gender: 'Female' }, limit: 2 });
    // A refused export takes no slot: still two, not three.
    expect(await exportsCounted(user.id)).toBe(2);
    // Another user, and the other office role, have their own counts.
    expect((await exportFiltered((await signInAs(t, 'Admin')).headers, 'booth=Booth-47')).statusCode).toBe(200);
    expect((await exportFiltered((await signInAs(t, 'Super Admin')).headers, 'booth=Booth-47')).statusCode).toBe(200);
  });

  it('should refuse every export of a role whose limit is 0', async () => {
    await setSettings({ export_limit_super_admin: '0' });
    const { headers } = await signInAs(t, 'Super Admin');
    const refused = await t.app.inject({ method: 'GET', url: '/api/voters/export/excel', headers });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Exports are switched off for the Super Admin role. An office administrator can change this in Settings.');
  });

  it('should let no more exports through than the limit when many are sent at once', async () => {
    await setSettings({ export_limit_admin: '3' });
    const { user, headers } = await signInAs(t, 'Admin');
    await seedVoter(t.ctx, { booth: 'Booth-48' });
    const responses = await Promise.all(Array.from({ length: 10 }, () => exportFiltered(headers, 'booth=Booth-48')));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    expect(await auditRows('EXPORT_REFUSED', user.id)).toHaveLength(7);
    expect(await exportsCounted(user.id)).toBe(3);
    expect(await waitForAudit('EXPORT_VOTERS', user.id, 3)).toHaveLength(3);
  });

  it('should not count an export whose first read the database refused', async () => {
    await setSettings({ export_limit_admin: '1' });
    const { user, headers } = await signInAs(t, 'Admin');
    const outage = failingVoterReads(() => true);
    await expect(
      exportVoters({ ...t.ctx, bulkDb: t.ctx.bulkDb.withPlugin(outage) }, { user, ipAddress: '127.0.0.1' }, { booth: 'Booth-49' }, { all: false, onFailed: () => undefined }),
    ).rejects.toThrow('connection lost');
    expect((await exportFiltered(headers, 'booth=Booth-49')).statusCode).toBe(200);
    expect((await exportFiltered(headers, 'booth=Booth-49')).statusCode).toBe(429);
  });
});
