import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@shared/auth/roles';
import { DEFAULT_CONTACT_ISSUES } from '@shared/contacts/contact-issues';
import type { ContactHistory, ContactOutcome, RecordedContact } from '@shared/contacts/contact-schema';
import { DEFAULT_SETTINGS } from '@shared/settings/settings-schema';
import type { Voter, VoterList } from '@shared/voters/voter-schema';
import { migrateTo, migrateToLatest, MIGRATIONS } from '../../src/db/migrate';
import { applyContactToVoter, insertContact } from '../../src/features/contacts/contacts-repository';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Contacts and support (issue 20, docs/decisions/026-contacts-and-support.md): every route, each
// role allowed and refused (booth scope), bad input, audit rows, the support level under
// concurrent contacts, and the flags an office role confirms or dismisses.

let t: TestApp;
type Headers = { authorization: string };
const as = {} as Record<Role, Headers>;
let karyakartaOtherBooth: Headers;
let karyakartaId: number;

beforeAll(async () => {
  t = await createTestApp();
  as['Super Admin'] = (await signInAs(t, 'Super Admin')).headers;
  as.Admin = (await signInAs(t, 'Admin')).headers;
  as.Supervisor = (await signInAs(t, 'Supervisor', { booth_access: ['Booth-01', 'Booth-02'] })).headers;
  const karyakarta = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-01'], full_name: 'Rahul Chavan' });
  as.Karyakarta = karyakarta.headers;
  karyakartaId = karyakarta.user.id;
  karyakartaOtherBooth = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-07'] })).headers;
});
afterAll(async () => {
  await t.close();
});

const FIELD_ROLES = ['Supervisor', 'Karyakarta'] as const satisfies readonly Role[];

