import { en } from './en';
import type { LocaleTexts } from './locale-texts';

// Stand-in until the Marathi translators' file arrives: English with the sign-in page, the
// menu and the language picker in Marathi, so the language wiring can be seen and tested.
export const mr: LocaleTexts = {
  ...en,
  app: { ...en.app, loading: 'लोड होत आहे...' },
  common: { ...en.common, close: 'बंद करा', cancel: 'रद्द करा', delete: 'हटवा', save: 'जतन करा', edit: 'संपादित करा' },
  language: { label: 'तुमची भाषा', failed: 'भाषा बदलता आली नाही' },
  login: {
    ...en.login,
    title: 'मतदार व्यवस्थापन प्रणाली',
    subtitle: 'प्रशासन डॅशबोर्ड वापरण्यासाठी लॉग इन करा',
    username: 'वापरकर्तानाव',
    usernamePlaceholder: 'तुमचे वापरकर्तानाव टाका',
    password: 'पासवर्ड',
    passwordPlaceholder: 'तुमचा पासवर्ड टाका',
    submit: 'लॉग इन',
    signingIn: 'लॉग इन होत आहे...',
    success: 'लॉग इन यशस्वी!',
    failed: 'लॉग इन अयशस्वी',
  },
  logout: { action: 'लॉग आउट', success: 'यशस्वीरित्या लॉग आउट झाले' },
  menu: {
    ...en.menu,
    dashboard: 'डॅशबोर्ड',
    users: 'वापरकर्ता व्यवस्थापन',
    voterEntry: 'मतदार माहिती नोंदणी',
    voterSearch: 'शोध आणि फिल्टर',
    voterImport: 'आयात/निर्यात',
    tasks: 'काम व्यवस्थापन',
    notifications: 'सूचना विभाग',
    analytics: 'विश्लेषण',
    settings: 'सेटिंग्ज',
    open: 'मेनू उघडा',
    close: 'मेनू बंद करा',
    label: 'मुख्य मेनू',
  },
  header: { ...en.header, welcome: 'पुन्हा स्वागत आहे, {{name}}' },
  roles: { 'Super Admin': 'मुख्य प्रशासक', Admin: 'प्रशासक', Supervisor: 'पर्यवेक्षक', Karyakarta: 'कार्यकर्ता' },
};
