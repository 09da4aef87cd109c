import { voterSendInputSchema, voterTemplateInputSchema } from '../voter-messages/voter-send-schema';
import { voterConsentUpdateSchema } from '../voter-messages/consent-schema';
import { notVisitedQuerySchema, villageProgramInputSchema, villageProgramQuerySchema } from '../village-programs/village-program-schema';
import { slipMarkInputSchema, slipRevokeInputSchema } from '../slips/slip-token';
import { checkAnswers, type SurveyQuestion } from '../surveys/survey-answers';
import { surveyInputSchema, surveyQuerySchema, surveyResponseInputSchema, surveyResultsQuerySchema, surveyStateInputSchema } from '../surveys/survey-schema';
import { describe, expect, it } from 'vitest';
import { flagConfirmSchema, flagReportSchema, voterFlagQuerySchema } from '../availability/availability-schema';
import { loginInputSchema } from '../auth/auth-schemas';
import { passwordPolicyProblem } from '../auth/password-policy';
import { twoFactorInputSchema } from '../auth/two-factor-schemas';
import { auditLogQuerySchema } from '../audit/audit-schemas';
import { userLanguageInputSchema } from '../i18n/user-language-schema';
import { hasVowelWithVowelSign } from '../i18n/vowel-spelling';
import { sendNotificationSchema } from '../notifications/notification-schema';
import { settingsSchema } from '../settings/settings-schema';
import { taskInputSchema, taskStatusUpdateSchema } from '../tasks/task-schema';
import { changeOwnPasswordInputSchema, createUserInputSchema, userIdParamsSchema, usersByRoleQuerySchema } from '../users/user-input-schemas';
import { VOTER_FIELDS } from '../voters/voter-fields';
import { voterInputSchema, voterQuerySchema } from '../voters/voter-schema';
import { localizeMessage, MESSAGE_CATALOGUES, readMessage, wordMessage } from './localize-message';
import { MESSAGE_TERMS, MESSAGE_TEXTS, type MessageCode, PARAM_KINDS, WAIT_UNITS } from './message-texts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
const codes = Object.keys(MESSAGE_TEXTS) as MessageCode[];

// The messages a schema gives for a value, as a form or the server would show them.
function messagesOf(schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => issue.message);
}

describe('message catalogues', () => {
  for (const [language, catalogue] of Object.entries(MESSAGE_CATALOGUES)) {
    it(`should have every message code in ${language}, no other, with the English placeholders`, () => {
      expect(Object.keys(catalogue.messages).sort()).toEqual([...codes].sort());
      for (const code of codes) {
        const text = catalogue.messages[code];
        expect(text.trim(), `${language} ${code}`).not.toBe('');
        expect(placeholders(text), `${language} ${code}`).toEqual(placeholders(MESSAGE_TEXTS[code]));
      }
    });

    it(`should write no vowel sign on an independent vowel in ${language} (ॲ, not अ + ॅ)`, () => {
      const texts = [...Object.values(catalogue.messages), ...Object.values(catalogue.terms), ...Object.values(catalogue.waits)];
      expect(texts.filter(hasVowelWithVowelSign)).toEqual([]);
    });

    it(`should word every term and wait in ${language}`, () => {
      expect(Object.keys(catalogue.terms).sort()).toEqual([...MESSAGE_TERMS].sort());
      for (const term of MESSAGE_TERMS) expect(catalogue.terms[term].trim(), term).not.toBe('');
      for (const unit of WAIT_UNITS) expect(catalogue.waits[unit]).toContain('{{count}}');
    });
  }

  it('should read each English text back as its own code when filled in', () => {
    const samples: Record<string, string> = { number: '7', term: 'Full Name', terms: 'Full Name, Age', wait: '2 minutes', message: 'The file is empty' };
    const sample = (name: string) => samples[PARAM_KINDS[name] ?? 'data'] ?? 'Booth-07';
    for (const code of codes) {
      const params = Object.fromEntries(placeholders(MESSAGE_TEXTS[code]).map((name) => [name as string, sample(name as string)]));
      const english = wordMessage(code, params, 'en');
      expect(readMessage(english)?.code, english).toBe(code);
    }
  });
});