function record(headers: Headers, voterId: number, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/voters/${voterId}/contacts`, headers, payload });
}
const history = (headers: Headers, voterId: number, query = '') => t.app.inject({ method: 'GET', url: `/api/voters/${voterId}/contacts${query}`, headers });
const storedVoter = (id: number) => t.ctx.db.selectFrom('voters').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const contactsOf = (voterId: number) => t.ctx.db.selectFrom('voter_contacts').selectAll().where('voter_id', '=', voterId).orderBy('id').execute();
const flagsOf = (voterId: number) => t.ctx.db.selectFrom('voter_flags').selectAll().where('voter_id', '=', voterId).orderBy('id').execute();
const auditRows = (action: string, voterId: number) => t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('record_id', '=', String(voterId)).orderBy('id').execute();

// A voter with one contact: by the Karyakarta in Booth-01, by an Admin elsewhere.
async function contactedVoter(outcome: ContactOutcome, booth = 'Booth-01') {
  const voter = await seedVoter(t.ctx, { booth });
  const response = await record(booth === 'Booth-01' ? as.Karyakarta : as.Admin, voter.id, { channel: 'visit', outcome });
  expect(response.statusCode, response.body).toBe(201);
  return { voter, recorded: response.json<RecordedContact>() };
}

describe('POST /api/voters/:id/contacts', () => {
  it.each(ROLES)('should record the contact, set the support level and write one CREATE_CONTACT row when %s records on a voter in their booths', async (role) => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01', full_name: 'Sunita Kale' });
    const response = await record(as[role], voter.id, { channel: 'call', outcome: 'leaning_supporter', issues: ['Water', 'Pension'], note: '  Wants the tanker on Mondays ' });

    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<RecordedContact>();
    expect(body.contact).toMatchObject({ voter_id: voter.id, channel: 'call', outcome: 'leaning_supporter', issues: ['Water', 'Pension'], note: 'Wants the tanker on Mondays' });
    expect(body.voter).toEqual({ id: voter.id, support_level: 'leaning_supporter', last_contact_at: body.contact.created_at });
    expect(body.flag).toBeNull();
    const [stored] = await contactsOf(voter.id);
    expect(stored).toMatchObject({ id: body.contact.id, channel: 'call', outcome: 'leaning_supporter', issues: '["Water","Pension"]', note: 'Wants the tanker on Mondays' });
    const audits = await auditRows('CREATE_CONTACT', voter.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ table_name: 'voters', record_name: `Sunita Kale (${voter.voter_id})`, user_id: stored?.user_id });
    expect(JSON.parse(audits[0]?.details ?? '{}')).toEqual({ contact_id: body.contact.id, channel: 'call', outcome: 'leaning_supporter', issues: 2 });
    // The support level is the contacts', not the form's: the version and updated_at stay.
    const after = await storedVoter(voter.id);
    expect(after).toMatchObject({ support_level: 'leaning_supporter', version: voter.version, updated_at: voter.updated_at });
  });

  it('should name the worker on the contact when a Karyakarta records it', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const body = (await record(as.Karyakarta, voter.id, { channel: 'whatsapp', outcome: 'undecided' })).json<RecordedContact>();
    expect(body.contact).toMatchObject({ user_id: karyakartaId, user_name: 'Rahul Chavan', issues: [], note: null });
  });

  it.each(FIELD_ROLES)('should answer 404 and store nothing when a %s records on a voter outside their booths', async (role) => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-09' });
    const response = await record(as[role], voter.id, { channel: 'visit', outcome: 'opposed' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Voter not found' });
    expect(await contactsOf(voter.id)).toEqual([]);
    expect(await auditRows('CREATE_CONTACT', voter.id)).toEqual([]);
    expect((await storedVoter(voter.id)).support_level).toBeNull();
  });

  it('should answer 404 when a Karyakarta of another booth records on a Booth-01 voter', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    expect((await record(karyakartaOtherBooth, voter.id, { channel: 'visit', outcome: 'opposed' })).statusCode).toBe(404);
    expect(await contactsOf(voter.id)).toEqual([]);
  });

  it('should answer 404 when the voter is deleted or does not exist', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/voters/${voter.id}`, headers: as.Admin })).statusCode).toBe(200);
    expect((await record(as.Admin, voter.id, { channel: 'visit', outcome: 'undecided' })).statusCode).toBe(404);
    expect((await record(as.Admin, 999_999_999, { channel: 'visit', outcome: 'undecided' })).statusCode).toBe(404);
    expect(await contactsOf(voter.id)).toEqual([]);
  });

  it.each([
    ['channel', { channel: 'letter', outcome: 'undecided' }],
    ['channel', { outcome: 'undecided' }],
    ['outcome', { channel: 'visit', outcome: 'supporter' }],
    ['outcome', { channel: 'visit' }],
    ['issues', { channel: 'visit', outcome: 'undecided', issues: 'Water' }],
    ['issues', { channel: 'visit', outcome: 'undecided', issues: ['Flying cars'] }],
    ['issues', { channel: 'visit', outcome: 'undecided', issues: [42] }],
    ['issues', { channel: 'visit', outcome: 'undecided', issues: Array.from({ length: 21 }, (_, index) => `Issue ${index}`) }],
    ['note', { channel: 'visit', outcome: 'undecided', note: 'x'.repeat(501) }],
    ['note', { channel: 'visit', outcome: 'undecided', note: 7 }],
  ])('should answer 400 naming %s and store nothing when the body is %j', async (field, payload) => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const response = await record(as.Karyakarta, voter.id, payload);
    expect(response.statusCode, response.body).toBe(400);
    // An item of a list is named by its place: issues.0.
    expect(Object.keys(response.json<{ fields: Record<string, string> }>().fields)[0]?.split('.')[0]).toBe(field);
    expect(await contactsOf(voter.id)).toEqual([]);
    expect(await auditRows('CREATE_CONTACT', voter.id)).toEqual([]);
  });

  it('should take the issues from the list the office keeps in Settings when it changes', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const save = (contact_issues: string) => t.app.inject({ method: 'PUT', url: '/api/settings', headers: as.Admin, payload: { contact_issues } });
    expect((await save('Water\nDrainage')).statusCode).toBe(200);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/contacts/issues', headers: as.Karyakarta })).json()).toEqual({ issues: ['Water', 'Drainage'] });
      expect((await record(as.Karyakarta, voter.id, { channel: 'visit', outcome: 'undecided', issues: ['Drainage'] })).statusCode).toBe(201);
      const refused = await record(as.Karyakarta, voter.id, { channel: 'visit', outcome: 'undecided', issues: ['Roads'] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'Choose issues from the list: "Roads" is not on it', fields: { issues: 'Choose issues from the list' } });
    } finally {
      expect((await save(DEFAULT_SETTINGS.contact_issues)).statusCode).toBe(200);
    }
  });
});

