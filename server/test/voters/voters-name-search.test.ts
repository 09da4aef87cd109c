import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameMatches, parseNameSearch } from '@shared/search/name-keys';
import type { ImportResult } from '@shared/voters/voter-import-schema';
import { voterInputSchema } from '@shared/voters/voter-schema';
import { migrateTo, migrateToLatest } from '../../src/db/migrate';
import { fillMissingNameTerms } from '../../src/features/voters/name-terms-fill';
import { insertVoters } from '../../src/features/voters/voters-repository';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { csvFile } from './spreadsheet-test-helpers';
import { multipart, seedVoter, voterForm } from './voter-test-helpers';

// Issue 18: names typed in Latin letters find them written in Devanagari and the reverse, with
// the spellings people type; the spelling typed is listed first (decision 021).
let t: TestApp;
type Headers = { authorization: string };
let admin: Headers;
let karyakarta: Headers;

// Oldest first: the list shows the newest first within each part.
const VOTERS: { full_name: string; booth: string; father_husband_name?: string; gender?: string }[] = [
  { full_name: 'Ganesh Vitthal Patil', booth: 'Booth-01', father_husband_name: 'Vitthal Patil', gender: 'Male' },
  { full_name: 'गणेश विठ्ठल पाटील', booth: 'Booth-01', father_husband_name: 'विठ्ठल पाटील', gender: 'Male' },
  { full_name: 'Sunita Ganesh Paatil', booth: 'Booth-02', father_husband_name: 'Ganesh Paatil', gender: 'Female' },
  { full_name: 'सुनीता रमेश पाटील', booth: 'Booth-02', father_husband_name: 'रमेश पाटील', gender: 'Female' },
  { full_name: 'Rahul Deshmukh', booth: 'Booth-01' },
  { full_name: 'राहुल देशमुख', booth: 'Booth-02' },
  { full_name: 'Anil Shinde', booth: 'Booth-01' },
  { full_name: 'अनिल शिंदे', booth: 'Booth-01' },
  { full_name: 'Vijay Chavan', booth: 'Booth-02' },
  { full_name: 'विजय चव्हाण', booth: 'Booth-01' },
  { full_name: 'Asha Kamble', booth: 'Booth-02' },
  { full_name: 'आशा कांबळे', booth: 'Booth-01' },
  { full_name: 'Imran Shaikh', booth: 'Booth-03' },
  { full_name: 'इम्रान शेख', booth: 'Booth-03' },
  { full_name: 'Kiran Pawar', booth: 'Booth-01' },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t, 'Admin')).headers;
  karyakarta = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-01'] })).headers;
  for (const voter of VOTERS) await seedVoter(t.ctx, voter);
});
afterAll(async () => {
  await t.close();
});

