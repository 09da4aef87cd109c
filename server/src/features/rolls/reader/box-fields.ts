import type { RollBoxField, RollGender, RollRelation, RollReviewReason } from '@shared/rolls/roll-types';
import { ROLL_REVIEW_CONFIDENCE } from '@shared/rolls/roll-types';
import { AGE_MAX, AGE_MIN } from '@shared/voters/voter-fields';
import { latinDigits } from './devanagari';
import { checkEpic, findEpic } from './epic';
import { innerLabelStart, labelAtStart } from './label-match';
import { hasLabelWord } from './name-plausibility';
import { type LabelField, PROFILE_ORDER, PROFILES } from './language-profiles';

// Turns the text of one voter box (from the text layer or OCR) into fields. The labels are the
// ones printed on ECI and State Election Commission rolls in English, Hindi, Marathi and
// Gujarati; OCR often mangles the colon after a label ("Age © 37", "नामः"), so the value is
// what follows the label after any punctuation.

export interface TextWord {
  text: string;
  confidence: number; // 0 to 1
}

export interface TextLine {
  words: TextWord[];
}

export interface ParsedBox {
  serialNo: number | null;
  epic: string | null;
  fullName: string | null;
  relation: RollRelation | null;
  relativeName: string | null;
  houseNo: string | null;
  age: number | null;
  gender: RollGender | null;
  deleted: boolean;
  duplicateMark: boolean;
  confidence: Record<RollBoxField, number>;
  review: RollReviewReason[];
}

// Digits as numbers. Hindi and Marathi rolls print ages and house numbers in Latin digits too,
// and the Devanagari models read a 1 beside another digit as a danda ("41" as "4।", "21" as
// "2।", "81डी3" as "8!डी3"): beside a digit, a danda, a bar or an exclamation mark is a 1.
export function numberDigits(text: string): string {
  return latinDigits(text).replace(/(?<=\d)[।|!]|[।|!](?=\d)/gu, '1');
}