describe('the support level', () => {
  it('should be the latest support outcome, left alone by not at home, and filterable', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-02' });
    for (const outcome of ['opposed', 'leaning_away', 'strong_supporter', 'not_at_home'] as const) {
      expect((await record(as.Supervisor, voter.id, { channel: 'visit', outcome })).statusCode).toBe(201);
    }
    const shown = (await t.app.inject({ method: 'GET', url: `/api/voters/${voter.id}`, headers: as.Supervisor })).json<Voter>();
    const contacts = await contactsOf(voter.id);
    expect(shown.support_level).toBe('strong_supporter');
    expect(shown.last_contact_at).toBe(contacts.at(-1)?.created_at);

    const list = (query: string, headers: Headers = as.Admin) => t.app.inject({ method: 'GET', url: `/api/voters?booth=Booth-02&${query}`, headers });
    const ids = async (query: string, headers?: Headers) => (await list(query, headers)).json<VoterList>().voters.map((row) => row.id);
    expect(await ids('support_level=strong_supporter')).toContain(voter.id);
    expect(await ids('support_level=opposed')).not.toContain(voter.id);
    const uncontacted = await seedVoter(t.ctx, { booth: 'Booth-02' });
    expect(await ids('support_level=unknown')).toContain(uncontacted.id);
    expect(await ids('support_level=unknown')).not.toContain(voter.id);
    expect(await ids('support_level=strong_supporter', as.Supervisor)).toContain(voter.id);
    expect((await list('support_level=fan')).statusCode).toBe(400);
  });

  it('should keep only the booth scope when a field role filters by support level', async () => {
    const mine = (await contactedVoter('opposed', 'Booth-01')).voter;
    const theirs = await seedVoter(t.ctx, { booth: 'Booth-09' });
    expect((await record(as.Admin, theirs.id, { channel: 'visit', outcome: 'opposed' })).statusCode).toBe(201);
    const found = (await t.app.inject({ method: 'GET', url: '/api/voters?support_level=opposed&limit=100', headers: as.Karyakarta })).json<VoterList>();
    const ids = found.voters.map((row) => row.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });

  it('should end as the latest contact when contacts are recorded at the same moment', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const outcomes = ['strong_supporter', 'opposed', 'undecided', 'leaning_away', 'leaning_supporter', 'not_at_home'] as const;
    const answers = await Promise.all(Array.from({ length: 18 }, (_, index) => record(index % 2 ? as.Karyakarta : as.Supervisor, voter.id, { channel: 'call', outcome: outcomes[index % outcomes.length] })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const contacts = await contactsOf(voter.id);
    const latest = contacts
      .filter((contact) => contact.outcome !== 'not_at_home')
      .sort((a, b) => (a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1))
      .at(-1);
    const stored = await storedVoter(voter.id);
    expect(stored.support_level).toBe(latest?.outcome);
    expect(stored.support_contact_id).toBe(latest?.id);
    expect(stored.last_contact_at).toBe(contacts.map((contact) => contact.created_at).sort().at(-1));
  });

  it('should keep the later contact when an earlier one is applied after it', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const save = async (outcome: ContactOutcome, at: string) => {
      const contact = await insertContact(t.ctx.db, { voterId: voter.id, userId: karyakartaId, userName: 'Rahul Chavan', channel: 'visit', outcome, issues: [], note: null, at });
      return { id: contact.id, outcome, at };
    };
    // Saved in time order, applied (committed) in the other.
    const early = await save('opposed', '2026-11-24T10:00:00.000Z');
    const late = await save('strong_supporter', '2026-11-24T10:00:05.000Z');
    const sameMomentFirst = await save('undecided', '2026-11-24T10:00:05.000Z');
    expect(await applyContactToVoter(t.ctx.db, voter.id, late)).toBe(true);
    expect(await applyContactToVoter(t.ctx.db, voter.id, early)).toBe(true);
    expect(await storedVoter(voter.id)).toMatchObject({ support_level: 'strong_supporter', last_contact_at: late.at });
    // At the same moment the later id wins, whichever is applied last.
    expect(await applyContactToVoter(t.ctx.db, voter.id, sameMomentFirst)).toBe(true);
    expect(await storedVoter(voter.id)).toMatchObject({ support_level: 'undecided', support_contact_id: sameMomentFirst.id });
    expect(await applyContactToVoter(t.ctx.db, voter.id, late)).toBe(true);
    expect(await storedVoter(voter.id)).toMatchObject({ support_level: 'undecided', support_contact_id: sameMomentFirst.id });
  });
});

describe('GET /api/voters/:id/contacts', () => {
  it.each(ROLES)('should list the contacts newest first with the flags when %s asks about a voter in their booths', async (role) => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    for (const outcome of ['undecided', 'deceased', 'leaning_supporter'] as const) {
      expect((await record(as.Karyakarta, voter.id, { channel: 'visit', outcome, note: outcome })).statusCode).toBe(201);
    }
    const response = await history(as[role], voter.id);
    expect(response.statusCode).toBe(200);
    const body = response.json<ContactHistory>();
    expect(body.total).toBe(3);
    expect(body.contacts.map((contact) => contact.outcome)).toEqual(['leaning_supporter', 'deceased', 'undecided']);
    expect(body.flags).toHaveLength(1);
    expect(body.flags[0]).toMatchObject({ kind: 'deceased', status: 'pending', note: 'deceased', raised_by_name: 'Rahul Chavan' });
    expect((await history(as[role], voter.id, '?limit=1')).json<ContactHistory>()).toMatchObject({ total: 3, contacts: [{ outcome: 'leaning_supporter' }] });
  });

  it.each(FIELD_ROLES)('should answer 404 when a %s asks about a voter outside their booths', async (role) => {
    const { voter } = await contactedVoter('undecided', 'Booth-09');
    expect((await history(as[role], voter.id)).statusCode).toBe(404);
  });

  it.each(['?limit=0', '?limit=201', '?limit=abc'])('should answer 400 when the query is %s', async (query) => {
    const { voter } = await contactedVoter('undecided');
    expect((await history(as.Admin, voter.id, query)).statusCode).toBe(400);
  });

  it('should answer 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/voters/1/contacts' })).statusCode).toBe(401);
  });
});