async function search(query: string, headers: Headers = admin): Promise<{ names: string[]; total: number; totalPages: number }> {
  const response = await t.app.inject({ method: 'GET', url: `/api/voters?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return { names: body.voters.map((voter: { full_name: string }) => voter.full_name), total: body.total, totalPages: body.totalPages };
}
const names = async (query: string, headers?: Headers) => (await search(query, headers)).names;
const q = (text: string) => encodeURIComponent(text);

describe('GET /api/voters: names across scripts', () => {
  // Issue 56: a letter typed again and again keys as that letter once, which starts thousands of
  // names ("qqqq" found 276 voters, "sss" 466): such a word is matched only as typed.
  it('should find nobody for a run of one letter, which starts no name as typed', async () => {
    for (const typo of ['qqqq', 'sss', 'kkk', 'zzzzqqq', 'पपप']) expect(await search(`search=${q(typo)}`), typo).toEqual({ names: [], total: 0, totalPages: 0 });
    // A single letter is a real start of a name and still finds by key across scripts.
    expect(await names(`search=${q('k')}`)).toEqual(expect.arrayContaining(['Kiran Pawar', 'Asha Kamble', 'आशा कांबळे']));
  });

  it('should find names written in Devanagari when searching in Latin letters, the Latin spellings first', async () => {
    expect(await search(`search=patil`)).toEqual({
      names: ['Ganesh Vitthal Patil', 'सुनीता रमेश पाटील', 'Sunita Ganesh Paatil', 'गणेश विठ्ठल पाटील'],
      total: 4,
      totalPages: 1,
    });
  });

  it('should find names written in Latin letters when searching in Devanagari, the Devanagari spellings first', async () => {
    expect(await names(`search=${q('पाटील')}`)).toEqual(['सुनीता रमेश पाटील', 'गणेश विठ्ठल पाटील', 'Sunita Ganesh Paatil', 'Ganesh Vitthal Patil']);
  });

  it('should pair each surname of the issue in both directions', async () => {
    const pairs: [string, string, string, string][] = [
      ['deshmukh', 'देशमुख', 'Rahul Deshmukh', 'राहुल देशमुख'],
      ['shinde', 'शिंदे', 'Anil Shinde', 'अनिल शिंदे'],
      ['chavan', 'चव्हाण', 'Vijay Chavan', 'विजय चव्हाण'],
      ['kamble', 'कांबळे', 'Asha Kamble', 'आशा कांबळे'],
    ];
    for (const [latin, devanagari, latinName, devanagariName] of pairs) {
      expect(await names(`search=${latin}`)).toEqual([latinName, devanagariName]);
      expect(await names(`search=${q(devanagari)}`)).toEqual([devanagariName, latinName]);
    }
  });

  it('should tolerate the spellings people type', async () => {
    for (const typed of ['paatil', 'pateel', 'PATIL']) expect((await search(`search=${typed}`)).total).toBe(4);
    expect(await names('search=desmukh')).toEqual(['राहुल देशमुख', 'Rahul Deshmukh']);
    expect(await names('search=chavhan')).toEqual(['विजय चव्हाण', 'Vijay Chavan']);
    expect(await names('search=kambale')).toEqual(['आशा कांबळे', 'Asha Kamble']);
    expect(await names('search=sheikh')).toEqual(['इम्रान शेख', 'Imran Shaikh']);
    expect(await names(`search=${q('गनेश')}`)).toEqual(['Sunita Ganesh Paatil', 'गणेश विठ्ठल पाटील', 'Ganesh Vitthal Patil']);
  });

  it('should match every typed word, in any order and from the start of a word', async () => {
    expect(await names(`search=${q('ganesh patil')}`)).toEqual(['Ganesh Vitthal Patil', 'Sunita Ganesh Paatil', 'गणेश विठ्ठल पाटील']);
    expect(await names(`search=${q('पाटील सुनीता')}`)).toEqual(['सुनीता रमेश पाटील', 'Sunita Ganesh Paatil']);
    expect(await names(`search=${q('desh')}`)).toEqual(['Rahul Deshmukh', 'राहुल देशमुख']);
    expect(await names(`search=${q('kamble pawar')}`)).toEqual([]);
  });

  it('should search the father/husband name across scripts in the search tab', async () => {
    expect(await names('father_husband_name=ramesh')).toEqual(['सुनीता रमेश पाटील']);
    expect(await names(`father_husband_name=${q('गणेश')}`)).toEqual(['Sunita Ganesh Paatil']);
    expect(await names(`father_husband_name=vitthal&search=${q('गणेश')}`)).toEqual(['गणेश विठ्ठल पाटील', 'Ganesh Vitthal Patil']);
    expect(await names('father_husband_name=patil&gender=Female')).toEqual(['सुनीता रमेश पाटील', 'Sunita Ganesh Paatil']);
  });

  it('should count exactly and page through the exact and the other matches from both ends', async () => {
    const all = await names('search=patil');
    const paged: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const onePage = await search(`search=patil&limit=1&page=${page}`);
      expect(onePage).toMatchObject({ total: 4, totalPages: 4 });
      paged.push(...onePage.names);
    }
    expect(paged).toEqual(all);
    expect(await search('search=patil&limit=3&page=2')).toEqual({ names: [all[3]], total: 4, totalPages: 2 });
    expect(await search('search=patil&limit=3&page=3')).toEqual({ names: [], total: 4, totalPages: 2 });
    // With another filter the matches are read through the voters table: the same order.
    expect(await names('search=patil&mobile_filter=without_mobile')).toEqual(all);
  });

  it('should keep a Karyakarta to their booths in the list and in the count', async () => {
    expect(await search('search=patil', karyakarta)).toEqual({ names: ['Ganesh Vitthal Patil', 'गणेश विठ्ठल पाटील'], total: 2, totalPages: 1 });
    expect(await search(`search=${q('देशमुख')}`, karyakarta)).toEqual({ names: ['Rahul Deshmukh'], total: 1, totalPages: 1 });
    expect(await search('search=patil&limit=1&page=2', karyakarta)).toEqual({ names: ['गणेश विठ्ठल पाटील'], total: 2, totalPages: 2 });
  });

  it('should keep the substring search for mobile numbers, voter IDs and text that is not a name', async () => {
    const voter = await seedVoter(t.ctx, { full_name: 'Number Test', mobile_number: '9988776655', voter_id: 'NUM1234567', booth: 'Booth-04' });
    expect(await names('search=87766')).toEqual([voter.full_name]);
    expect(await names('search=m12345')).toEqual([voter.full_name]);
    expect(await names('search=num')).toEqual([voter.full_name]);
    // PostgreSQL's vocabulary of name terms (decision 053) keeps a voter ID's word as its stem,
    // up to its first digit: one term for a whole EPIC series, and its letters still find it.
    const seriesVoter = await seedVoter(t.ctx, { full_name: 'Series Test', voter_id: 'QZV7000001', booth: 'Booth-04' });
    await seedVoter(t.ctx, { full_name: 'Series Other', voter_id: 'QZV7000002', booth: 'Booth-04' });
    if (t.ctx.dialect.name === 'postgres') {
      const { rows } = await sql<{ term: string }>`SELECT DISTINCT term FROM voter_name_vocabulary WHERE term LIKE 'qzv%' ORDER BY term`.execute(t.ctx.db);
      expect(rows.map((row) => row.term)).toEqual(['qzv7']);
    }
    expect(await search('search=qzv')).toEqual({ names: ['Series Other', seriesVoter.full_name], total: 2, totalPages: 1 });
    expect(await names('search=qzv7000001')).toEqual([seriesVoter.full_name]);
    expect(await names('search=zv700000')).toEqual(['Series Other', seriesVoter.full_name]);
  });

  it('should read a search word by word, never a name as a substring, and digits also as a mobile number or voter ID', async () => {
    // A name that holds digits (a test entry, an old import) is found by its words, digits too.
    const voter = await seedVoter(t.ctx, { full_name: 'Ward 4021 Office', father_husband_name: 'Shankar 77 Gore', mobile_number: '9123400000', voter_id: 'WRD7654321', booth: 'Booth-04' });
    expect(await names(`search=${q('Ward 4021')}`)).toEqual([voter.full_name]);
    expect(await names(`search=${q('office 40')}`)).toEqual([voter.full_name]);
    expect(await names(`search=${q('ward 4022')}`)).toEqual([]);
    // Digits alone are a mobile number or part of a voter ID, not a word of a name.
    expect(await names('search=4021')).toEqual([]);
    expect(await names('search=91234')).toEqual([voter.full_name]);
    expect(await names('search=7654')).toEqual([voter.full_name]);
    // Letters and digits: the start of a word (the voter ID is one), or part of a voter ID.
    expect(await names('search=wrd765')).toEqual([voter.full_name]);
    expect(await names('search=rd7654')).toEqual([voter.full_name]);
    expect(await names('search=office')).toEqual([voter.full_name]);
    expect(await names('search=ffice')).toEqual([]);
    // Punctuation a name cannot hold is dropped: "Kamble," finds the Kambles (a substring of
    // names found nobody before).
    expect(await search('search=Kamble%2C')).toEqual({ names: ['Asha Kamble', 'आशा कांबळे'], total: 2, totalPages: 1 });
    expect(await names(`father_husband_name=${q('Gore;')}`)).toEqual([voter.full_name]);
    expect(await names(`father_husband_name=${q('shankar 77')}`)).toEqual([voter.full_name]);
    expect(await search(`father_husband_name=77`)).toEqual({ names: [], total: 0, totalPages: 0 });
    expect(await search(`father_husband_name=${q('%_')}`)).toEqual({ names: [], total: 0, totalPages: 0 });
    // The same rules with a booth scope and another filter beside the search.
    expect(await names('search=Kamble%2C', karyakarta)).toEqual(['आशा कांबळे']);
    expect(await names('search=91234&booth=Booth-04')).toEqual([voter.full_name]);
  });
});

describe('GET /api/voters: names kept up to date', () => {
  it('should find a voter by the new name after an edit, and no longer by the old one', async () => {
    const voter = await seedVoter(t.ctx, { full_name: 'Mohan Gore', father_husband_name: 'Shankar Gore', booth: 'Booth-05' });
    expect(await names(`search=${q('गोरे')}`)).toEqual(['Mohan Gore']);
    const edited = await t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: admin, payload: { full_name: 'Mohan Jadhav', father_husband_name: 'Shankar Jadhav' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await names(`search=${q('गोरे')}`)).toEqual([]);
    expect(await names(`search=${q('जाधव')}`)).toEqual(['Mohan Jadhav']);
    expect(await names(`father_husband_name=${q('जाधव')}`)).toEqual(['Mohan Jadhav']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/voters/${voter.id}`, headers: admin })).statusCode).toBe(200);
    expect(await names(`search=${q('जाधव')}`)).toEqual([]);
    if (t.ctx.dialect.name === 'sqlite') await sql`INSERT INTO voter_names_fts(voter_names_fts) VALUES ('integrity-check')`.execute(t.ctx.db);
  });

  it('should find imported voters across scripts, new and updated', async () => {
    const file = (name: string) =>
      csvFile([
        ['Voter Number', 'Full Name', 'Voter ID', 'Father/Husband Name', 'Booth'],
        ['1', name, 'IMPNAME001', 'पांडुरंग वाघ', 'Booth-06'],
        ['2', 'Savita Wagh', 'IMPNAME002', 'Pandurang Wagh', 'Booth-06'],
      ]);
    const upload = async (data: Buffer, fields: Record<string, string> = {}) => {
      const body = multipart(fields, { field: 'file', filename: 'voters.csv', contentType: 'text/csv', data });
      const response = await t.app.inject({ method: 'POST', url: '/api/voters/import', headers: { ...admin, ...body.headers }, payload: body.payload });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ImportResult>();
    };
    expect(await upload(file('सविता पांडुरंग वाघ'))).toMatchObject({ imported: 2, errors: 0 });
    expect(await names('search=wagh')).toEqual(['Savita Wagh', 'सविता पांडुरंग वाघ']);
    expect(await names('father_husband_name=pandurang')).toEqual(['Savita Wagh', 'सविता पांडुरंग वाघ']);
    expect(await upload(file('सविता पांडुरंग मोरे'), { update_existing: 'true' })).toMatchObject({ updated: 2, errors: 0 });
    expect(await names('search=wagh')).toEqual(['Savita Wagh']);
    expect(await names('search=more')).toEqual(['सविता पांडुरंग मोरे']);
    if (t.ctx.dialect.name === 'sqlite') await sql`INSERT INTO voter_names_fts(voter_names_fts) VALUES ('integrity-check')`.execute(t.ctx.db);
  });
});