export type { LabelField };
// The label words of every language profile (language-profiles.ts), field by field in the order
// they are tried.
const LABEL_FIELDS: LabelField[] = ['father', 'husband', 'mother', 'other', 'house', 'age', 'name'];
const LABEL_SOURCES: { field: LabelField; source: string }[] = LABEL_FIELDS.map((field) => ({ field, source: PROFILE_ORDER.flatMap((code) => PROFILES[code].labels[field]).join('|') }));
// (OCR reads a colon standing alone as "°" or "'+".)
const PUNCTUATION = /^(?:[\s:;=–—©®°+.,|!'"_~`<>-]|ः)+/u;

// A whole printed label with its colon as OCR reads it ("Father's Name :", "लिंगः"), for keeping
// label pictures (label-templates.ts): which field it introduces, or null. The gender label
// stands inside the age line.
const GENDER_LABEL = [...new Set(PROFILE_ORDER.flatMap((code) => PROFILES[code].gender.label))].join('|');
const GENDER_IN_LINE = new RegExp(`(${GENDER_LABEL})`, 'iu');
const GENDER_AT_START = new RegExp(`^(${GENDER_LABEL})`, 'iu');
const COLONS = '\\s*(?:[:;©|]|ः)+$';
const WHOLE_LABELS = [...LABEL_SOURCES, { field: 'gender' as const, source: GENDER_LABEL }].map(({ field, source }) => ({ field, pattern: new RegExp(`^(?:${source})${COLONS}`, 'iu') }));
export function printedLabelField(text: string): LabelField | 'gender' | null {
  const plain = text.normalize('NFC');
  return WHOLE_LABELS.find(({ pattern }) => pattern.test(plain))?.field ?? null;
}

// A printed label's words without the colon after them ("Father's Name :" → "Father's Name").
const TRAILING_COLONS = new RegExp(COLONS, 'u');
export const withoutColon = (label: string): string => label.replace(TRAILING_COLONS, '');

// A label misread past knowing on a low-resolution scan ("चाम;", "खाम:" for "नाम:"): a short word
// and its colon at a line's start (no name holds a colon).
const UNREAD_LABEL = /^[\p{L}\p{M}]{1,5}\s*(?:[:;]|ः)\s*/u;

// The end of a Hindi label ("<relation> का नाम") whose first word was lost or misread at low
// resolution ("ं कां नाम", "निंवेचिक-का नाम", "कॉ नाम !"), at a value's start: no name holds
// "का नाम".
const LABEL_TAIL = /^(?:\S*[-\s])?क[ाॉ]?ं?\s*ना[मसभनय]\s*(?:[:;!]|ः)?\s+/u;

function stripLeading(text: string): string {
  return text.replace(PUNCTUATION, '').trim();
}

function cleanName(text: string): string {
  // OCR leaves stray punctuation at the ends of names; Devanagari names keep their script.
  return text
    // Zero-width joiners (the Marathi model writes "क्‍ल" for "क्ल") change no letter.
    .replace(/[\u200c\u200d]/gu, '')
    // A vowel sign or virama never starts a word: one before a name is a speck read so.
    .replace(/^[\s\u093e-\u094d\u0901-\u0903]+/u, '')
    // No Hindi or Marathi name ends in a halant under ड or ढ: it is the nukta OCR misread (गौड़).
    .replace(/([डढ])\u094d(?=[\s.,|:;]|$)/gu, '$1\u093c')
    .replace(/[|©®°_=~`"“”‘’:;]+/gu, ' ')
    // A roll's sans-serif capital I is drawn as its small l, and OCR reads "Ilahi" as "llahi",
    // "Iqbal" as "lqbal": no Indian name starts with an l before a consonant.
    .replace(/(^|[\s.])l(?=[bcdfghjklmnpqrstvwxzBCDFGHJKLMNPQRSTVWXZ])/gu, '$1I')
    .replace(/\s+/gu, ' ')
    // A frame's speck read as a bracket or a digit glued to a name's ends (no name holds one).
    .replace(/^[\s.,'()[\]{}0-9०-९-]+|[\s.,'()[\]{}-]+$/gu, '')
    .trim()
    .normalize('NFC');
}

// The Marathi model reads a ward list's bold "स्त्री" (its स्त ligature) as "सत्री", "खत्री" or
// "खसत्री", at 61-78%: its "त्री" is read right. Once in a scanned page's thirty it dropped the
// त् too ("सरी"): no other gender word reads so. (स्त्री, with or without a joiner, holds त्री.)
const FEMALE_DEVANAGARI = 'त्री|स्री|सरी';
// Female before Male: "female" holds "male".
const GENDERS: { gender: RollGender; pattern: RegExp }[] = (['Female', 'Third', 'Male'] as const).map((gender) => ({
  gender,
  pattern: new RegExp(`(${[...new Set(PROFILE_ORDER.flatMap((code) => PROFILES[code].gender.words[gender]))].join('|')})`, 'iu'),
}));

// A scan's "स्त्री" often reads unsure (":खस्त्री" 35%, "सरी" 71%: the colon or a conjunct the
// model doubts), yet nothing else in a gender's place looks like it: पु is two strokes. Its
// class is sure when its letters are not, so the gender is not sent for review.
const FEMALE_DEVANAGARI_WORD = new RegExp(`(${FEMALE_DEVANAGARI})`, 'u');
const GENDER_CLASS_SURE = 0.9;
const GENDER_FROM_RELATION = 0.85;

export function parseGender(text: string): RollGender | null {
  for (const { gender, pattern } of GENDERS) if (pattern.test(text)) return gender;
  if (/(^|\s|:)पु/u.test(text)) return 'Male';
  return null;
}

// How sure a value is: the least sure of its words.
function wordsConfidence(words: TextWord[]): number {
  return words.length === 0 ? 0 : Math.min(...words.map((word) => word.confidence));
}

function lineText(line: TextLine): string {
  return line.words.map((word) => word.text).join(' ').normalize('NFC');
}

// A name of letters of one script with spaces, dots and apostrophes; digits or a second script
// mean the reading went wrong.
function plausibleName(name: string): boolean {
  if (/\d/u.test(latinDigits(name))) return false;
  const devanagari = /[\u0900-\u097f]/u.test(name);
  const latin = /[A-Za-z]/u.test(name);
  const gujarati = /[\u0a80-\u0aff]/u.test(name);
  if ([devanagari, latin, gujarati].filter(Boolean).length !== 1) return false;
  if (!/^[\p{L}\p{M}\s.'-]+$/u.test(name)) return false;
  // Devanagari words never start with a vowel sign or virama.
  if (devanagari && /(^|\s)[\u093e-\u094d\u0901-\u0903]/u.test(name)) return false;
  return name.replace(/\s/gu, '').length >= 2;
}

export interface BoxText {
  header: TextLine; // the line with the serial number and EPIC
  body: TextLine[]; // the lines below it, photo excluded
  // Values read exactly from a trustworthy source (the text layer's Latin digits), kept over OCR.
  known?: { serialNo?: number; serialConfidence?: number; epic?: string; age?: number };
}

// An age a voter can have (the voter form's range): another was misread.
export const ageInRange = (age: number) => age >= AGE_MIN && age <= AGE_MAX;

export function parseBox(box: BoxText): ParsedBox {
  const review: RollReviewReason[] = [];
  const headerText = latinDigits(lineText(box.header));
  const allText = [headerText, ...box.body.map(lineText)].join('\n');

  // Serial: the first number of the header that is not part of the EPIC or a cross-reference.
  let serialNo = box.known?.serialNo ?? null;
  let serialConfidence = serialNo !== null ? (box.known?.serialConfidence ?? 0.99) : 0;
  if (serialNo === null) {
    for (const word of box.header.words) {
      const digits = latinDigits(word.text).replace(/[,.]/gu, '');
      if (/^\d{1,5}$/u.test(digits) && !/[A-Za-z/]/u.test(word.text)) {
        serialNo = Number(digits);
        serialConfidence = word.confidence;
        break;
      }
    }
  }

  let epic = box.known?.epic ?? null;
  let epicConfidence = epic ? 0.99 : 0;
  if (!epic) {
    epic = findEpic(headerText) ?? findEpic(allText);
    if (epic) {
      const word = box.header.words.find((w) => w.text.toUpperCase().includes(epic!.slice(-4)));
      epicConfidence = word?.confidence ?? 0.7;
    }
  }

  let fullName: string | null = null;
  let nameWords: TextWord[] = [];
  let relation: RollRelation | null = null;
  let relativeName: string | null = null;
  let relativeWords: TextWord[] = [];
  let houseNo: string | null = null;
  let houseWords: TextWord[] = [];
  let age: number | null = box.known?.age ?? null;
  let ageConfidence = age !== null ? 0.99 : 0;
  let gender: RollGender | null = null;
  let genderConfidence = 0;
  type Slot = 'name' | 'relative' | 'house' | 'age';
  let current: Slot | null = null;
  let order = 0; // unlabelled lines take the next field in the printed order

  const lines: TextLine[] = [];
  // Lines cut off another where a label was found inside it (innerLabelStart): their label is
  // matched as it was found there.
  const splitOff = new Set<TextLine>();
  for (const line of box.body) {
    const text = lineText(line);
    const innerAt = innerLabelStart(text);
    if (innerAt <= 0) {
      lines.push(line);
      continue;
    }
    // Split the words where the inner label starts.
    let length = 0;
    const at = line.words.findIndex((word) => {
      const before = length;
      length += word.text.length + 1;
      return before >= innerAt;
    });
    if (at <= 0) lines.push(line);
    else {
      const rest = { words: line.words.slice(at) };
      lines.push({ words: line.words.slice(0, at) }, rest);
      splitOff.add(rest);
    }
  }

  for (const line of lines) {
    const text = lineText(line).replace(/\*/gu, '').trim();
    if (!text) continue;
    // The Marathi label "मतदाराचे पूर्ण नाव" wraps: its "नाव" stands alone on the next line (read
    // "नांच", "नांब" at low resolution).
    if (/^(ना[ंँ]?[वचबय]|name)\s*(?::|ः)?\s*$/iu.test(text)) continue;
    if (current === 'name' && fullName && /^(नाव|नांव)([\s.,:]|ः|$)/u.test(text)) continue;
    const label = labelAtStart(text, splitOff.has(line));
    let value = text;
    let field: Slot | null = null;
    if (label) {
      value = stripLeading(text.slice(label.end));
      // "मतदाराचे पूर्ण नाव" may leave "नाव" after the value's colon.
      value = value.replace(/^(नाव|नांव)\s*(?::|ः)\s*/u, '');
      if (label.field === 'name') field = 'name';
      else if (label.field === 'house') field = 'house';
      else if (label.field === 'age') field = 'age';
      else {
        field = 'relative';
        relation = label.field;
      }
    } else if (current === 'name' || current === 'relative') {
      // A long name wraps onto the next line.
      const words = line.words.filter((word) => word.text.replace(/\*/gu, '').trim());
      if (current === 'name') nameWords = [...nameWords, ...words];
      else relativeWords = [...relativeWords, ...words];
      if (current === 'name') fullName = cleanName(`${fullName ?? ''} ${text}`);
      else relativeName = cleanName(`${relativeName ?? ''} ${text}`);
      continue;
    } else {
      field = (['name', 'relative', 'house', 'age'] as const)[order] ?? null;
      if (!field) continue;
      value = value.replace(UNREAD_LABEL, '');
    }
    order = (['name', 'relative', 'house', 'age'] as const).indexOf(field) + 1;
    current = field;
    const valueWords = line.words.filter((word) => value.includes(word.text) && word.text.replace(PUNCTUATION, '').length > 0);
    if (field === 'name') {
      fullName = cleanName(value.replace(LABEL_TAIL, ''));
      nameWords = valueWords;
    } else if (field === 'relative') {
      relativeName = cleanName(value.replace(LABEL_TAIL, ''));
      relativeWords = valueWords;
    } else if (field === 'house') {
      houseNo = numberDigits(value).replace(/^[-–—]+$/u, '').trim() || null;
      houseWords = valueWords;
    } else {
      const plain = numberDigits(value);
      const genderAt = plain.search(GENDER_IN_LINE);
      const agePart = genderAt >= 0 ? plain.slice(0, genderAt) : plain;
      const genderPart = genderAt >= 0 ? plain.slice(genderAt).replace(GENDER_AT_START, '') : plain;
      const ageMatch = agePart.match(/\d{1,3}/u);
      if (age === null && ageMatch) {
        age = Number(ageMatch[0]);
        const word = line.words.find((w) => numberDigits(w.text).includes(ageMatch[0]));
        ageConfidence = word?.confidence ?? 0.7;
      }
      gender = parseGender(genderPart);
      if (gender) {
        const word = [...line.words].reverse().find((w) => parseGender(w.text) !== null);
        genderConfidence = word?.confidence ?? 0.85;
        if (word && FEMALE_DEVANAGARI_WORD.test(word.text)) genderConfidence = Math.max(genderConfidence, GENDER_CLASS_SURE);
      }
    }
  }

  // The wrapped "नाव" of "मतदाराचे पूर्ण नाव" read onto the name's own line, a letter off ("नांद").
  if (fullName && fullName.split(' ').length >= 3) fullName = fullName.replace(/\s+ना[ंँ]?[वचबयद]$/u, '');
  const deleted = /\bDELETED\b|वगळलेले|हटाया/iu.test(allText) || /(^|\s)\*(\s|$)/u.test(headerText.replace(/\*\*/gu, ''));
  const duplicateMark = /\*\*/u.test(allText);

  const confidence: Record<RollBoxField, number> = {
    serialNo: serialNo === null ? 0 : serialConfidence,
    epic: epic ? epicConfidence : 0,
    fullName: fullName ? wordsConfidence(nameWords.length ? nameWords : [{ text: '', confidence: 0.7 }]) : 0,
    relation: relation ? 0.95 : 0,
    relativeName: relativeName ? wordsConfidence(relativeWords.length ? relativeWords : [{ text: '', confidence: 0.7 }]) : 0,
    houseNo: houseNo ? wordsConfidence(houseWords.length ? houseWords : [{ text: '', confidence: 0.7 }]) : 0.9,
    age: age === null ? 0 : ageConfidence,
    gender: gender ? genderConfidence : 0,
  };

  if (epic) {
    const check = checkEpic(epic);
    // A misread that still passes the check digit is rare: a valid check is worth more than the
    // OCR's own doubt about a word no dictionary knows.
    if (check === 'valid') confidence.epic = Math.max(confidence.epic, 0.9);
    else if (check === 'old-format') confidence.epic = Math.max(confidence.epic, 0.8);
    if (check === 'check-digit') {
      confidence.epic = Math.min(confidence.epic, 0.6);
      review.push({ field: 'epic', reason: 'epic-check-digit' });
    } else if (check === 'format') {
      confidence.epic = Math.min(confidence.epic, 0.3);
      review.push({ field: 'epic', reason: 'epic-format' });
    }
  }
  // A husband's name is printed for a wife: the relation confirms a Female reading and
  // contradicts a Male one (one of the two was misread; a person looks).
  if (relation === 'husband' && gender === 'Female') confidence.gender = Math.max(confidence.gender, GENDER_CLASS_SURE);
  if (relation === 'husband' && gender === 'Male') confidence.gender = Math.min(confidence.gender, 0.5);
  // A gender word unread (a low-resolution scan's स्त्री) beside a husband's name is a wife's.
  if (relation === 'husband' && gender === null) {
    gender = 'Female';
    confidence.gender = GENDER_FROM_RELATION;
  }
  // A name that keeps a label word, or runs to more words than a name has, took in another line.
  const glued = (name: string) => hasLabelWord(name) || name.split(/\s+/u).length > 5;
  if (fullName && (!plausibleName(fullName) || glued(fullName))) confidence.fullName = Math.min(confidence.fullName, 0.5);
  if (relativeName && (!plausibleName(relativeName) || glued(relativeName))) confidence.relativeName = Math.min(confidence.relativeName, 0.5);
  if (age !== null && !ageInRange(age)) {
    confidence.age = Math.min(confidence.age, 0.3);
    review.push({ field: 'age', reason: 'age-out-of-range' });
  }
  for (const field of ['serialNo', 'epic', 'fullName', 'relation', 'relativeName', 'age', 'gender'] as const) {
    const missing = confidence[field] === 0;
    if (missing) review.push({ field, reason: 'missing' });
    else if (confidence[field] < ROLL_REVIEW_CONFIDENCE && !review.some((r) => r.field === field)) review.push({ field, reason: 'low-confidence' });
  }
  if (houseNo && confidence.houseNo < ROLL_REVIEW_CONFIDENCE) review.push({ field: 'houseNo', reason: 'low-confidence' });

  return { serialNo, epic, fullName, relation, relativeName, houseNo, age, gender, deleted, duplicateMark, confidence, review };
}
