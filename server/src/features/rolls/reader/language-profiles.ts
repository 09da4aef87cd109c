import type { OcrLanguage, OcrModels } from './ocr';

// A roll's language as data: what the reader needs to know about rolls printed in it, in one
// profile each, read by the same stages (read-page.ts). A new language, or a new kind of roll
// in a known one, is a profile here (and its words), not a branch in the stages.

export type ProfileCode = 'eng' | 'hin' | 'mar' | 'guj';
export type LabelField = 'name' | 'father' | 'husband' | 'mother' | 'other' | 'house' | 'age';
export type GenderWord = 'Female' | 'Third' | 'Male';

export interface LanguageProfile {
  code: ProfileCode;
  // The Unicode block its names are written in, as a character class.
  script: string;
  // Label words as regular-expression sources, longer forms first, with the misreadings OCR
  // makes of them on real rolls ("वडिलाचे" without its anusvara, "Mame").
  labels: Record<LabelField, string[]>;
  // The labels as printed, for matching a reading a letter or two off (label-match.ts).
  printed: Partial<Record<LabelField, string[]>>;
  gender: { label: string[]; words: Record<GenderWord, string[]> };
  // Words only this language's rolls print, telling it from another of its script.
  markers: string[];
  // OCR of a scan in this language; null: no model (such a page is read from its text layer).
  ocr: {
    // A scanned page's boxes, its strip and an unsure age; its cover (once a roll).
    page: OcrModels;
    cover: OcrModels;
    // The second reading of an unsure name; `sameAsPage`: it is the first reading's own model,
    // which misreads a right name as surely, so a differing second reading never replaces it.
    witness: OcrModels;
    // How a scanned box is read: cut after the labels' learnt pictures (Latin print: cut pieces
    // of Devanagari lines read worse, five more names wrong on the Hindi sample), or whole.
    cutAfterLabels: boolean;
    // The house number's second reading (house-readings.ts, second-readings.ts): by English's
    // best model from its line (Latin rolls); by the Marathi and English models, word by word
    // the surer (mixed scripts: "२A"); or the English digits of a Devanagari reading.
    houses: 'best-english' | 'mixed-script' | 'latin-digits';
  } | null;
  // The "plausible" row: a voter's and a relative's name share a word (a surname), except
  // where a wife's name often shares none with her husband's (Hindi rolls).
  namesShareWord: boolean;
}

