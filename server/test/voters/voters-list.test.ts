import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { voterListSchema, voterSchema } from '@shared/voters/voter-schema';
import { migrateTo, migrateToLatest } from '../../src/db/migrate';
import { purgeSoftDeletedVotersBefore } from '../../src/features/voters/voter-retention';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from './voter-test-helpers';

let t: TestApp;
type Headers = { authorization: string };
let admin: Headers;
let karyakarta: Headers;
let supervisor: Headers;
let noBooths: Headers;

// A small constituency with known answers for every filter.
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t, 'Admin')).headers;
  karyakarta = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-01'] })).headers;
  supervisor = (await signInAs(t, 'Supervisor', { booth_access: ['Booth-01', 'Booth-02'] })).headers;
  noBooths = (await signInAs(t, 'Karyakarta', { booth_access: [] })).headers;
  await seedVoter(t.ctx, { full_name: 'राहुल शिवाजी चव्हाण', voter_id: 'MHR0000001', mobile_number: '9876543210', gender: 'Male', age: 34, booth: 'Booth-01', caste: 'Banjara', political_preference: 'Congress', village: 'Arambhi', taluka: 'Digras', occupation: 'Farmer', ward_area: 'Shivaji Nagar', house_no: '12/A', father_husband_name: 'शिवाजी चव्हाण' });
  await seedVoter(t.ctx, { full_name: 'Sunita Rahul Pawar', voter_id: 'MHR0000002', mobile_number: '9123456789', gender: 'Female', age: 29, booth: 'Booth-01', caste: 'Maratha', political_preference: 'BJP', village: 'Arambhi', taluka: 'Digras', occupation: 'Homemaker', ward_area: 'Gandhi Chowk', father_husband_name: 'Rahul Pawar' });
  await seedVoter(t.ctx, { full_name: 'Asha Deshmukh', voter_id: 'XYZ1234567', gender: 'Female', age: 67, booth: 'Booth-02', caste: 'Maratha', political_preference: 'BJP', village: 'Ashta', taluka: 'Digras', occupation: 'Retired', ward_area: 'Ward 5' });
  await seedVoter(t.ctx, { full_name: 'Imran Shaikh', voter_id: 'ABC7654321', mobile_number: '9000011111', gender: 'Male', age: 45, booth: 'Booth-03', caste: 'Muslim - Sheikh', village: 'Other', taluka: 'Other', occupation: 'Business' });
  await seedVoter(t.ctx, { full_name: 'प्रिया जाधव', voter_id: 'MHR0000005', gender: 'Female', age: 18, booth: 'Booth-03', caste: 'Mahar', political_preference: 'Vanchit', occupation: 'Student' });
  await seedVoter(t.ctx, { full_name: '100% Ready_Man', voter_id: 'ODD0000006', gender: 'Other', age: 120, booth: 'Booth-04' });
});
afterAll(async () => {
  await t.close();
});

