import devanagariFont from '@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2?url';
import gujaratiFont from '@fontsource-variable/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-wght-normal.woff2?url';
import type { Language } from '@shared/i18n/languages';

// The font file of each language's script (fonts.css declares them; the same files, so the
// browser fetches each once). English needs none.
const SCRIPT_FONTS: Partial<Record<Language, string>> = { mr: devanagariFont, hi: devanagariFont, gu: gujaratiFont };

// A start in Marathi, Hindi or Gujarati asks for its script's font at once, beside the scripts,
// instead of once the first screen has drawn a letter of it (issue 21: the sign-in form in under
// 2.5 s on a slow phone in Marathi). A preload link only: the stylesheet's unicode-range still
// decides when the font is used, and English pages fetch nothing.
export function preloadScriptFont(language: Language): void {
  const href = SCRIPT_FONTS[language];
  if (!href || document.querySelector(`link[rel="preload"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'font';
  link.type = 'font/woff2';
  link.href = href;
  // Fonts are fetched in CORS mode; a preload must match or the browser fetches twice.
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}
