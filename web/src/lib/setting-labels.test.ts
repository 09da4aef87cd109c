import { describe, expect, it } from 'vitest';
import { settingsSchema } from '@shared/settings/settings-schema';
import { i18n } from './i18n';
import { SETTING_LABEL_KEYS, settingNames } from './setting-labels';

describe('settingNames', () => {
  it('should name changed settings by their labels in the language on screen when an audit row lists their keys', async () => {
    await i18n.loadLanguages('gu');
    const gu = i18n.getFixedT('gu', ['translation', 'pastResults', 'serviceRegister']);
    expect(settingNames('language', (key) => gu(key))).toBe(gu('settings.language'));
    expect(settingNames('language', (key) => gu(key))).not.toBe('language');
    expect(settingNames('app_name, timezone', (key) => i18n.getFixedT('en', ['translation', 'pastResults', 'serviceRegister'])(key))).toBe('Application Name, Timezone');
  });

  it("should name the past-results settings from their own texts when the audit row lists them", async () => {
    await import('./past-results-texts');
    await i18n.loadLanguages('mr');
    expect(settingNames('booth_class_party', (key) => i18n.getFixedT('mr', ['translation', 'pastResults', 'serviceRegister'])(key))).toBe('कार्यालयाचा पक्ष');
  });

  it('should keep a key it does not know as it is', () => {
    expect(settingNames('some_future_setting', (key) => i18n.getFixedT('en', ['translation', 'pastResults', 'serviceRegister'])(key))).toBe('some_future_setting');
  });

  it('should have a label for every setting the office can change', () => {
    expect(Object.keys(settingsSchema.shape).filter((key) => !(key in SETTING_LABEL_KEYS))).toEqual([]);
  });
});