async function list(query: string, headers: Headers = admin) {
  const response = await t.app.inject({ method: 'GET', url: `/api/voters${query}`, headers });
  return response;
}
async function names(query: string, headers: Headers = admin): Promise<string[]> {
  const response = await list(query, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().voters.map((voter: { full_name: string }) => voter.full_name);
}

describe('GET /api/voters', () => {
  it('should list every voter newest first with voters, total and totalPages, 30 per page by default', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 6, totalPages: 1, page: 1, limit: 30 });
    expect(body.voters[0].full_name).toBe('100% Ready_Man');
    expect(body.voters[5].full_name).toBe('राहुल शिवाजी चव्हाण');
    expect(body.voters[0]._id).toBe(body.voters[0].id);
  });

  // The page is written without its zod schema (plugins/plain-json-serializer.ts): its shape is held here.
  it('should answer exactly the declared fields of each voter when a page is listed', async () => {
    const response = await list('?limit=3');
    expect(response.statusCode).toBe(200);
    const strictList = voterListSchema.extend({ voters: z.array(voterSchema.strict()) }).strict();
    const body = strictList.parse(response.json());
    expect(body.voters).toHaveLength(3);
    expect(Object.keys(body.voters[0]!).sort()).toEqual(Object.keys(voterSchema.shape).sort());
  });

  it('should answer 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/voters' })).statusCode).toBe(401);
  });

  // A name is found from the start of any of its words, in either script (decision 021).
  it('should find a name from the start of its words in any letter case, the spelling typed first', async () => {
    expect(await names('?search=rahul')).toEqual(['Sunita Rahul Pawar', 'राहुल शिवाजी चव्हाण']);
    expect(await names('?search=DESHM')).toEqual(['Asha Deshmukh']);
    expect(await names('?search=sunita%20ra')).toEqual(['Sunita Rahul Pawar']);
    expect(await names('?search=pawar%20sun')).toEqual(['Sunita Rahul Pawar']);
    expect(await names('?search=nita%20ra')).toEqual([]);
  });

  it('should find a Devanagari substring of a name', async () => {
    expect(await names(`?search=${encodeURIComponent('शिवाजी च')}`)).toEqual(['राहुल शिवाजी चव्हाण']);
    expect(await names(`?search=${encodeURIComponent('जाध')}`)).toEqual(['प्रिया जाधव']);
    expect(await names(`?search=${encodeURIComponent('प्रि')}`)).toEqual(['प्रिया जाधव']);
  });

  it('should find a full or partial mobile number, with or without +91', async () => {
    expect(await names('?search=9876543210')).toEqual(['राहुल शिवाजी चव्हाण']);
    expect(await names('?search=%2B91%209876543210')).toEqual(['राहुल शिवाजी चव्हाण']);
    expect(await names('?search=45678')).toEqual(['Sunita Rahul Pawar']);
    expect(await names('?search=0011')).toEqual(['Imran Shaikh']);
  });

  it('should find a voter ID, whole or in part, in any letter case', async () => {
    expect(await names('?search=xyz1234567')).toEqual(['Asha Deshmukh']);
    expect(await names('?search=c765')).toEqual(['Imran Shaikh']);
    expect(await names('?search=MHR00000').then((found) => found.length)).toBe(3);
  });

  it('should match one- and two-character searches and treat % and _ as plain characters', async () => {
    expect(await names('?search=Im')).toEqual(['Imran Shaikh']);
    // Wildcards would list everyone, or the number below.
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?search=_')).toEqual([]);
    expect(await names('?search=9876543')).toEqual(['राहुल शिवाजी चव्हाण']);
    expect(await names('?search=98%2532')).toEqual([]);
    expect(await names('?search=987_543')).toEqual([]);
    // Names are matched by their words: the % and _ around them are not part of any.
    expect(await names('?search=Ready_Man')).toEqual(['100% Ready_Man']);
    expect(await names('?search=y_M')).toEqual([]);
    expect(await names('?search=zzqq')).toEqual([]);
  });

  it('should page through a search holding digits newest first, by voter ID or by mobile number', async () => {
    // "MHR000000" is part of three voter IDs; "9" of every mobile number and voter ID holding one.
    const pages = async (search: string) => {
      const seen: string[] = [];
      for (let page = 1; ; page += 1) {
        const body = (await list(`?search=${search}&limit=2&page=${page}`)).json();
        seen.push(...body.voters.map((voter: { full_name: string }) => voter.full_name));
        if (page >= body.totalPages) return { seen, total: body.total };
      }
    };
    expect(await pages('MHR000000')).toEqual({ seen: ['प्रिया जाधव', 'Sunita Rahul Pawar', 'राहुल शिवाजी चव्हाण'], total: 3 });
    expect(await pages('9')).toEqual({ seen: ['Imran Shaikh', 'Sunita Rahul Pawar', 'राहुल शिवाजी चव्हाण'], total: 3 });
    expect((await list('?search=MHR000000&limit=2&page=3')).json()).toMatchObject({ voters: [], total: 3, totalPages: 2 });
  });

  it('should filter by each exact-match field', async () => {
    expect(await names('?gender=Female')).toEqual(['प्रिया जाधव', 'Asha Deshmukh', 'Sunita Rahul Pawar']);
    expect(await names('?caste=Maratha')).toEqual(['Asha Deshmukh', 'Sunita Rahul Pawar']);
    expect(await names('?booth=Booth-03')).toEqual(['प्रिया जाधव', 'Imran Shaikh']);
    expect(await names('?village=Arambhi')).toEqual(['Sunita Rahul Pawar', 'राहुल शिवाजी चव्हाण']);
    expect(await names('?taluka=Other')).toEqual(['Imran Shaikh']);
    expect(await names('?political_preference=BJP')).toEqual(['Asha Deshmukh', 'Sunita Rahul Pawar']);
    expect(await names('?occupation=Student')).toEqual(['प्रिया जाधव']);
  });

  it('should filter by area or house number as substrings, and by father/husband name from the start of its words', async () => {
    expect(await names('?area=shivaji')).toEqual(['राहुल शिवाजी चव्हाण']);
    expect(await names('?area=12%2FA')).toEqual(['राहुल शिवाजी चव्हाण']);
    expect(await names('?area=Ward')).toEqual(['Asha Deshmukh']);
    expect(await names('?father_husband_name=rahul')).toEqual(['Sunita Rahul Pawar']);
    expect(await names(`?father_husband_name=${encodeURIComponent('शिवाजी')}`)).toEqual(['राहुल शिवाजी चव्हाण']);
  });

  it('should filter by mobile status', async () => {
    expect(await names('?mobile_filter=with_mobile')).toEqual(['Imran Shaikh', 'Sunita Rahul Pawar', 'राहुल शिवाजी चव्हाण']);
    expect(await names('?mobile_filter=without_mobile')).toEqual(['100% Ready_Man', 'प्रिया जाधव', 'Asha Deshmukh']);
  });

  it('should filter by age range, both ends included', async () => {
    expect(await names('?age_min=45')).toEqual(['100% Ready_Man', 'Imran Shaikh', 'Asha Deshmukh']);
    expect(await names('?age_max=29')).toEqual(['प्रिया जाधव', 'Sunita Rahul Pawar']);
    expect(await names('?age_min=29&age_max=45')).toEqual(['Imran Shaikh', 'Sunita Rahul Pawar', 'राहुल शिवाजी चव्हाण']);
  });

  it('should combine filters and ignore empty parameters', async () => {
    expect(await names('?gender=Female&caste=Maratha&booth=Booth-01&search=&area=')).toEqual(['Sunita Rahul Pawar']);
    expect(await names('?search=rahul&political_preference=BJP&mobile_filter=with_mobile')).toEqual(['Sunita Rahul Pawar']);
  });

  it('should answer 400 naming the parameter when a filter is invalid', async () => {
    const cases: [string, string, string][] = [
      ['?gender=Robot', 'gender', 'Choose Male, Female or Other'],
      ['?mobile_filter=maybe', 'mobile_filter', 'Mobile filter must be with_mobile or without_mobile'],
      ['?age_min=abc', 'age_min', 'Minimum age must be a number'],
      ['?age_min=50&age_max=40', 'age_max', 'Maximum age must not be less than minimum age'],
      ['?page=0', 'page', 'Page must be 1 or more'],
      ['?limit=101', 'limit', 'Limit must be 100 or less'],
      ['?booth=Booth-999', 'booth', 'Choose a booth from the list'],
    ];
    for (const [query, field, message] of cases) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields[field], query).toBe(message);
    }
  });
});

