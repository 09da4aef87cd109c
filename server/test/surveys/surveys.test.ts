import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLES, ROLES, type Role } from '@shared/auth/roles';
import type { MySurveys, SavedResponses, Survey, SurveyList, SurveyResults, VoterSurveys } from '@shared/surveys/survey-schema';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';
import { seedHousehold } from '../households/household-test-helpers';
import { readWorkbook, sheetRows } from '../voters/spreadsheet-test-helpers';

// Surveys (issue 61, docs/decisions/087-surveys.md): every route, each role allowed and refused,
// booth scope, bad input, conditional questions, closed surveys, the outbox's replay and 409.

let t: TestApp;
type Headers = { authorization: string };
const as = {} as Record<Role, Headers>;
let otherKaryakarta: Headers;

beforeAll(async () => {
  t = await createTestApp();
  as['Super Admin'] = (await signInAs(t, 'Super Admin')).headers;
  as.Admin = (await signInAs(t, 'Admin', { full_name: 'Office Desk' })).headers;
  as.Supervisor = (await signInAs(t, 'Supervisor', { booth_access: ['Booth-01', 'Booth-02'] })).headers;
  as.Karyakarta = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-01'], full_name: 'Rahul Chavan' })).headers;
  otherKaryakarta = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-07'] })).headers;
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/surveys';
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, payload?: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const yesNo = [
  { key: 'yes', text: { en: 'Yes', mr: 'हो' } },
  { key: 'no', text: { en: 'No', mr: 'नाही' } },
];
// Tap water? If not, how many days a week does the tanker come (required then)? Main issues
// (several), a rating, a short note.
function surveyBody(overrides: Record<string, unknown> = {}) {
  return {
    title: { en: 'Water survey', mr: 'पाणी सर्वेक्षण' },
    description: { en: 'Ask at the door' },
    language: 'en',
    unit: 'voter',
    targets: [{ booth: 'Booth-01' }, { booth: 'Booth-02' }],
    questions: [
      { key: 'tap', kind: 'single', text: { en: 'Tap water at home?', mr: 'घरी नळाचे पाणी?' }, required: true, options: yesNo },
      { key: 'tanker', kind: 'number', text: { en: 'Tanker days a week' }, required: true, min: 0, max: 7, condition: { question: 'tap', option: 'no' } },
      { key: 'issues', kind: 'multiple', text: { en: 'Main issues' }, options: [{ key: 'water', text: { en: 'Water' } }, { key: 'roads', text: { en: 'Roads' } }, { key: 'jobs', text: { en: 'Jobs' } }] },
      { key: 'mood', kind: 'rating', text: { en: 'Happy with the corporator?' } },
      { key: 'note', kind: 'text', text: { en: 'Anything else' } },
    ],
    ...overrides,
  };
}

async function createSurvey(overrides: Record<string, unknown> = {}): Promise<Survey> {
  const response = await inject('POST', URL, as.Admin, surveyBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Survey>();
}

async function openSurvey(overrides: Record<string, unknown> = {}): Promise<Survey> {
  const survey = await createSurvey(overrides);
  const response = await inject('POST', `${URL}/${survey.id}/state`, as.Admin, { state: 'open', version: survey.version });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Survey>();
}

const answer = (headers: Headers, surveyId: number, payload: unknown, key?: string) => inject('POST', `${URL}/${surveyId}/responses`, headers, payload, key ? { 'idempotency-key': key } : {});
const audits = (action: string, surveyId: number) => t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('record_id', '=', String(surveyId)).orderBy('id').execute();
const responseRows = (surveyId: number) => t.ctx.db.selectFrom('survey_responses').selectAll().where('survey_id', '=', surveyId).orderBy('voter_id').execute();

describe('POST /api/surveys', () => {
  for (const role of ADMIN_ROLES) {
    it(`should save a draft with its booths and an audit row when a ${role} writes it`, async () => {
      const response = await inject('POST', URL, as[role], surveyBody());
      expect(response.statusCode, response.body).toBe(201);
      const survey = response.json<Survey>();
      expect(survey).toMatchObject({
        state: 'draft',
        unit: 'voter',
        language: 'en',
        title: { en: 'Water survey', mr: 'पाणी सर्वेक्षण' },
        targets: [
          { booth: 'Booth-01', pages: null },
          { booth: 'Booth-02', pages: null },
        ],
        response_count: 0,
        version: 1,
      });
      expect(survey.questions[0]).toEqual({ key: 'tap', kind: 'single', text: { en: 'Tap water at home?', mr: 'घरी नळाचे पाणी?' }, required: true, options: yesNo, min: null, max: null, condition: null });
      expect(survey.questions[1]).toMatchObject({ options: [], min: 0, max: 7, condition: { question: 'tap', option: 'no' } });
      const rows = await audits('CREATE_SURVEY', survey.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.record_name).toBe('Water survey');
    });
  }

  it('should answer 400 naming the fields when texts, kinds, keys or conditions are wrong', async () => {
    const before = await t.ctx.db.selectFrom('surveys').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const bad = await inject(
      'POST',
      URL,
      as.Admin,
      surveyBody({
        language: 'mr',
        unit: 'street',
        targets: [{ booth: 'Booth-01' }, { booth: 'Booth-01' }, { booth: 'Booth-999' }],
        questions: [
          { key: 'later', kind: 'text', text: { mr: 'x' }, condition: { question: 'tap', option: 'no' } },
          { key: 'tap', kind: 'single', text: { en: 'English only' }, options: [{ key: 'yes', text: { mr: 'हो' } }] },
          { key: 'tap', kind: 'poll', text: { mr: 'x' } },
        ],
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      unit: 'Choose voter or household',
      'targets.2.booth': 'Choose booths from the list',
      'questions.2.kind': 'Choose one choice, several choices, number, short text or rating',
    });
    const conditional = await inject('POST', URL, as.Admin, surveyBody({ language: 'mr', title: { mr: 'पाणी' }, targets: [{ booth: 'Booth-01' }, { booth: 'Booth-01' }], questions: [{ key: 'later', kind: 'text', text: { mr: 'x' }, condition: { question: 'tap', option: 'no' } }, { key: 'tap', kind: 'single', text: { en: 'English only' }, options: [{ key: 'yes', text: { mr: 'हो' } }] }] }));
    expect(conditional.statusCode).toBe(400);
    expect(conditional.json().fields).toEqual({
      // The description is written in English only, the survey in Marathi.
      'description.mr': 'Write this text in the survey’s own language',
      'questions.0.condition': 'Show this question after an earlier choice question and one of its options',
      'questions.1.text.mr': 'Write this text in the survey’s own language',
      'questions.1.options': 'A choice question needs 2 to 20 options',
      'targets.1.booth': 'Name each booth once',
    });
    expect((await inject('POST', URL, as.Admin, surveyBody({ questions: [] }))).json().fields).toEqual({ questions: 'Add at least one question' });
    const after = await t.ctx.db.selectFrom('surveys').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should refuse a ${role} with 403 when they write a survey`, async () => {
      expect((await inject('POST', URL, as[role], surveyBody())).statusCode).toBe(403);
    });
  }

  it('should answer 401 when signed out', async () => {
    expect((await inject('POST', URL, undefined, surveyBody())).statusCode).toBe(401);
  });
});

describe('GET /api/surveys and GET /api/surveys/:id', () => {
  it('should show a field user only the opened surveys of their booths when they list or open them', async () => {
    const draft = await createSurvey({ title: { en: 'Draft only' } });
    const open = await openSurvey({ title: { en: 'Open here' } });
    const elsewhere = await openSurvey({ title: { en: 'Open elsewhere' }, targets: [{ booth: 'Booth-07' }] });
    const ids = async (headers: Headers) => (await inject('GET', `${URL}?limit=100`, headers)).json<SurveyList>().items.map((item) => item.id);
    expect(await ids(as.Admin)).toEqual(expect.arrayContaining([draft.id, open.id, elsewhere.id]));
    const mine = await ids(as.Karyakarta);
    expect(mine).toContain(open.id);
    expect(mine).not.toContain(draft.id);
    expect(mine).not.toContain(elsewhere.id);
    expect((await inject('GET', `${URL}/${draft.id}`, as.Karyakarta)).statusCode).toBe(404);
    expect((await inject('GET', `${URL}/${elsewhere.id}`, as.Karyakarta)).statusCode).toBe(404);
    expect((await inject('GET', `${URL}/${elsewhere.id}`, otherKaryakarta)).statusCode).toBe(200);
    expect((await inject('GET', `${URL}?state=open&limit=100`, as.Admin)).json<SurveyList>().items.every((item) => item.state === 'open')).toBe(true);
  });

  it('should answer 400 for a bad filter or id and 401 when signed out', async () => {
    expect((await inject('GET', `${URL}?state=done`, as.Admin)).json()).toMatchObject({ message: 'Choose draft, open or closed' });
    expect((await inject('GET', `${URL}/abc`, as.Admin)).statusCode).toBe(400);
    expect((await inject('GET', URL)).statusCode).toBe(401);
  });
});

describe('PUT /api/surveys/:id', () => {
  it('should save the edit and raise the version when the version is current, and answer 409 with the survey when it is stale', async () => {
    const survey = await createSurvey();
    const edited = await inject('PUT', `${URL}/${survey.id}`, as.Admin, { ...surveyBody({ title: { en: 'Water and roads' } }), version: survey.version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Survey>()).toMatchObject({ title: { en: 'Water and roads' }, version: 2 });
    const stale = await inject('PUT', `${URL}/${survey.id}`, as.Admin, { ...surveyBody({ title: { en: 'Late' } }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'Someone else changed this survey first. Reload and try again.', current: { id: survey.id, version: 2, title: { en: 'Water and roads' } } });
    expect(JSON.parse((await audits('UPDATE_SURVEY', survey.id))[0]?.details ?? '{}')).toEqual({ changed: ['title'], version: 2 });
  });

  it('should keep the questions once the survey has answers, yet take a translation', async () => {
    const survey = await openSurvey();
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    expect((await answer(as.Admin, survey.id, { voters: [{ id: voter.id }], answers: { tap: 'yes' } })).statusCode).toBe(200);
    const body = surveyBody();
    const moreQuestions = { ...body, questions: [...body.questions, { key: 'extra', kind: 'text', text: { en: 'Extra' } }], version: survey.version };
    const refused = await inject('PUT', `${URL}/${survey.id}`, as.Admin, moreQuestions);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'The questions cannot change once the survey has answers' });
    const translated = { ...body, questions: body.questions.map((question) => (question.key === 'mood' ? { ...question, text: { en: 'Happy with the corporator?', mr: 'नगरसेवकावर समाधानी?' } } : question)), version: survey.version };
    const saved = await inject('PUT', `${URL}/${survey.id}`, as.Admin, translated);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Survey>().questions[3]?.text).toEqual({ en: 'Happy with the corporator?', mr: 'नगरसेवकावर समाधानी?' });
  });

  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should refuse a ${role} with 403 when they edit`, async () => {
      const survey = await createSurvey();
      expect((await inject('PUT', `${URL}/${survey.id}`, as[role], { ...surveyBody(), version: 1 })).statusCode).toBe(403);
    });
  }
});

describe('POST /api/surveys/:id/state', () => {
  it('should open a draft, close it and open it again with an audit row each, and refuse other moves', async () => {
    const survey = await createSurvey();
    expect((await inject('POST', `${URL}/${survey.id}/state`, as.Admin, { state: 'closed', version: 1 })).json()).toMatchObject({ message: 'A survey moves from draft to open, from open to closed, or from closed to open again' });
    const opened = await inject('POST', `${URL}/${survey.id}/state`, as['Super Admin'], { state: 'open', version: 1 });
    expect(opened.json<Survey>()).toMatchObject({ state: 'open', version: 2 });
    expect(opened.json<Survey>().opened_at).not.toBeNull();
    expect((await inject('POST', `${URL}/${survey.id}/state`, as.Admin, { state: 'closed', version: 1 })).statusCode).toBe(409);
    const closed = await inject('POST', `${URL}/${survey.id}/state`, as.Admin, { state: 'closed', version: 2 });
    expect(closed.json<Survey>()).toMatchObject({ state: 'closed', version: 3 });
    expect((await inject('POST', `${URL}/${survey.id}/state`, as.Admin, { state: 'open', version: 3 })).json<Survey>().state).toBe('open');
    expect(await audits('OPEN_SURVEY', survey.id)).toHaveLength(2);
    expect(JSON.parse((await audits('CLOSE_SURVEY', survey.id))[0]?.details ?? '{}')).toEqual({ from: 'open', to: 'closed', version: 3 });
  });

  it('should refuse to open a survey asked in no booth', async () => {
    const survey = await createSurvey({ targets: [] });
    const response = await inject('POST', `${URL}/${survey.id}/state`, as.Admin, { state: 'open' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Choose the booths the survey is asked in before opening it', fields: { targets: 'Choose the booths the survey is asked in before opening it' } });
  });

  it('should refuse field roles and bad states', async () => {
    const survey = await createSurvey();
    expect((await inject('POST', `${URL}/${survey.id}/state`, as.Supervisor, { state: 'open' })).statusCode).toBe(403);
    expect((await inject('POST', `${URL}/${survey.id}/state`, as.Admin, { state: 'draft' })).json().fields).toEqual({ state: 'Choose open or closed' });
  });
});

describe('DELETE /api/surveys/:id', () => {
  it('should delete a survey without answers and keep one with answers', async () => {
    const empty = await createSurvey();
    expect((await inject('DELETE', `${URL}/${empty.id}?version=1`, as.Admin)).json()).toEqual({ message: 'Survey deleted' });
    expect(await t.ctx.db.selectFrom('surveys').select('id').where('id', '=', empty.id).execute()).toEqual([]);
    expect(await audits('DELETE_SURVEY', empty.id)).toHaveLength(1);
    const answered = await openSurvey();
    const voter = await seedVoter(t.ctx, { booth: 'Booth-02' });
    expect((await answer(as.Admin, answered.id, { voters: [{ id: voter.id }], answers: { tap: 'yes' } })).statusCode).toBe(200);
    const refused = await inject('DELETE', `${URL}/${answered.id}`, as.Admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'A survey with answers cannot be deleted; close it instead' });
    expect((await inject('DELETE', `${URL}/${answered.id}`, as.Karyakarta)).statusCode).toBe(403);
  });
});

describe('POST /api/surveys/:id/responses', () => {
  it.each(ROLES)('should save the answers at version 1 with an audit row when a %s answers for a voter of their booths', async (role) => {
    const survey = await openSurvey();
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01', full_name: 'Sunita Kale' });
    const response = await answer(as[role], survey.id, { voters: [{ id: voter.id, version: null }], answers: { tap: 'no', tanker: 2, issues: ['water', 'roads'], mood: 3, note: '  Tanker late ' } });
    expect(response.statusCode, response.body).toBe(200);
    const [saved] = response.json<SavedResponses>().responses;
    expect(saved).toMatchObject({ survey_id: survey.id, voter_id: voter.id, household_key: null, answers: { tap: 'no', tanker: 2, issues: ['water', 'roads'], mood: 3, note: 'Tanker late' }, version: 1 });
    const rows = await audits('ANSWER_SURVEY', survey.id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.details ?? '{}')).toEqual({ voters: [voter.id], household: false, created: 1, updated: 0, answered: 5 });
    const values = await t.ctx.db.selectFrom('survey_answer_values').select(['question_key', 'value', 'number']).where('response_id', '=', saved!.id).orderBy('question_key').orderBy('value').execute();
    expect(values).toEqual([
      { question_key: 'issues', value: 'roads', number: null },
      { question_key: 'issues', value: 'water', number: null },
      { question_key: 'mood', value: '3', number: 3 },
      { question_key: 'note', value: '', number: null },
      { question_key: 'tanker', value: '2', number: 2 },
      { question_key: 'tap', value: 'no', number: null },
    ]);
  });

  it('should keep a household answer for each member, marked with the household, when the survey is asked of households', async () => {
    const survey = await openSurvey({ unit: 'household' });
    const household = await seedHousehold(t, { booth: 'Booth-01', members: 3, status: 'confirmed' });
    const response = await answer(as.Karyakarta, survey.id, { voters: household.memberIds.map((id) => ({ id, version: null })), answers: { tap: 'yes' } });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await responseRows(survey.id);
    expect(rows.map((row) => [row.voter_id, row.household_key, row.answers])).toEqual(household.memberIds.map((id) => [id, `h${household.id}`, '{"tap":"yes"}']));
    // Voters of one house with no household record: by booth and house number.
    const a = await seedVoter(t.ctx, { booth: 'Booth-02', house_no: '12/A' });
    const b = await seedVoter(t.ctx, { booth: 'Booth-02', house_no: '12/A' });
    const house = await answer(as.Supervisor, survey.id, { voters: [{ id: a.id }, { id: b.id }], answers: { tap: 'no', tanker: 1 } });
    expect(house.json<SavedResponses>().responses.map((saved) => saved.household_key)).toEqual(['bBooth-02/12/A', 'bBooth-02/12/A']);
    // Two houses at once, or a voter twice: refused, nothing written.
    const c = await seedVoter(t.ctx, { booth: 'Booth-02', house_no: '13' });
    const mixed = await answer(as.Supervisor, survey.id, { voters: [{ id: a.id }, { id: c.id }], answers: { tap: 'yes' } });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe('Answer for the members of one household: the same household record, or the same booth and house number');
    expect((await answer(as.Supervisor, survey.id, { voters: [{ id: a.id }, { id: a.id }], answers: { tap: 'yes' } })).json().message).toBe('Name each voter once');
    expect((await responseRows(survey.id)).filter((row) => row.voter_id === c.id)).toEqual([]);
  });

  it('should refuse several voters at once when the survey is asked of each voter', async () => {
    const survey = await openSurvey();
    const a = await seedVoter(t.ctx, { booth: 'Booth-01', house_no: '7' });
    const b = await seedVoter(t.ctx, { booth: 'Booth-01', house_no: '7' });
    const response = await answer(as.Admin, survey.id, { voters: [{ id: a.id }, { id: b.id }], answers: { tap: 'yes' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This survey is asked of each voter: answer for one voter at a time');
  });

  it('should answer 404 when the voter or the survey is outside the user booths', async () => {
    const survey = await openSurvey();
    const elsewhere = await seedVoter(t.ctx, { booth: 'Booth-02' });
    const refused = await answer(as.Karyakarta, survey.id, { voters: [{ id: elsewhere.id }], answers: { tap: 'yes' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Voter not found' });
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    expect((await answer(otherKaryakarta, survey.id, { voters: [{ id: voter.id }], answers: { tap: 'yes' } })).json()).toEqual({ message: 'Survey not found' });
    expect(await responseRows(survey.id)).toEqual([]);
  });

  it('should refuse a voter outside the survey booths or roll pages', async () => {
    // Pages 2 to 3 of Booth-01 at the default 30 voters a page: serials 31 to 90.
    const survey = await openSurvey({ targets: [{ booth: 'Booth-01', pages: { from: 2, to: 3 } }] });
    const onPage = await seedVoter(t.ctx, { booth: 'Booth-01', part_serial: 45 });
    const offPage = await seedVoter(t.ctx, { booth: 'Booth-01', part_serial: 12 });
    const notAsked = await seedVoter(t.ctx, { booth: 'Booth-02' });
    expect((await answer(as.Supervisor, survey.id, { voters: [{ id: onPage.id }], answers: { tap: 'yes' } })).statusCode).toBe(200);
    for (const voter of [offPage, notAsked]) {
      const response = await answer(as.Supervisor, survey.id, { voters: [{ id: voter.id }], answers: { tap: 'yes' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('This survey is not asked in this voter’s booth or roll page');
    }
  });

  it('should answer 400 naming each question when a conditional question is answered while hidden or left out while shown', async () => {
    const survey = await openSurvey();
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const hidden = await answer(as.Karyakarta, survey.id, { voters: [{ id: voter.id }], answers: { tap: 'yes', tanker: 3, mood: 7, issues: ['water', 'parks'], other: 'x' } });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().fields).toEqual({
      'answers.tanker': 'This question is not asked after the answer given above',
      'answers.mood': 'Choose a rating from 1 to 5',
      'answers.issues': 'Choose options from the list',
      'answers.other': 'This survey has no such question',
    });
    const missing = await answer(as.Karyakarta, survey.id, { voters: [{ id: voter.id }], answers: { tap: 'no' } });
    expect(missing.json()).toEqual({ message: 'Answer this question', fields: { 'answers.tanker': 'Answer this question' } });
    expect((await answer(as.Karyakarta, survey.id, { voters: [{ id: voter.id }], answers: { tap: 'no', tanker: 9 } })).json().fields).toEqual({ 'answers.tanker': 'Enter a whole number from 0 to 7' });
    expect((await answer(as.Karyakarta, survey.id, { voters: [], answers: {} })).json().fields).toMatchObject({ voters: 'Choose the voters the answers are for' });
    expect((await answer(as.Karyakarta, survey.id, { voters: [{ id: voter.id }], answers: 'yes' })).statusCode).toBe(400);
    expect(await responseRows(survey.id)).toEqual([]);
  });

  it('should refuse answers when the survey is closed or still a draft', async () => {
    const survey = await openSurvey();
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    expect((await inject('POST', `${URL}/${survey.id}/state`, as.Admin, { state: 'closed' })).statusCode).toBe(200);
    const closed = await answer(as.Karyakarta, survey.id, { voters: [{ id: voter.id }], answers: { tap: 'yes' } });
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toEqual({ message: 'This survey is not open: it takes no answers' });
    const draft = await createSurvey();
    expect((await answer(as.Admin, draft.id, { voters: [{ id: voter.id }], answers: { tap: 'yes' } })).json()).toEqual({ message: 'This survey is not open: it takes no answers' });
    expect((await answer(as.Karyakarta, draft.id, { voters: [{ id: voter.id }], answers: { tap: 'yes' } })).statusCode).toBe(404);
    expect(await responseRows(survey.id)).toEqual([]);
  });

  it('should apply an answer sent again with the same Idempotency-Key once, and refuse the key with other answers', async () => {
    const survey = await openSurvey({ unit: 'household' });
    const household = await seedHousehold(t, { booth: 'Booth-01', members: 2, status: 'confirmed' });
    const payload = { voters: household.memberIds.map((id) => ({ id, version: null })), answers: { tap: 'yes', mood: 5 } };
    const key = `survey-outbox-${Date.now()}`;
    const first = await answer(as.Karyakarta, survey.id, payload, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await answer(as.Karyakarta, survey.id, payload, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await responseRows(survey.id)).map((row) => row.version)).toEqual([1, 1]);
    expect(await audits('ANSWER_SURVEY', survey.id)).toHaveLength(1);
    const other = await answer(as.Karyakarta, survey.id, { ...payload, answers: { tap: 'no', tanker: 1 } }, key);
    expect(other.statusCode).toBe(422);
    expect((await responseRows(survey.id)).map((row) => row.answers)).toEqual(['{"tap":"yes","mood":5}', '{"tap":"yes","mood":5}']);
  });

  it('should answer 409 with the current answers when the version sent is not the one stored, and save on the current one', async () => {
    const survey = await openSurvey();
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    expect((await answer(as.Supervisor, survey.id, { voters: [{ id: voter.id, version: null }], answers: { tap: 'yes' } })).statusCode).toBe(200);
    // The Karyakarta's phone saw no answer (offline) and sends its own.
    const stale = await answer(as.Karyakarta, survey.id, { voters: [{ id: voter.id, version: null }], answers: { tap: 'no', tanker: 4 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'Someone else answered this survey for these voters first. Check their answers and send yours again.',
      current: { responses: [{ voter_id: voter.id, answers: { tap: 'yes' }, version: 1 }] },
    });
    expect((await answer(as.Karyakarta, survey.id, { voters: [{ id: voter.id, version: 3 }], answers: { tap: 'no', tanker: 4 } })).statusCode).toBe(409);
    const saved = await answer(as.Karyakarta, survey.id, { voters: [{ id: voter.id, version: 1 }], answers: { tap: 'no', tanker: 4 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<SavedResponses>().responses[0]).toMatchObject({ answers: { tap: 'no', tanker: 4 }, version: 2, answered_by_name: 'Rahul Chavan' });
    const values = await t.ctx.db.selectFrom('survey_answer_values').select(['question_key', 'value']).where('response_id', '=', saved.json<SavedResponses>().responses[0]!.id).orderBy('question_key').execute();
    expect(values).toEqual([
      { question_key: 'tanker', value: '4' },
      { question_key: 'tap', value: 'no' },
    ]);
  });

  it('should save one of two first answers sent at once for a voter and answer the other 409', async () => {
    const survey = await openSurvey();
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const both = await Promise.all([
      answer(as.Karyakarta, survey.id, { voters: [{ id: voter.id, version: null }], answers: { tap: 'yes' } }),
      answer(as.Supervisor, survey.id, { voters: [{ id: voter.id, version: null }], answers: { tap: 'no', tanker: 1 } }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await responseRows(survey.id)).toHaveLength(1);
  });

  it('should answer 401 when signed out', async () => {
    const survey = await openSurvey();
    expect((await answer(undefined as unknown as Headers, survey.id, { voters: [{ id: 1 }], answers: { tap: 'yes' } })).statusCode).toBe(401);
  });
});

describe('GET /api/surveys/mine', () => {
  it('should give a field user the open surveys of their booths and the versions of the answers there', async () => {
    const open = await openSurvey({ title: { en: 'Mine open' } });
    const closed = await openSurvey({ title: { en: 'Mine closed' } });
    await inject('POST', `${URL}/${closed.id}/state`, as.Admin, { state: 'closed' });
    const elsewhere = await openSurvey({ targets: [{ booth: 'Booth-07' }] });
    const here = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const there = await seedVoter(t.ctx, { booth: 'Booth-02' });
    await answer(as.Admin, open.id, { voters: [{ id: here.id }], answers: { tap: 'yes' } });
    await answer(as.Admin, open.id, { voters: [{ id: there.id }], answers: { tap: 'yes' } });
    const response = await inject('GET', `${URL}/mine`, as.Karyakarta);
    expect(response.statusCode).toBe(200);
    const mine = response.json<MySurveys>();
    expect(mine.page_size).toBe(30);
    const ids = mine.surveys.map((survey) => survey.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
    expect(ids).not.toContain(elsewhere.id);
    expect(mine.known).toContainEqual([open.id, here.id, 1]);
    expect(mine.known.some(([, voterId]) => voterId === there.id)).toBe(false);
  });

  it('should refuse office roles with 403', async () => {
    expect((await inject('GET', `${URL}/mine`, as.Admin)).statusCode).toBe(403);
  });
});

describe('GET /api/voters/:id/surveys', () => {
  it("should list a voter's answers with their surveys and the open surveys asked of them", async () => {
    const answered = await openSurvey({ title: { en: 'Answered one' } });
    const pending = await openSurvey({ title: { en: 'Still to ask' } });
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    await answer(as.Karyakarta, answered.id, { voters: [{ id: voter.id }], answers: { tap: 'yes' } });
    const response = await inject('GET', `/api/voters/${voter.id}/surveys`, as.Karyakarta);
    expect(response.statusCode).toBe(200);
    const card = response.json<VoterSurveys>();
    expect(card.answered).toHaveLength(1);
    expect(card.answered[0]).toMatchObject({ survey: { id: answered.id, title: { en: 'Answered one' } }, response: { answers: { tap: 'yes' }, answered_by_name: 'Rahul Chavan' } });
    expect(card.open.map((survey) => survey.id)).toEqual(expect.arrayContaining([answered.id, pending.id]));
    expect((await inject('GET', `/api/voters/${voter.id}/surveys`, otherKaryakarta)).statusCode).toBe(404);
  });
});

describe('GET /api/surveys/:id/results', () => {
  it('should count each answer by support level, caste and age band, within the caller booths and filters', async () => {
    const survey = await openSurvey();
    const voters = [
      await seedVoter(t.ctx, { booth: 'Booth-01', age: 22, caste: 'Maratha' }),
      await seedVoter(t.ctx, { booth: 'Booth-01', age: 40, caste: 'Maratha' }),
      await seedVoter(t.ctx, { booth: 'Booth-02', age: 70, caste: 'Brahmin' }),
      await seedVoter(t.ctx, { booth: 'Booth-03', age: 30 }),
    ];
    await t.ctx.db.updateTable('voters').set({ support_level: 'strong_supporter' }).where('id', 'in', [voters[0]!.id, voters[2]!.id]).execute();
    const sent = [
      { tap: 'no', tanker: 2, issues: ['water', 'roads'], mood: 4 },
      { tap: 'yes', issues: ['water'], mood: 2 },
      { tap: 'no', tanker: 6 },
      { tap: 'yes' },
    ];
    // The fourth voter's booth is not a target: the office answers the first three.
    for (const [index, voter] of voters.slice(0, 3).entries()) expect((await answer(as.Admin, survey.id, { voters: [{ id: voter.id }], answers: sent[index] })).statusCode).toBe(200);

    const bySupport = (await inject('GET', `${URL}/${survey.id}/results`, as.Admin)).json<SurveyResults>();
    expect(bySupport).toMatchObject({ by: 'support', groups: ['strong_supporter', ''], responses: 3, group_totals: [2, 1] });
    const tap = bySupport.questions.find((question) => question.key === 'tap')!;
    expect(tap.options).toEqual([
      { value: 'yes', count: 1, by_group: [0, 1] },
      { value: 'no', count: 2, by_group: [2, 0] },
    ]);
    const tanker = bySupport.questions.find((question) => question.key === 'tanker')!;
    expect(tanker).toMatchObject({ answered: 2, number: { average: 4, min: 2, max: 6, by_group: [4, null] } });
    const issues = bySupport.questions.find((question) => question.key === 'issues')!;
    expect(issues).toMatchObject({ answered: 2, by_group: [1, 1] });
    expect(issues.options.map((option) => [option.value, option.count])).toEqual([
      ['water', 2],
      ['roads', 1],
      ['jobs', 0],
    ]);
    const mood = bySupport.questions.find((question) => question.key === 'mood')!;
    expect(mood.options.map((option) => option.count)).toEqual([0, 1, 0, 1, 0]);

    const byAge = (await inject('GET', `${URL}/${survey.id}/results?by=age_band`, as.Admin)).json<SurveyResults>();
    expect(byAge.groups).toEqual(['18-25', '36-45', '66+']);
    const byCaste = (await inject('GET', `${URL}/${survey.id}/results?by=caste&booth=Booth-01`, as.Admin)).json<SurveyResults>();
    expect(byCaste).toMatchObject({ groups: ['Maratha'], responses: 2 });
    const byBooth = (await inject('GET', `${URL}/${survey.id}/results?by=booth`, as.Admin)).json<SurveyResults>();
    expect(byBooth).toMatchObject({ groups: ['Booth-01', 'Booth-02'], group_totals: [2, 1] });

    // A Supervisor of Booth-01 and Booth-02 sees both; one of Booth-02 only that booth's answer.
    const narrow = (await signInAs(t, 'Supervisor', { booth_access: ['Booth-02'] })).headers;
    expect((await inject('GET', `${URL}/${survey.id}/results`, narrow)).json<SurveyResults>()).toMatchObject({ responses: 1 });
    expect((await inject('GET', `${URL}/${survey.id}/results?booth=Booth-01`, narrow)).statusCode).toBe(403);
  });

  it('should refuse a Karyakarta, a bad grouping and a survey outside the booths', async () => {
    const survey = await openSurvey({ targets: [{ booth: 'Booth-07' }] });
    expect((await inject('GET', `${URL}/${survey.id}/results`, as.Karyakarta)).statusCode).toBe(403);
    expect((await inject('GET', `${URL}/${survey.id}/results?by=party`, as.Admin)).json()).toMatchObject({ message: 'Choose booth, village, support, caste or age band' });
    expect((await inject('GET', `${URL}/${survey.id}/results`, as.Supervisor)).statusCode).toBe(404);
  });
});

describe('GET /api/surveys/:id/export', () => {
  it('should stream the answers as xlsx, a row per voter and a column per question, and leave an EXPORT_SURVEY row', async () => {
    const survey = await openSurvey();
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01', full_name: '=HYPERLINK("x")', part_serial: 3 });
    await answer(as.Karyakarta, survey.id, { voters: [{ id: voter.id }], answers: { tap: 'no', tanker: 3, issues: ['water', 'jobs'], note: '+cmd' } });
    const response = await inject('GET', `${URL}/${survey.id}/export?booth=Booth-01`, as.Admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="survey_${survey.id}_\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`));
    const workbook = await readWorkbook(response.rawPayload);
    const rows = sheetRows(workbook.worksheets[0]!);
    expect(rows[0]).toEqual([
      'Booth',
      'Village',
      'Serial',
      'House No',
      'Full Name',
      'Voter ID',
      'Age',
      'Gender',
      'Caste',
      'Support level',
      'For household',
      'Answered by',
      'Answered at (UTC)',
      'Tap water at home?',
      'Tanker days a week',
      'Main issues',
      'Happy with the corporator?',
      'Anything else',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining(['Booth-01', 3, "'=HYPERLINK(\"x\")", voter.voter_id, 'No', 'Rahul Chavan', 'No', 3, 'Water, Jobs', "'+cmd"]));
    expect(workbook.worksheets[1]?.name).toBe('About this file');
    let row;
    for (let attempt = 0; attempt < 50 && !row; attempt += 1) {
      row = (await audits('EXPORT_SURVEY', survey.id))[0];
      if (!row) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(JSON.parse(row?.details ?? '{}')).toMatchObject({ filters: { booth: 'Booth-01' }, rows: 1, complete: true });
  });

  it('should refuse field roles', async () => {
    const survey = await openSurvey();
    expect((await inject('GET', `${URL}/${survey.id}/export`, as.Supervisor)).statusCode).toBe(403);
    expect((await inject('GET', `${URL}/${survey.id}/export`, as.Karyakarta)).statusCode).toBe(403);
  });
});
