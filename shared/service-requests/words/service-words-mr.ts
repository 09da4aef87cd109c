import type { ServiceCategory, ServiceStatus } from '../service-request-schema';

// Marathi names of the request categories and statuses, one source for the screens
// (web/src/locales/mr.ts) and the receipt and its SMS (service-receipt.ts). A file a language so a
// screen's bundle carries its own language only.
export const serviceCategoriesMr: Record<ServiceCategory, string> = {
  pension: 'पेन्शन',
  ration_card: 'रेशन कार्ड',
  aadhaar: 'आधार',
  certificate: 'जात / उत्पन्न / अधिवास दाखला',
  land_record: 'सातबारा (7/12)',
  road: 'रस्ता',
  water: 'पाणी',
  electricity: 'वीज',
  health: 'आरोग्य / रुग्णालय',
  police: 'पोलीस',
  education: 'शिक्षण / शिष्यवृत्ती',
  employment: 'रोजगार',
  other: 'इतर',
};

export const serviceStatusesMr: Record<ServiceStatus, string> = {
  New: 'नवीन',
  'In Progress': 'काम सुरू',
  'With Department': 'विभागाकडे',
  Resolved: 'सुटला',
  Closed: 'बंद',
  Rejected: 'नाकारला',
};