describe('GET /api/voters paging', () => {
  it('should split into pages with the right totalPages, including a short last page and a page past the end', async () => {
    const pageOne = (await list('?limit=4&page=1')).json();
    expect(pageOne).toMatchObject({ total: 6, totalPages: 2, page: 1, limit: 4 });
    expect(pageOne.voters).toHaveLength(4);
    const pageTwo = (await list('?limit=4&page=2')).json();
    expect(pageTwo.voters.map((voter: { full_name: string }) => voter.full_name)).toEqual(['Sunita Rahul Pawar', 'राहुल शिवाजी चव्हाण']);
    const ids = [...pageOne.voters, ...pageTwo.voters].map((voter: { id: number }) => voter.id);
    expect(new Set(ids).size).toBe(6);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const past = (await list('?limit=4&page=3')).json();
    expect(past).toMatchObject({ voters: [], total: 6, totalPages: 2 });
  });

  it('should read pages from the far end in the same order as from the front', async () => {
    const all = (await list('?limit=100')).json().voters.map((voter: { id: number }) => voter.id);
    for (let page = 1; page <= 6; page += 1) {
      const one = (await list(`?limit=1&page=${page}`)).json();
      expect(one.voters.map((voter: { id: number }) => voter.id)).toEqual([all[page - 1]]);
      expect(one.totalPages).toBe(6);
    }
    const lastOfThree = (await list('?limit=5&page=2')).json();
    expect(lastOfThree.voters.map((voter: { id: number }) => voter.id)).toEqual([all[5]]);
  });

  it('should answer totalPages 0 and no voters when nothing matches', async () => {
    expect((await list('?search=nobody-at-all')).json()).toMatchObject({ voters: [], total: 0, totalPages: 0 });
  });
});

