import { describe, expect, it } from 'vitest';
import { PHOTO_TOO_LARGE } from '@shared/voters/voter-schema';
import { readMessage } from '@shared/messages/localize-message';
import { INVALID_CREDENTIALS } from '../features/auth/auth-use-cases';
import { signInThrottledMessage } from '../features/auth/login-throttle';
import { SETTINGS_CHANGED } from '../features/settings/settings-use-cases';
import { TASK_CHANGED } from '../features/tasks/tasks-use-cases';
import { CHALLENGE_EXPIRED, INVALID_CODE } from '../features/two-factor/two-factor-use-cases';
import * as availability from '../features/availability/availability-use-cases';
import { ONLY_DECEASED } from '../features/slips/slips-use-cases';
import * as users from '../features/users/users-use-cases';
import { repeatedMessage } from '../features/voters/import/read-voter-rows';
import { VOTER_NOT_FOUND } from '../features/voters/voter-access';
import { TOO_MANY_VOTER_ID_CONFLICTS, VOTER_ID_EXISTS } from '../features/voters/voter-id-conflicts';
import { NOT_AN_IMAGE } from '../features/voters/voter-photos';
import { exportLimitMessage, VOTER_CHANGED, VOTER_ID_IMMUTABLE } from '../features/voters/voters-use-cases';
import { EDIT_BUSY } from '../lib/record-versions';
import { UNREADABLE_SPREADSHEET } from '../lib/spreadsheets/spreadsheet-error';
import { UNSUPPORTED_SPREADSHEET_TYPE } from '../lib/spreadsheets/spreadsheet-readers';
import * as surveys from '../features/surveys/surveys-use-cases';
import { acceptedLanguage, localizeErrorBody } from './answer-language';
import { DATABASE_UNAVAILABLE, FORM_UNREADABLE, TEXT_HAS_NUL } from './error-handler';

describe('acceptedLanguage', () => {
  it('should take the first language this app speaks, by preference', () => {
    expect(acceptedLanguage('mr')).toBe('mr');
    expect(acceptedLanguage('mr-IN,mr;q=0.9,en;q=0.8')).toBe('mr');
    expect(acceptedLanguage('fr-FR, gu;q=0.5, hi;q=0.7')).toBe('hi');
    expect(acceptedLanguage('EN-us')).toBe('en');
  });

  it('should give null when the header names none of them or refuses them', () => {
    expect(acceptedLanguage(undefined)).toBeNull();
    expect(acceptedLanguage('fr, de;q=0.5')).toBeNull();
    expect(acceptedLanguage('mr;q=0')).toBeNull();
  });
});

describe('localizeErrorBody', () => {
  it('should word the message and each field message, keeping everything else', () => {
    const body = JSON.stringify({ message: 'Username already exists', fields: { username: 'Username already exists' }, current: { full_name: 'Meera' } });
    expect(JSON.parse(localizeErrorBody(body, 'mr') ?? '')).toEqual({
      message: 'हे वापरकर्तानाव आधीच अस्तित्वात आहे',
      fields: { username: 'हे वापरकर्तानाव आधीच अस्तित्वात आहे' },
      current: { full_name: 'Meera' },
    });
  });

  it('should give null for a body that is not an error of ours', () => {
    expect(localizeErrorBody('not json', 'mr')).toBeNull();
    expect(localizeErrorBody('{"token":"x"}', 'mr')).toBeNull();
  });
});

// Every message the server's code writes is in the message table (shared/messages), so a
// reader of Marathi, Hindi or Gujarati never meets an English one.
describe('server messages', () => {
  const messages = [
    INVALID_CREDENTIALS,
    signInThrottledMessage(1_000),
    signInThrottledMessage(45_000),
    signInThrottledMessage(60_000),
    signInThrottledMessage(300_000),
    SETTINGS_CHANGED,
    TASK_CHANGED,
    CHALLENGE_EXPIRED,
    INVALID_CODE,
    users.USERNAME_EXISTS,
    users.CANNOT_DELETE_SELF,
    users.CANNOT_CHANGE_OWN_ROLE,
    users.CANNOT_DEACTIVATE_SELF,
    users.USE_CHANGE_PASSWORD,
    users.ESCALATION_REFUSED,
    users.USER_NOT_FOUND,
    users.CURRENT_PASSWORD_WRONG,
    users.SAME_PASSWORD,
    users.USER_CHANGED,
    repeatedMessage('ABC1234567', 12),
    VOTER_NOT_FOUND,
    VOTER_ID_EXISTS,
    TOO_MANY_VOTER_ID_CONFLICTS,
    NOT_AN_IMAGE,
    PHOTO_TOO_LARGE,
    exportLimitMessage('Admin', 0, '00:00', 'Asia/Kolkata'),
    exportLimitMessage('Admin', 1, '24 Nov 2026, 00:00', 'Asia/Kolkata'),
    exportLimitMessage('Super Admin', 50, '24 Nov 2026, 00:00', 'Asia/Kolkata'),
    VOTER_CHANGED,
    VOTER_ID_IMMUTABLE,
    EDIT_BUSY,
    UNREADABLE_SPREADSHEET,
    UNSUPPORTED_SPREADSHEET_TYPE,
    DATABASE_UNAVAILABLE,
    FORM_UNREADABLE,
    TEXT_HAS_NUL,
    surveys.SURVEY_NOT_FOUND,
    surveys.SURVEY_CHANGED,
    surveys.SURVEY_QUESTIONS_FIXED,
    surveys.SURVEY_STATE_NOT_ALLOWED,
    surveys.SURVEY_NEEDS_BOOTHS,
    surveys.SURVEY_HAS_ANSWERS,
    surveys.SURVEY_NOT_OPEN,
    surveys.SURVEY_ONE_VOTER,
    surveys.SURVEY_ONE_HOUSEHOLD,
    surveys.SURVEY_VOTER_TWICE,
    surveys.SURVEY_NOT_ASKED_HERE,
    surveys.RESPONSE_CHANGED,
    'Survey id must be a positive number',
    'Survey deleted',
    availability.FLAG_NOT_FOUND,
    availability.FLAG_CHANGED,
    availability.ALREADY_SO,
    availability.CHOOSE_OTHER_ENTRY,
    availability.NOT_OWN_DOUBLE,
    ONLY_DECEASED(1),
    ONLY_DECEASED(12),
  ];

  it.each(messages)('should know %s', (message) => {
    expect(readMessage(message)).not.toBeNull();
  });
});
