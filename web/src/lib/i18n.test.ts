import { describe, expect, it } from 'vitest';
import { mr } from '../locales/mr';
import { i18n, i18nReady } from './i18n';

describe('interface languages', () => {
  it('should load English and no other language when none was chosen', async () => {
    await i18nReady;
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('mr', 'translation')).toBe(false);
    expect(i18n.hasResourceBundle('gu', 'translation')).toBe(false);
  });

  it('should load a language file when that language is chosen and show its words', async () => {
    await i18n.changeLanguage('mr');
    expect(i18n.hasResourceBundle('mr', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('hi', 'translation')).toBe(false);
    expect(i18n.t('menu.settings')).toBe(mr.menu.settings);
    await i18n.changeLanguage('en');
  });
});