describe('GET /api/voters booth scoping', () => {
  it('should show and count only the booths of a Karyakarta or Supervisor', async () => {
    const own = (await list('', karyakarta)).json();
    expect(own.total).toBe(2);
    expect(own.voters.every((voter: { booth: string }) => voter.booth === 'Booth-01')).toBe(true);
    expect((await list('', supervisor)).json().total).toBe(3);
    expect((await list('?search=deshmukh', karyakarta)).json().total).toBe(0);
    expect((await list('?gender=Female', supervisor)).json().total).toBe(2);
  });

  it('should refuse with 403 a booth filter outside the user\'s booths', async () => {
    const response = await list('?booth=Booth-03', karyakarta);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You do not have access to Booth-03');
    expect((await list('?booth=Booth-01', karyakarta)).json().total).toBe(2);
  });

  it('should show nothing to a field user without booths', async () => {
    expect((await list('', noBooths)).json()).toMatchObject({ voters: [], total: 0 });
  });
});

// Runs last: it deletes voters.
describe('GET /api/voters search and deleted voters', () => {
  const searchIndexIsSound = async () => {
    if (t.ctx.dialect.name === 'sqlite') await sql`INSERT INTO voters_fts(voters_fts) VALUES ('integrity-check')`.execute(t.ctx.db);
  };
  const remove = async (id: number) => expect((await t.app.inject({ method: 'DELETE', url: `/api/voters/${id}`, headers: admin })).statusCode).toBe(200);

  it('should count and page a search from both ends, and leave deleted voters out of both', async () => {
    const seeded = [];
    for (let index = 1; index <= 7; index += 1) seeded.push(await seedVoter(t.ctx, { full_name: `Kalamkar Test ${index}`, booth: 'Booth-05' }));
    const newestFirst = seeded.map((voter) => voter.id).reverse();
    const ids = async (query: string) => (await list(query)).json().voters.map((voter: { id: number }) => voter.id);
    expect((await list('?search=kalamkar')).json()).toMatchObject({ total: 7, totalPages: 1 });
    expect([...(await ids('?search=KALAMKAR&limit=3&page=1')), ...(await ids('?search=kalamkar&limit=3&page=2')), ...(await ids('?search=kalamkar&limit=3&page=3'))]).toEqual(newestFirst);

    await remove(newestFirst[0]!);
    await remove(newestFirst[3]!);
    const live = newestFirst.filter((_, index) => index !== 0 && index !== 3);
    expect((await list('?search=kalamkar&limit=2')).json()).toMatchObject({ total: 5, totalPages: 3 });
    expect([...(await ids('?search=kalamkar&limit=2&page=1')), ...(await ids('?search=kalamkar&limit=2&page=2')), ...(await ids('?search=kalamkar&limit=2&page=3'))]).toEqual(live);
    // With another filter the search is joined to the voters table: the same answer.
    expect(await ids('?search=kalamkar&booth=Booth-05')).toEqual(live);
    await searchIndexIsSound();

    // A renamed voter leaves the search; a purge of deleted voters keeps the index sound.
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/voters/${live[0]}`, headers: admin, payload: { full_name: 'Renamed Test' } });
    expect(renamed.statusCode).toBe(200);
    expect((await list('?search=kalamkar')).json().total).toBe(4);
    expect(await purgeSoftDeletedVotersBefore(t.ctx.db, '9999-12-31', undefined)).toBeGreaterThanOrEqual(2);
    await searchIndexIsSound();
    expect(await ids('?search=kalamkar')).toEqual(live.slice(1));
  });

  it('should take deleted voters out of the search index when migrating, and put them back going down', async () => {
    if (t.ctx.dialect.name !== 'sqlite') return expect(t.ctx.dialect.name).toBe('postgres');
    const voter = await seedVoter(t.ctx, { full_name: 'Migrated Deleted Voter' });
    await remove(voter.id);
    const indexed = async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM voters_fts WHERE voters_fts MATCH '"Migrated Deleted"'`.execute(t.ctx.db)).rows[0]?.n);
    expect(await indexed()).toBe(0);
    expect((await list('?search=migrated%20deleted')).json().total).toBe(0);
    for (let round = 0; round < 2; round += 1) {
      await migrateTo(t.ctx.db, '2026-11-22-010-deferred-indexes');
      expect(await indexed()).toBe(1);
      await searchIndexIsSound();
      await migrateToLatest(t.ctx.db);
      expect(await indexed()).toBe(0);
      await searchIndexIsSound();
    }
  });
});