// Decision 047: on PostgreSQL a typed word is looked up as the stored terms it starts, up to 64;
// a word that starts more stays a prefix. Both must find the same voters.
describe('GET /api/voters: a typed word that starts many stored terms', () => {
  it('should find every voter whose name or voter ID starts with the word, however many terms it starts', async () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const words = Array.from({ length: 70 }, (_, index) => `Qqx${letters[Math.floor(index / 26)]}${letters[index % 26]}`);
    for (const word of words) await seedVoter(t.ctx, { full_name: `${word} Zorawar`, booth: 'Booth-04' });
    // What the rule of decision 021 finds among them, as typed or by key.
    const expected = (typed: string) => words.filter((word) => nameMatches(`${word} Zorawar`, parseNameSearch(typed)!)).length;
    expect((await search('search=qqx')).total).toBe(70);
    for (const typed of ['qqxa', 'qqxb', 'qqxac', 'zorawar qqxb', 'qqxcz']) {
      expect((await search(`search=${q(typed)}`)).total, typed).toBe(expected(typed));
    }
    expect(expected('qqxac')).toBeLessThan(70);
    expect((await names('search=qqxac'))[0]).toBe('Qqxac Zorawar');
    const seeded = await t.ctx.db
      .selectFrom('voters')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('voter_id', 'like', 'TST%')
      .where('deleted_at', 'is', null)
      .where('duplicate_of', 'is', null)
      .executeTakeFirstOrThrow();
    expect((await search('search=tst')).total).toBe(Number(seeded.count));
  });
});

