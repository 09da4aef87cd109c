// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

// A device that showed Gujarati last: <html lang> says so before the file is in (it said
// "undefined" until something switched the language, and a Gujarati sign-in page fetched the
// Devanagari font for the danda).
describe('the remembered interface language', () => {
  it('should name the remembered language in <html lang> at once and follow each switch', async () => {
    localStorage.setItem('language', 'gu');
    vi.resetModules();
    const { i18n, i18nReady } = await import('./i18n');
    expect(document.documentElement.lang).toBe('gu');
    await i18nReady;
    expect(i18n.language).toBe('gu');
    await i18n.changeLanguage('mr');
    expect(document.documentElement.lang).toBe('mr');
    localStorage.removeItem('language');
  });
});
