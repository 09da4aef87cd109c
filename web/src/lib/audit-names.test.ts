import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@shared/audit/audit-schemas';
import { en } from '@web/locales/en';
import { auditActionName, auditTableName } from './audit-names';
import { humaniseAction } from './format';
import { i18n } from './i18n';

describe('auditActionName', () => {
  it('should name every audit action in English exactly as the spec rule reads it', () => {
    expect(Object.keys(en.auditLogs.actions).sort()).toEqual([...AUDIT_ACTIONS].sort());
    const t = i18n.getFixedT('en');
    for (const action of AUDIT_ACTIONS) expect(auditActionName(t, action)).toBe(humaniseAction(action));
  });

  it('should read an action this build does not know by the spec rule', () => {
    expect(auditActionName(i18n.getFixedT('mr'), 'ARCHIVE_VOTERS')).toBe('Archive Voters');
  });
});

describe('auditTableName', () => {
  it('should name a known table through the texts and keep an unknown one', () => {
    expect(auditTableName(i18n.getFixedT('en'), 'voters')).toBe('voters');
    expect(auditTableName(i18n.getFixedT('en'), 'sign_in_limits')).toBe('sign_in_limits');
  });
});