describe('localizeMessage', () => {
  it('should leave English exactly as it is', () => {
    expect(localizeMessage('Invalid username or password', 'en')).toBe('Invalid username or password');
  });

  it('should word a fixed message in Marathi, Hindi and Gujarati', () => {
    expect(localizeMessage('Invalid username or password', 'mr')).toBe('वापरकर्तानाव किंवा पासवर्ड चुकीचा आहे');
    expect(localizeMessage('Invalid username or password', 'hi')).toBe('उपयोगकर्ता नाम या पासवर्ड गलत है');
    expect(localizeMessage('Invalid username or password', 'gu')).toBe('વપરાશકર્તા નામ અથવા પાસવર્ડ ખોટો છે');
  });

  it('should word the field names, roles and waits inside a message', () => {
    expect(localizeMessage('Full Name is required', 'mr')).toBe('पूर्ण नाव आवश्यक आहे');
    expect(localizeMessage('Choose a political preference from the list', 'mr')).toBe('यादीतून राजकीय कल निवडा');
    expect(localizeMessage('Only Super Admin or Admin can change Full Name, Age', 'hi')).toBe('पूरा नाम, आयु केवल मुख्य प्रशासक या प्रशासक बदल सकते हैं');
    expect(localizeMessage('Karyakartas cannot assign tasks to Admins', 'mr')).toBe('कार्यकर्ता प्रशासक यांना काम देऊ शकत नाहीत');
    expect(localizeMessage('Too many failed sign-in attempts. Please try again in 1 minute.', 'gu')).toBe('લૉગ ઇનના ઘણા પ્રયાસો નિષ્ફળ ગયા. કૃપા કરીને 1 મિનિટ પછી ફરી પ્રયાસ કરો.');
  });

  it('should keep data in a message as it is and word a message inside a message', () => {
    expect(localizeMessage('You do not have access to Booth-12', 'mr')).toBe('Booth-12 पाहण्याची तुम्हाला परवानगी नाही');
    expect(localizeMessage('The file is empty; 40 voters before it were saved', 'mr')).toBe('फाइल रिकामी आहे; त्याआधीचे 40 मतदार जतन झाले');
  });

  it('should leave a text it does not know as it is', () => {
    expect(localizeMessage('Rahul Shivaji Chavan', 'mr')).toBe('Rahul Shivaji Chavan');
  });
});

