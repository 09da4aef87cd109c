import { en } from './en';
import type { LocaleTexts } from './locale-texts';

// Stand-in until the Gujarati translators' file arrives: English with the menu and the
// language picker in Gujarati, so the language wiring can be seen and tested.
export const gu: LocaleTexts = {
  ...en,
  language: { label: 'તમારી ભાષા', failed: 'ભાષા બદલી શકાઈ નથી' },
  login: { ...en.login, title: 'મતદાર વ્યવસ્થાપન પ્રણાલી', submit: 'લૉગ ઇન' },
  logout: { ...en.logout, action: 'લૉગ આઉટ' },
  menu: { ...en.menu, dashboard: 'ડેશબોર્ડ', settings: 'સેટિંગ્સ', tasks: 'કાર્ય વ્યવસ્થાપન' },
  roles: { 'Super Admin': 'મુખ્ય વહીવટકર્તા', Admin: 'વહીવટકર્તા', Supervisor: 'નિરીક્ષક', Karyakarta: 'કાર્યકર' },
};
