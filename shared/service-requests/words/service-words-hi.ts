import type { ServiceCategory, ServiceStatus } from '../service-request-schema';

// Hindi names of the request categories and statuses, one source for the screens
// (web/src/locales/hi.ts) and the receipt and its SMS (service-receipt.ts). A file a language so a
// screen's bundle carries its own language only.
export const serviceCategoriesHi: Record<ServiceCategory, string> = {
  pension: 'पेंशन',
  ration_card: 'राशन कार्ड',
  aadhaar: 'आधार',
  certificate: 'जाति / आय / निवास प्रमाणपत्र',
  land_record: 'भूमि अभिलेख (7/12)',
  road: 'सड़क',
  water: 'पानी',
  electricity: 'बिजली',
  health: 'स्वास्थ्य / अस्पताल',
  police: 'पुलिस',
  education: 'शिक्षा / छात्रवृत्ति',
  employment: 'रोज़गार',
  other: 'अन्य',
};

export const serviceStatusesHi: Record<ServiceStatus, string> = {
  New: 'नया',
  'In Progress': 'कार्य जारी',
  'With Department': 'विभाग के पास',
  Resolved: 'हल हुआ',
  Closed: 'बंद',
  Rejected: 'अस्वीकृत',
};
