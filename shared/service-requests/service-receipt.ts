import type { ServiceCategory, ServiceStatus } from './service-request-schema';
import { serviceCategoriesEn, serviceStatusesEn } from './words/service-words-en';
import { serviceCategoriesMr, serviceStatusesMr } from './words/service-words-mr';
import { serviceCategoriesHi, serviceStatusesHi } from './words/service-words-hi';
import { serviceCategoriesGu, serviceStatusesGu } from './words/service-words-gu';

// The receipt a citizen takes home and can quote (issue 59, decision 077): printed from the
// browser and sent by SMS or WhatsApp, in the citizen's language where the voter's record has
// one (message_language), else the office's. Kept here, not in the web's locale files, because
// the server words the SMS/WhatsApp text and the printed page must be able to use a language
// other than the one on the screen.
export const RECEIPT_LANGUAGES = ['en', 'mr', 'hi', 'gu'] as const;
export type ReceiptLanguage = (typeof RECEIPT_LANGUAGES)[number];

export interface ReceiptWords {
  title: string;
  receipt: string;
  date: string;
  category: string;
  status: string;
  office: string;
  name: string;
  footer: string;
  // The SMS/WhatsApp text: {office}, {receipt}, {date}, {category}, {status}.
  sms: string;
  // The SMS on resolution (decision 090): {office}, {receipt}, {category}.
  resolvedSms: string;
  categories: Record<ServiceCategory, string>;
  statuses: Record<ServiceStatus, string>;
}

export const RECEIPT_WORDS: Record<ReceiptLanguage, ReceiptWords> = {
  en: {
    title: 'Receipt for your request',
    receipt: 'Receipt no.',
    date: 'Registered on',
    category: 'Category',
    status: 'Status',
    office: 'Office',
    name: 'Name',
    footer: 'Quote this receipt number when you ask about your request.',
    sms: '{office}: your request is registered. Receipt {receipt}, {date}, {category}. Status: {status}. Quote the receipt number when you ask about it.',
    resolvedSms: '{office}: your request {receipt} ({category}) has been resolved. Thank you.',
    categories: serviceCategoriesEn,
    statuses: serviceStatusesEn,
  },
  mr: {
    title: 'आपल्या अर्जाची पावती',
    receipt: 'पावती क्र.',
    date: 'नोंदणी दिनांक',
    category: 'प्रकार',
    status: 'स्थिती',
    office: 'कार्यालय',
    name: 'नाव',
    footer: 'अर्जाबद्दल विचारताना हा पावती क्रमांक सांगा.',
    sms: '{office}: आपला अर्ज नोंदवला आहे. पावती क्र. {receipt}, दि. {date}, {category}. स्थिती: {status}. अर्जाबद्दल विचारताना हा पावती क्रमांक सांगा.',
    resolvedSms: '{office}: पावती क्र. {receipt} ({category}) असलेल्या आपल्या अर्जाचे काम पूर्ण झाले आहे. धन्यवाद.',
    categories: serviceCategoriesMr,
    statuses: serviceStatusesMr,
  },
  hi: {
    title: 'आपके अनुरोध की रसीद',
    receipt: 'रसीद सं.',
    date: 'पंजीकरण दिनांक',
    category: 'श्रेणी',
    status: 'स्थिति',
    office: 'कार्यालय',
    name: 'नाम',
    footer: 'अपने अनुरोध के बारे में पूछते समय यह रसीद संख्या बताएँ।',
    sms: '{office}: आपका अनुरोध दर्ज हो गया है। रसीद सं. {receipt}, दि. {date}, {category}। स्थिति: {status}। पूछताछ के समय यह रसीद संख्या बताएँ।',
    resolvedSms: '{office}: रसीद सं. {receipt} ({category}) वाले आपके अनुरोध का समाधान हो गया है। धन्यवाद।',
    categories: serviceCategoriesHi,
    statuses: serviceStatusesHi,
  },
  gu: {
    title: 'તમારી અરજીની પહોંચ',
    receipt: 'પહોંચ નં.',
    date: 'નોંધણી તારીખ',
    category: 'પ્રકાર',
    status: 'સ્થિતિ',
    office: 'કાર્યાલય',
    name: 'નામ',
    footer: 'અરજી વિશે પૂછતી વખતે આ પહોંચ નંબર જણાવો.',
    sms: '{office}: તમારી અરજી નોંધાઈ છે. પહોંચ નં. {receipt}, તા. {date}, {category}. સ્થિતિ: {status}. પૂછપરછ વખતે આ પહોંચ નંબર જણાવો.',
    resolvedSms: '{office}: પહોંચ નં. {receipt} ({category}) વાળી તમારી અરજીનો ઉકેલ આવી ગયો છે. આભાર.',
    categories: serviceCategoriesGu,
    statuses: serviceStatusesGu,
  },
};

export interface ReceiptFacts {
  receipt_no: string;
  // The day registered, YYYY-MM-DD in the office's timezone.
  registered_on: string;
  category: ServiceCategory;
  status: ServiceStatus;
  office_name: string;
}

// 2026-12-07 → 07-12-2026, as dates are written on Indian paper.
export function receiptDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}-${month}-${year}`;
}

export function receiptMessage(facts: ReceiptFacts, language: ReceiptLanguage): string {
  const words = RECEIPT_WORDS[language];
  const values: Record<string, string> = {
    office: facts.office_name,
    receipt: facts.receipt_no,
    date: receiptDate(facts.registered_on),
    category: words.categories[facts.category],
    status: words.statuses[facts.status],
  };
  return words.sms.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

// The SMS telling the citizen their request is resolved (decision 090).
export function resolutionMessage(facts: Pick<ReceiptFacts, 'receipt_no' | 'category' | 'office_name'>, language: ReceiptLanguage): string {
  const words = RECEIPT_WORDS[language];
  const values: Record<string, string> = { office: facts.office_name, receipt: facts.receipt_no, category: words.categories[facts.category] };
  return words.resolvedSms.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

// A click-to-chat link opened on the phone (as the voter card's WhatsApp button): the
// citizen's 10-digit Indian mobile with 91 before it, the receipt as the message.
export function receiptWhatsAppHref(mobile: string | null, message: string): string | null {
  return mobile && /^\d{10}$/.test(mobile) ? `https://wa.me/91${mobile}?text=${encodeURIComponent(message)}` : null;
}
