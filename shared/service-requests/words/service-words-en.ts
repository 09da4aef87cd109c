import type { ServiceCategory, ServiceStatus } from '../service-request-schema';

// English names of the request categories and statuses, one source for the screens
// (web/src/locales/en.ts) and the receipt and its SMS (service-receipt.ts). A file a language so a
// screen's bundle carries its own language only.
export const serviceCategoriesEn: Record<ServiceCategory, string> = {
  pension: 'Pension',
  ration_card: 'Ration card',
  aadhaar: 'Aadhaar',
  certificate: 'Caste / income / domicile certificate',
  land_record: 'Land record (7/12)',
  road: 'Road',
  water: 'Water',
  electricity: 'Electricity',
  health: 'Health / hospital',
  police: 'Police',
  education: 'Education / scholarship',
  employment: 'Employment',
  other: 'Other',
};

export const serviceStatusesEn: Record<ServiceStatus, string> = {
  New: 'New',
  'In Progress': 'In Progress',
  'With Department': 'With Department',
  Resolved: 'Resolved',
  Closed: 'Closed',
  Rejected: 'Rejected',
};