describe('GET /api/contacts/issues', () => {
  it.each(ROLES)('should give %s the office\'s issues list', async (role) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/contacts/issues', headers: as[role] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ issues: [...DEFAULT_CONTACT_ISSUES] });
  });
});

describe('deceased and moved-away flags', () => {
  it('should raise one pending flag and change nothing on the voter when a worker reports a death', async () => {
    const { voter, recorded } = await contactedVoter('deceased');
    expect(recorded.flag).toMatchObject({ kind: 'deceased', status: 'pending', contact_id: recorded.contact.id, raised_by: karyakartaId });
    expect(recorded.voter.support_level).toBeNull();
    expect(await storedVoter(voter.id)).toMatchObject({ is_dead: 0, present_in_city: 1, version: voter.version });
    // A second report waits with the first.
    const again = (await record(as.Supervisor, voter.id, { channel: 'meeting', outcome: 'deceased' })).json<RecordedContact>();
    expect(again.flag?.id).toBe(recorded.flag?.id);
    expect(await flagsOf(voter.id)).toHaveLength(1);
    expect(JSON.parse((await auditRows('CREATE_CONTACT', voter.id))[0]?.details ?? '{}')).toMatchObject({ outcome: 'deceased', flag_id: recorded.flag?.id });
  });

  it('should raise no flag when the voter already is what the outcome says', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01', present_in_city: false });
    const body = (await record(as.Karyakarta, voter.id, { channel: 'visit', outcome: 'moved_away' })).json<RecordedContact>();
    expect(body.flag).toBeNull();
    expect(await flagsOf(voter.id)).toEqual([]);
  });
  // Their review: server/test/availability/availability.test.ts.
});

describe('the deceased, shifted and missing filter', () => {
  it('should find each state on its own and the active voters without them', async () => {
    const booth = 'Booth-03';
    const dead = await seedVoter(t.ctx, { booth, is_dead: true });
    const shifted = await seedVoter(t.ctx, { booth, present_in_city: false, present_city_name: 'Pune' });
    const missing = await seedVoter(t.ctx, { booth, is_missing: true });
    const active = await seedVoter(t.ctx, { booth });
    const ids = async (status: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/voters?booth=${booth}&voter_status=${status}`, headers: as.Admin })).json<VoterList>().voters.map((row) => row.id).sort();
    expect(await ids('deceased')).toEqual([dead.id]);
    expect(await ids('shifted')).toEqual([shifted.id]);
    expect(await ids('missing')).toEqual([missing.id]);
    expect(await ids('active')).toEqual([active.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/voters?voter_status=lost`, headers: as.Admin })).statusCode).toBe(400);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/voters/${missing.id}`, headers: as.Admin })).json<Voter>();
    expect(shown).toMatchObject({ is_missing: true, is_dead: false, present_in_city: true, support_level: null, last_contact_at: null });
  });

  it('should let the voter form mark a voter missing when a worker edits them', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const response = await t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: as.Karyakarta, payload: { is_missing: true, version: voter.version } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Voter>()).toMatchObject({ is_missing: true, version: voter.version + 1 });
    expect(JSON.parse((await auditRows('UPDATE_VOTER', voter.id))[0]?.details ?? '{}')).toMatchObject({ fields: ['is_missing'] });
  });
});

describe('migration 023', () => {
  it('should step down and up again keeping the voters and dropping the contacts when rolled back', async () => {
    const names = Object.keys(MIGRATIONS).sort();
    const mine = names.indexOf('2026-11-24-023-contacts-support');
    const { voter } = await contactedVoter('strong_supporter');
    await migrateTo(t.ctx.db, names[mine - 1]!);
    try {
      const row = await t.ctx.db.selectFrom('voters').select(['id', 'full_name']).where('id', '=', voter.id).executeTakeFirstOrThrow();
      expect(row.full_name).toBe(voter.full_name);
    } finally {
      await migrateToLatest(t.ctx.db);
    }
    expect(await storedVoter(voter.id)).toMatchObject({ support_level: null, is_missing: 0 });
    expect(await contactsOf(voter.id)).toEqual([]);
  });
});
