import { en } from './en';
import type { LocaleTexts } from './locale-texts';

// Stand-in until the Hindi translators' file arrives: English with the menu and the language
// picker in Hindi, so the language wiring can be seen and tested.
export const hi: LocaleTexts = {
  ...en,
  language: { label: 'आपकी भाषा', failed: 'भाषा नहीं बदली जा सकी' },
  login: { ...en.login, title: 'मतदाता प्रबंधन प्रणाली', submit: 'लॉग इन' },
  logout: { ...en.logout, action: 'लॉग आउट' },
  menu: { ...en.menu, dashboard: 'डैशबोर्ड', settings: 'सेटिंग्स', tasks: 'कार्य प्रबंधन' },
  roles: { 'Super Admin': 'मुख्य प्रशासक', Admin: 'प्रशासक', Supervisor: 'पर्यवेक्षक', Karyakarta: 'कार्यकर्ता' },
};
