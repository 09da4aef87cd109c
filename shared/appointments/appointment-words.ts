import type { Language } from '../i18n/languages';
import type { AppointmentKind, AppointmentStatus } from './appointment-schema';
import type { TokenStatus } from './walk-in-token-schema';

// What the server words in a language other than the screen's (decision 091): the day's sheet
// (the office's language, or the one asked for) and the reminder SMS (the citizen's language).

export interface DaySheetWords {
  title: string;
  bookings: string;
  tokens: string;
  time: string;
  token: string;
  name: string;
  mobile: string;
  purpose: string;
  status: string;
  none: string;
  notWorking: string;
  blocked: string;
  printed: string;
  kinds: Record<AppointmentKind, string>;
  statuses: Record<AppointmentStatus, string>;
  tokenStatuses: Record<TokenStatus, string>;
}

export const DAY_SHEET_WORDS: Record<Language, DaySheetWords> = {
  en: {
    title: 'Day sheet',
    bookings: 'Appointments',
    tokens: 'Walk-in tokens',
    time: 'Time',
    token: 'Token',
    name: 'Name',
    mobile: 'Mobile',
    purpose: 'Purpose',
    status: 'Status',
    none: 'None',
    notWorking: 'Not a working day',
    blocked: 'Blocked: {reason}',
    printed: 'Printed {when}',
    kinds: { meeting: 'Meeting', hearing: 'Public hearing' },
    statuses: { Requested: 'Requested', Confirmed: 'Confirmed', 'Checked in': 'Checked in', Done: 'Done', Cancelled: 'Cancelled', 'No-show': 'No-show' },
    tokenStatuses: { Registered: 'Registered', 'Checked in': 'Checked in', Called: 'Called', Done: 'Done', 'No-show': 'No-show' },
  },
  mr: {
    title: 'दिवसाचे पत्रक',
    bookings: 'ठरलेल्या भेटी',
    tokens: 'थेट आलेले नागरिक (टोकन)',
    time: 'वेळ',
    token: 'टोकन',
    name: 'नाव',
    mobile: 'मोबाईल',
    purpose: 'उद्देश',
    status: 'स्थिती',
    none: 'नाही',
    notWorking: 'कामकाजाचा दिवस नाही',
    blocked: 'बंद: {reason}',
    printed: 'छपाई: {when}',
    kinds: { meeting: 'बैठक', hearing: 'जनता दरबार' },
    statuses: { Requested: 'मागणी', Confirmed: 'निश्चित', 'Checked in': 'हजर', Done: 'झाली', Cancelled: 'रद्द', 'No-show': 'आले नाहीत' },
    tokenStatuses: { Registered: 'नोंद झाली', 'Checked in': 'हजर', Called: 'बोलावले', Done: 'झाले', 'No-show': 'आले नाहीत' },
  },
  hi: {
    title: 'दिन की सूची',
    bookings: 'तय मुलाकातें',
    tokens: 'बिना समय लिए आए नागरिक (टोकन)',
    time: 'समय',
    token: 'टोकन',
    name: 'नाम',
    mobile: 'मोबाइल',
    purpose: 'उद्देश्य',
    status: 'स्थिति',
    none: 'कोई नहीं',
    notWorking: 'कार्य दिवस नहीं',
    blocked: 'बंद: {reason}',
    printed: 'मुद्रित: {when}',
    kinds: { meeting: 'बैठक', hearing: 'जनता दरबार' },
    statuses: { Requested: 'अनुरोधित', Confirmed: 'पक्की', 'Checked in': 'हाज़िर', Done: 'हो गई', Cancelled: 'रद्द', 'No-show': 'नहीं आए' },
    tokenStatuses: { Registered: 'पंजीकृत', 'Checked in': 'हाज़िर', Called: 'बुलाया गया', Done: 'हो गया', 'No-show': 'नहीं आए' },
  },
  gu: {
    title: 'દિવસની યાદી',
    bookings: 'નક્કી મુલાકાતો',
    tokens: 'સીધા આવેલા નાગરિકો (ટોકન)',
    time: 'સમય',
    token: 'ટોકન',
    name: 'નામ',
    mobile: 'મોબાઇલ',
    purpose: 'હેતુ',
    status: 'સ્થિતિ',
    none: 'કોઈ નહીં',
    notWorking: 'કામકાજનો દિવસ નથી',
    blocked: 'બંધ: {reason}',
    printed: 'છાપ્યું: {when}',
    kinds: { meeting: 'બેઠક', hearing: 'જનતા દરબાર' },
    statuses: { Requested: 'માંગણી', Confirmed: 'નક્કી', 'Checked in': 'હાજર', Done: 'થઈ ગઈ', Cancelled: 'રદ', 'No-show': 'આવ્યા નહીં' },
    tokenStatuses: { Registered: 'નોંધાયેલ', 'Checked in': 'હાજર', Called: 'બોલાવ્યા', Done: 'થઈ ગયું', 'No-show': 'આવ્યા નહીં' },
  },
};

// The reminder SMS the day before. Short: in Devanagari or Gujarati an SMS part holds 70
// characters (67 once split), so no purpose and no booth, only what the citizen must know.
const REMINDERS: Record<Language, string> = {
  en: 'Reminder: you meet {leader} tomorrow, {date}, at {time}. Please come 10 minutes early. {office}',
  mr: 'स्मरण: उद्या {date} रोजी {time} वाजता {leader} यांच्याशी आपली भेट आहे. कृपया 10 मिनिटे आधी या. {office}',
  hi: 'याद दिलाना: कल {date} को {time} बजे {leader} से आपकी मुलाकात है। कृपया 10 मिनट पहले आएँ। {office}',
  gu: 'યાદ અપાવીએ: આવતીકાલે {date} ના રોજ {time} વાગ્યે {leader} સાથે આપની મુલાકાત છે. કૃપા કરી 10 મિનિટ વહેલા આવજો. {office}',
};

// 2026-12-08 → 08/12/2026, as Indian dates are written.
export function indianDate(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

export function reminderText(language: Language, values: { leader: string; date: string; time: string; office: string }): string {
  return REMINDERS[language]
    .replace('{leader}', values.leader)
    .replace('{date}', indianDate(values.date))
    .replace('{time}', values.time)
    .replace('{office}', values.office)
    .trim();
}