// Runs last: it migrates down and up.
describe('GET /api/voters: a rare name among many voters', () => {
  // Decision 052: PostgreSQL's statistics list the name index's common terms and guess the rest;
  // a search with a word it does not know is counted first, and its few matches collected and
  // sorted instead of read newest first.
  let rare: TestApp;
  let headers: Headers;
  const FIRST = ['Ganesh', 'Sunita', 'Rahul', 'Asha', 'Vijay', 'Kiran', 'Anil', 'Priya', 'Sachin', 'Meena'];
  const SURNAMES = ['Deshmukh', 'Shinde', 'Chavan', 'Kamble', 'Pawar'];
  const exact = Array.from({ length: 2000 }, (_, n) => n).filter((n) => n % 50 === 7).reverse().map((n) => `Quorvan Dravokar ${n}`);
  const variants = Array.from({ length: 1200 }, (_, n) => n).filter((n) => n % 50 === 31).reverse().map((n) => `Quorvan Draavokar ${n}`);

  beforeAll(async () => {
    rare = await createTestApp();
    headers = (await signInAs(rare, 'Admin')).headers;
    // Oldest first: 2,000 voters, half of them Patils, the rare surname's voters among them.
    const inputs = Array.from({ length: 2000 }, (_, n) => {
      const surname = n % 2 === 0 ? 'Patil' : SURNAMES[Math.floor(n / 2) % SURNAMES.length];
      const name = n % 50 === 7 ? `Quorvan Dravokar ${n}` : n % 50 === 31 && n < 1200 ? `Quorvan Draavokar ${n}` : `${FIRST[n % 10]} ${surname}`;
      return voterInputSchema.parse(voterForm({ full_name: name, booth: `Booth-0${1 + (n % 3)}` }));
    });
    await insertVoters(rare.ctx.db, rare.ctx.dialect, inputs, { userId: 1, now: new Date().toISOString() });
    // A small table's statistics list every term; ten million voters' list only the most common
    // (their length is the statistics target's): a target of 1 lists the ten most common here.
    if (rare.ctx.dialect.name === 'postgres') await sql`ALTER INDEX voters_full_name_terms_tsv ALTER COLUMN 1 SET STATISTICS 1`.execute(rare.ctx.db);
    await sql`ANALYZE voters`.execute(rare.ctx.db);
  });
  afterAll(async () => {
    await rare.close();
  });

  it('should tell a word the statistics do not list from a common one, on PostgreSQL', async () => {
    const lookUp = rare.ctx.dialect.forNameSearches;
    if (rare.ctx.dialect.name !== 'postgres' || !lookUp) {
      expect(rare.ctx.dialect.nameMatchCountUnknown).toBeUndefined();
      return;
    }
    const searches = ['dravokar', 'patil', 'ganesh dravokar', 'pati'].map((text) => parseNameSearch(text)!);
    const bound = await lookUp(rare.ctx.db, searches);
    const unknown = searches.map((terms) => bound.nameMatchCountUnknown?.('full_name', terms, 'exact'));
    // One word it does not know is enough (the matches are at most that word's voters); a word
    // typed part-way is known by the terms it starts.
    expect(unknown).toEqual([true, false, true, false]);
  });

  it('should list a rare name exact spellings first, each part newest first, over three pages, with its total', async () => {
    expect(exact).toHaveLength(40);
    expect(variants).toHaveLength(24);
    const list = async (query: string) => {
      const response = await rare.app.inject({ method: 'GET', url: `/api/voters?${query}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      return { names: body.voters.map((voter: { full_name: string }) => voter.full_name), total: body.total };
    };
    expect(await list('search=dravokar')).toEqual({ names: exact.slice(0, 30), total: 64 });
    expect(await list('search=dravokar&page=2')).toEqual({ names: [...exact.slice(30), ...variants.slice(0, 20)], total: 64 });
    expect(await list('search=dravokar&page=3')).toEqual({ names: variants.slice(20), total: 64 });
    expect(await list('search=dravokar&page=4')).toEqual({ names: [], total: 64 });
    // The other spelling typed: its own voters first, then the first's.
    expect(await list(`search=${q('quorvan draavokar')}`)).toEqual({ names: [...variants, ...exact.slice(0, 6)], total: 64 });
    // A booth filter beside it, and a Karyakarta's booths.
    const booth1 = (name: string) => Number(name.split(' ').at(-1)) % 3 === 0;
    expect(await list('search=dravokar&booth=Booth-01')).toEqual({ names: [...exact, ...variants].filter(booth1).slice(0, 30), total: [...exact, ...variants].filter(booth1).length });
  });
});

describe('migration 020 and the key fill', () => {
  it('should fill the keys of voters saved before the migration, and find them across scripts', async () => {
    await migrateTo(t.ctx.db, '2026-11-23-018-audit-record-names');
    const now = new Date().toISOString();
    await sql`INSERT INTO voters (voter_no, full_name, voter_id, father_husband_name, booth, created_at, updated_at) VALUES ('B9-01', 'प्रकाश सोनवणे', 'OLD0000001', 'Dnyaneshwar Sonawane', 'Booth-09', ${now}, ${now})`.execute(t.ctx.db);
    await migrateToLatest(t.ctx.db);
    const missing = await t.ctx.db.selectFrom('voters').select('id').where('full_name_terms', 'is', null).execute();
    expect(missing.length).toBeGreaterThan(VOTERS.length);
    expect(await fillMissingNameTerms(t.ctx.db, t.ctx.dialect)).toBe(missing.length);
    expect(await fillMissingNameTerms(t.ctx.db, t.ctx.dialect)).toBe(0);
    expect(await names('search=sonawane')).toEqual(['प्रकाश सोनवणे']);
    expect(await names(`father_husband_name=${q('ज्ञानेश्वर')}`)).toEqual(['प्रकाश सोनवणे']);
    expect((await search('search=patil')).total).toBe(4);
    if (t.ctx.dialect.name === 'sqlite') await sql`INSERT INTO voter_names_fts(voter_names_fts) VALUES ('integrity-check')`.execute(t.ctx.db);
  });
});
