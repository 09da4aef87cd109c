import type { ServiceCategory, ServiceStatus } from '../service-request-schema';

// Gujarati names of the request categories and statuses, one source for the screens
// (web/src/locales/gu.ts) and the receipt and its SMS (service-receipt.ts). A file a language so a
// screen's bundle carries its own language only.
export const serviceCategoriesGu: Record<ServiceCategory, string> = {
  pension: 'પેન્શન',
  ration_card: 'રેશન કાર્ડ',
  aadhaar: 'આધાર',
  certificate: 'જાતિ / આવક / નિવાસ પ્રમાણપત્ર',
  land_record: 'જમીન રેકર્ડ (7/12)',
  road: 'રસ્તો',
  water: 'પાણી',
  electricity: 'વીજળી',
  health: 'આરોગ્ય / હોસ્પિટલ',
  police: 'પોલીસ',
  education: 'શિક્ષણ / શિષ્યવૃત્તિ',
  employment: 'રોજગાર',
  other: 'અન્ય',
};

export const serviceStatusesGu: Record<ServiceStatus, string> = {
  New: 'નવી',
  'In Progress': 'કામ ચાલુ',
  'With Department': 'વિભાગ પાસે',
  Resolved: 'ઉકેલાઈ',
  Closed: 'બંધ',
  Rejected: 'નકારી',
};