export const PROFILES: Record<ProfileCode, LanguageProfile> = {
  eng: {
    code: 'eng',
    script: '[A-Za-z]',
    labels: {
      father: ["father'?s?\\s*name", 'fathers?'],
      husband: ["husband'?s?\\s*name", 'husbands?'],
      mother: ["mother'?s?\\s*name", 'mothers?'],
      other: ["other'?s?\\s*name", 'others?'],
      house: ['house\\s*(number|no\\.?)'],
      age: ['age'],
      name: ['name', 'mame', 'narne', 'nane', 'nama'],
    },
    printed: { father: ["Father's Name"], husband: ["Husband's Name"], mother: ["Mother's Name"], other: ["Other's Name"], house: ['House Number'] },
    gender: { label: ['gender'], words: { Female: ['female', 'femaie', 'fernale'], Third: ['third'], Male: ['male', 'maie'] } },
    markers: [],
    ocr: { page: 'eng', cover: 'eng', witness: 'eng-best', cutAfterLabels: true, houses: 'best-english' },
    namesShareWord: true,
  },
  hin: {
    code: 'hin',
    script: '[\\u0900-\\u097f]',
    labels: {
      // A low-resolution scan's नाम also reads नाभ or नान.
      father: ['पिता\\s*का\\s*ना[मसभन]', 'पिता'],
      // "पत्ति" is how OCR reads this print's पति now and then (a Bihar roll).
      husband: ['(?:पत्ति|पति)\\s*का\\s*ना[मसभन]', 'पति'],
      mother: ['[मभ]ाता\\s*का\\s*ना[मसभन]', 'माता'],
      other: ['अन्य\\s*का\\s*ना[मसभन]'],
      // At low resolution "मकान संख्या" reads "मकान ग्रँख्या", "प्रकान स्या": मकान and a word.
      house: ['मकान\\s*सं?ख्या', 'मकान\\s+स\\S*', 'मकान\\s*नं?\\.?', '(?:म|प्र|प)क?कान\\s+\\S+'],
      age: ['आयु'],
      // ECI's Hindi rolls print "निर्वाचक का नाम" (the elector's name) or "नाम".
      name: ['निर्वाचक\\s*का\\s*ना[मसभन]', 'ना[मस]ः', 'ना[मस](?=[\\s:])', 'ना[भन](?=\\s*(?:[:;]|ः))', 'नाम'],
    },
    printed: { name: ['निर्वाचक का नाम'], father: ['पिता का नाम'], husband: ['पति का नाम'], mother: ['माता का नाम'], other: ['अन्य का नाम'], house: ['मकान संख्या'] },
    // The Marathi model reads a bold "स्त्री" as "सत्री", "खत्री", once "सरी" (box-fields.ts).
    gender: { label: ['लिंग'], words: { Female: ['महिला', 'त्री', 'स्री', 'सरी'], Third: ['तृतीय', 'ट्रांसजेंडर', 'अन्य'], Male: ['पुरुष', 'पुरूष', 'पु\\b', 'पु$', 'पु\\s'] } },
    markers: [],
    // One Devanagari model reads a Hindi scan: the Marathi one (decision 058: the Hindi one alone
    // misreads this print's म as स, द as व); the Hindi model is the witness. Its cover is read by
    // both (no Hindi cover among the samples to measure one model on).
    ocr: { page: 'mar', cover: 'hin+mar', witness: 'hin', cutAfterLabels: false, houses: 'latin-digits' },
    namesShareWord: false,
  },
  mar: {
    code: 'mar',
    script: '[\\u0900-\\u097f]',
    labels: {
      // At low resolution नाव also reads नाच or नांब, पतीचे पत्तीचे.
      father: ['[वप]डि?ी?लां?चे\\s*नां?[वचब]', '[वप]डि?ी?लां?चे'],
      husband: ['पत्?तीचे\\s*नां?[वचब]', 'पत्?तीचे', 'पतीये\\s*नां?व'],
      mother: ['आईचे\\s*नां?व', 'आईचे'],
      // A ward list prints "इतर" alone where the relation is another's.
      other: ['इतर\\s*नां?व', 'इतर(?=\\s*(?::|ः))'],
      house: ['घर\\s*क्रमां?क', 'घर\\s*क्र\\.?', '[घच]रं?\\s*क्?़?र?मां?क'],
      age: ['वय'],
      // A low-resolution scan reads पूर्ण as पुर्ण.
      name: ['नांव', 'नाव', 'मतदाराचे\\s*प[ुू]र्ण(\\s*नां?व)?', 'मतदाराचे'],
    },
    printed: { name: ['मतदाराचे पूर्ण नाव', 'मतदाराचे पूर्ण'], father: ['वडिलांचे नाव'], husband: ['पतीचे नाव'], mother: ['आईचे नाव'], other: ['इतर नाव'], house: ['घर क्रमांक'] },
    // At 115 ppi the Marathi model reads स्त्री as "खी" or "खरी" (a Daryapur page rendered so).
    gender: { label: ['लिंग'], words: { Female: ['त्री', 'स्री', 'सरी', 'खरी', 'खी'], Third: ['तृतीय', 'इतर'], Male: ['पु\\b', 'पु$', 'पु\\s'] } },
    markers: ['मतदाराचे', 'वडिलांचे', 'पतीचे', 'क्रमांक', 'आईचे', 'प्रभाग', 'वय'],
    ocr: { page: 'mar', cover: 'mar', witness: 'mar', cutAfterLabels: false, houses: 'mixed-script' },
    namesShareWord: true,
  },
  guj: {
    code: 'guj',
    script: '[\\u0a80-\\u0aff]',
    labels: {
      // Older rolls drop the anusvara ("પિતાનુ નામ") and spell the husband "પતી".
      father: ['પિતાનું?\\s*નામ'],
      husband: ['પત[િી]નું?\\s*નામ'],
      mother: ['માતાનું?\\s*નામ'],
      other: ['અન્યનું?\\s*નામ', 'અન્ય'],
      // Some rolls print the house as મકાન ("મકાન નંબર", "મકાન નં.").
      house: ['ઘર\\s*નંબર', 'ઘર\\s*નં\\.?', 'મકાન\\s*નંબર', 'મકાન\\s*નં\\.?'],
      // Older rolls drop the anusvara ("ઉમર").
      age: ['ઉં?મર'],
      name: ['મતદારનું?\\s*નામ', 'નામ'],
    },
    printed: { name: ['મતદારનું નામ'], father: ['પિતાનું નામ'], husband: ['પતિનું નામ'], mother: ['માતાનું નામ'], house: ['ઘર નંબર'] },
    gender: { label: ['લિંગ', 'જાતિ'], words: { Female: ['સ્ત્રી', 'સ્રી', 'મહિલા'], Third: ['ત્રીજી', 'તૃતીય', 'અન્ય'], Male: ['પુરુષ', 'પુરૂષ'] } },
    markers: [],
    // No Gujarati OCR model is installed: a Gujarati roll is read from its text layer.
    ocr: null,
    namesShareWord: true,
  },
};

// The profiles in the order their label words are tried (scripts do not overlap, so the order
// across languages changes nothing; within a language, longer forms come first).
export const PROFILE_ORDER: ProfileCode[] = ['eng', 'hin', 'mar', 'guj'];

export const profileOf = (language: OcrLanguage | ProfileCode) => PROFILES[language];

// The profiles of the languages written in the script most of the text's letters are in.
export function profilesOfScript(text: string): LanguageProfile[] {
  const counts = PROFILE_ORDER.map((code) => ({ code, count: text.match(new RegExp(PROFILES[code].script, 'gu'))?.length ?? 0 }));
  const most = Math.max(...counts.map(({ count }) => count));
  return most === 0 ? [] : counts.filter(({ count }) => count === most).map(({ code }) => PROFILES[code]);
}

// The OCR profile of a language read by OCR (eng, hin, mar all have one).
export function ocrProfile(language: OcrLanguage): NonNullable<LanguageProfile['ocr']> {
  return PROFILES[language].ocr as NonNullable<LanguageProfile['ocr']>;
}