// Every message the shared schemas give (what forms show and the server answers) is in the
// table, so no reader of another language meets an English one.
describe('shared schema messages', () => {
  const long = 'x'.repeat(5000);
  const voterBad: Record<string, unknown> = {};
  for (const field of VOTER_FIELDS) {
    if (field.kind === 'int') voterBad[field.name] = '9999';
    else if (field.kind === 'flag') voterBad[field.name] = 'maybe';
    else if (field.kind === 'date') voterBad[field.name] = '2999-01-01';
    else if (field.kind === 'mobile') voterBad[field.name] = '12';
    else voterBad[field.name] = long;
  }
  const samples: [string, string[]][] = [
    ['login', [...messagesOf(loginInputSchema, { username: '', password: '' }), ...messagesOf(loginInputSchema, { username: long, password: long })]],
    ['two-factor', [...messagesOf(twoFactorInputSchema, { challengeToken: '', code: '' }), ...messagesOf(twoFactorInputSchema, { challengeToken: long, code: long })]],
    [
      'user',
      [
        ...messagesOf(createUserInputSchema, {}),
        ...messagesOf(createUserInputSchema, { username: 'a', full_name: '', mobile: '12', password: '', role: 'King', email: 'no', age: 7, dob: '2999-01-01', designation: 'x', organisation: 'x', booth_access: ['x'] }),
        ...messagesOf(createUserInputSchema, { username: 'a b', full_name: long, mobile: '9876543210', password: long, role: 'Admin', email: `${long}@x.in`, address: long, id_number: long, booth_access: 'x' }),
        ...messagesOf(changeOwnPasswordInputSchema, {}),
        ...messagesOf(userIdParamsSchema, { id: 'x' }),
        ...messagesOf(userIdParamsSchema, { id: '1.5' }),
        ...messagesOf(userIdParamsSchema, { id: '-1' }),
        ...messagesOf(userIdParamsSchema, { id: '99999999999' }),
        ...messagesOf(usersByRoleQuerySchema, { role: 'x' }),
        ...messagesOf(userLanguageInputSchema, { language: 'fr' }),
      ],
    ],
    ['password policy', ['basic', 'medium', 'strong'].flatMap((policy) => ['a', 'abcdefgh', 'abcdefg1', 'a1', 'a!'].map((password) => passwordPolicyProblem(password, policy as 'basic')).filter((text): text is string => text !== null))],
    [
      'voter',
      [
        ...messagesOf(voterInputSchema, {}),
        ...messagesOf(voterInputSchema, voterBad),
        ...messagesOf(voterInputSchema, { voter_no: '1', full_name: 'A', voter_id: '*', sub_caste: 'Khaire' }),
        ...messagesOf(voterInputSchema, { voter_no: '1', full_name: 'A', voter_id: 'ABC1234567', caste: 'Maratha', sub_caste: 'Nope', taluka: 'Digras', village: 'Nowhere' }),
        ...messagesOf(voterQuerySchema, { page: 'x', limit: 'x', age_min: 'x', age_max: '1.5', mobile_filter: 'x', gender: 'x', booth: 'x', search: long, area: long, father_husband_name: long, caste: long }),
        ...messagesOf(voterQuerySchema, { page: '0', limit: '1000', age_min: '-1', age_max: '999' }),
        ...messagesOf(voterQuerySchema, { age_min: '50', age_max: '40' }),
      ],
    ],
    [
      'task',
      [
        ...messagesOf(taskInputSchema, { title: '', assigned_to: 'x', priority: 'x', due_date: 'x', description: long, area: long, notes: long }),
        ...messagesOf(taskInputSchema, { title: long, assigned_to: 0, due_date: '2026-02-31' }),
        ...messagesOf(taskInputSchema, { title: 'a', assigned_to: 1, start_date: '2026-12-31', due_date: '2026-01-01' }),
        ...messagesOf(taskStatusUpdateSchema, { status: 'x', version: 'x' }),
      ],
    ],
    [
      'notification',
      [...messagesOf(sendNotificationSchema, {}), ...messagesOf(sendNotificationSchema, { message: `${'a'.repeat(159)}€`, recipients: [1] }), ...messagesOf(sendNotificationSchema, { message: long, recipients: Array.from({ length: 1001 }, (_, index) => index + 1), type: 'auto' })],
    ],
    [
      'settings',
      [
        ...messagesOf(settingsSchema, { app_name: long, timezone: 'x', language: 'x', enable_2fa: 'x', two_factor_roles: 'x', password_policy: 'x', email_notifications: 'x', sms_notifications: 'x', data_retention_days: 'x', backup_frequency: 'x', export_limit_super_admin: 'x', export_limit_admin: '5000' }),
        ...messagesOf(settingsSchema, { data_retention_days: '0' }),
        ...messagesOf(settingsSchema, { booth_class_basis: 'x', booth_class_party: 'x', booth_class_election: 'x' }),
        ...messagesOf(settingsSchema, { sms_price_paise: 'x', sms_sender_id: 'x', dlt_entity_id: 'x', voter_sms_daily_budget: '-1', voter_sms_approval_threshold: '0' }),
      ],
    ],
    [
      'messages to voters',
      [
        ...messagesOf(voterTemplateInputSchema, {}),
        ...messagesOf(voterTemplateInputSchema, { name: 'x'.repeat(81), category: 'x', dlt_template_id: 'x', texts: { en: 'Hi {first}', mr: 'x'.repeat(501) } }),
        ...messagesOf(voterTemplateInputSchema, { name: 'x', category: 'service', dlt_template_id: '1', texts: {} }),
        ...messagesOf(voterSendInputSchema, { audience: { booth: 'x', village: 'x'.repeat(101), age_min: 5, gender: 'x', support_level: 'x' }, template_id: 'x', date_text: 'x'.repeat(41) }),
        ...messagesOf(voterSendInputSchema, { audience: { age_min: 60, age_max: 50 }, template_id: 1 }),
        ...messagesOf(voterConsentUpdateSchema, { state: 'x', note: 'x'.repeat(201) }),
      ],
    ],
    [
      'village programs',
      [
        ...messagesOf(villageProgramInputSchema, {}),
        ...messagesOf(villageProgramInputSchema, { title: long, kind: 'x', program_date: '2026-02-30', program_time: '25:00', taluka: 'Digras', village: 'Adgaon', booths: ['x'], organiser: long, expected_attendance: -1, actual_attendance: 'x', notes: long }),
        ...messagesOf(villageProgramInputSchema, { title: 'a', kind: 'visit', program_date: 'x', taluka: 'x', village: 'x', booths: Array.from({ length: 51 }, () => 'Booth-01'), expected_attendance: 1.5, actual_attendance: 2_000_000 }),
        ...messagesOf(villageProgramQuerySchema, { from: '2026-03-10', to: '2026-03-01', kind: 'x', taluka: 'x', village: 'x' }),
        ...messagesOf(notVisitedQuerySchema, { days: '0', taluka: 'x' }),
      ],
    ],
    [
      'slip codes',
      [
        ...messagesOf(slipMarkInputSchema, {}),
        ...messagesOf(slipMarkInputSchema, { token: 'ABC1234567' }),
        ...messagesOf(slipMarkInputSchema, { token: 'x'.repeat(300) }),
        ...messagesOf(slipRevokeInputSchema, { generation: 'x' }),
        ...messagesOf(slipRevokeInputSchema, { generation: -1 }),
        ...messagesOf(slipRevokeInputSchema, { generation: 1.5 }),
      ],
    ],
    [
      'surveys',
      [
        ...messagesOf(surveyInputSchema, {}),
        ...messagesOf(surveyInputSchema, { title: { en: long }, description: 5, language: 'fr', unit: 'x', targets: [{ booth: 'x', pages: { from: 0, to: 'x' } }], questions: [] }),
        ...messagesOf(surveyInputSchema, {
          title: { mr: 'x' },
          description: { en: 'x' },
          language: 'en',
          unit: 'voter',
          targets: [
            { booth: 'Booth-01', pages: { from: 5, to: 2 } },
            { booth: 'Booth-01', pages: { from: 2.5, to: 3000 } },
          ],
          questions: [
            { key: 'q 1', kind: 'x', text: { en: long }, required: 'x', options: 'x', min: -1, max: 1.5, condition: 'x' },
            { key: 'q2', kind: 'single', text: { mr: 'x' }, options: [{ key: 'a', text: { en: long } }] },
            { key: 'q2', kind: 'multiple', text: { en: 'x' }, options: [{ key: 'a', text: { mr: 'x' } }, { key: 'a', text: { en: 'y' } }], condition: { question: 'q9', option: 'z' } },
            { key: 'q4', kind: 'number', text: { en: 'x' }, min: 10, max: 5 },
          ],
        }),
        ...messagesOf(surveyInputSchema, { title: { en: 'x' }, language: 'en', unit: 'voter', questions: Array.from({ length: 51 }, (_, index) => ({ key: `q${index}`, kind: 'text', text: { en: 'x' } })) }),
        ...messagesOf(surveyStateInputSchema, { state: 'x', version: 'x' }),
        ...messagesOf(surveyQuerySchema, { state: 'x', page: 'x' }),
        ...messagesOf(surveyResultsQuerySchema, { by: 'x', booth: 'x', village: 'x' }),
        ...messagesOf(surveyResponseInputSchema, {}),
        ...messagesOf(surveyResponseInputSchema, { voters: [], answers: 'x' }),
        ...messagesOf(surveyResponseInputSchema, { voters: Array.from({ length: 31 }, (_, index) => ({ id: index + 1 })), answers: { q1: {} } }),
        ...messagesOf(surveyResponseInputSchema, { voters: [{ id: 'x', version: 'x' }], answers: {} }),
        ...(() => {
          const question = (key: string, kind: SurveyQuestion['kind'], extra: Partial<SurveyQuestion> = {}): SurveyQuestion => ({ key, kind, text: { en: key }, required: false, options: [], min: null, max: null, condition: null, ...extra });
          const options = [{ key: 'a', text: { en: 'A' } }, { key: 'b', text: { en: 'B' } }];
          const questions = [
            question('one', 'single', { options, required: true }),
            question('many', 'multiple', { options }),
            question('count', 'number', { min: 1, max: 9 }),
            question('note', 'text'),
            question('stars', 'rating'),
            question('then', 'text', { condition: { question: 'one', option: 'b' } }),
          ];
          return [
            ...Object.values(checkAnswers(questions, { many: ['z'], count: 99, note: 7, stars: 9, then: 'x', other: 'x' }).errors),
            ...Object.values(checkAnswers(questions, { one: 'z', note: 'x'.repeat(501) }).errors),
            ...Object.values(checkAnswers([question('note', 'text')], {}).errors),
          ];
        })(),
      ],
    ],
    [
      'voter availability',
      [
        ...messagesOf(flagReportSchema, {}),
        ...messagesOf(flagReportSchema, { kind: 'x', reason: ' ', other_voter_id: 'x' }),
        ...messagesOf(flagReportSchema, { kind: 'deceased', reason: long, other_voter_id: 4 }),
        ...messagesOf(voterFlagQuerySchema, { status: 'x', kind: 'x', booth: 'x', page: '0', limit: '1000' }),
        ...messagesOf(flagConfirmSchema, { note: long, version: 'x', voter_version: 0, other_voter_id: 'x' }),
        ...messagesOf(flagConfirmSchema, { note: 7 }),
      ],
    ],
    ['audit', [...messagesOf(auditLogQuerySchema, { page: '1.5', limit: '0', action: 'x', user_id: '0', start_date: 'x' }), ...messagesOf(auditLogQuerySchema, { page: '0', limit: '999' })]],
  ];

  for (const [name, messages] of samples) {
    it(`should word every ${name} message in Marathi`, () => {
      expect(messages.length).toBeGreaterThan(0);
      const unknown = [...new Set(messages)].filter((message) => readMessage(message) === null);
      expect(unknown).toEqual([]);
    });
  }
});
