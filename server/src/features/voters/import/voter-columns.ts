import { VOTER_FIELD_LABELS, type VoterField } from '@shared/voters/voter-schema';

// The columns of an export, in order; import reads the same headers back.
export const VOTER_COLUMNS = Object.keys(VOTER_FIELD_LABELS) as VoterField[];
export const FLAG_FIELDS = new Set<VoterField>(['present_in_city', 'is_dead']);

// Headers compare without case, spaces, underscores or punctuation ("Voter ID", "voter_id", "VOTERID").
export function normalizeHeader(header: string): string {
  return header.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}\p{M}]/gu, '');
}

// Common variants and Marathi headers for the main fields.
const EXTRA_ALIASES: Partial<Record<VoterField, string[]>> = {
  voter_no: ['Voter No', 'Serial No', 'Sr No', 'अनुक्रमांक', 'मतदार क्रमांक'],
  full_name: ['Name', 'Voter Name', 'नाव', 'पूर्ण नाव', 'मतदाराचे नाव'],
  voter_id: ['EPIC', 'EPIC No', 'EPIC Number', 'Voter ID No', 'मतदार ओळखपत्र क्रमांक', 'ओळखपत्र क्रमांक'],
  age: ['वय'],
  gender: ['Sex', 'लिंग'],
  date_of_birth: ['DOB', 'Birth Date', 'जन्म तारीख'],
  father_husband_name: ['Father Name', 'Husband Name', 'Relative Name', 'वडील/पतीचे नाव', 'वडिलांचे नाव'],
  religion: ['धर्म'],
  mobile_number: ['Mobile', 'Mobile No', 'Phone', 'Phone Number', 'मोबाईल', 'मोबाईल क्रमांक'],
  whatsapp_number: ['WhatsApp', 'WhatsApp No', 'व्हॉट्सअॅप'],
  house_no: ['House Number', 'घर क्रमांक'],
  ward_area: ['Ward', 'Area', 'प्रभाग'],
  village: ['गाव'],
  booth: ['Booth No', 'Booth Name', 'बूथ'],
  district: ['जिल्हा'],
  taluka: ['तालुका'],
  category: ['प्रवर्ग'],
  caste: ['जात'],
  sub_caste: ['Subcaste', 'पोटजात'],
  political_preference: ['Party', 'पक्ष'],
  occupation: ['व्यवसाय'],
  is_dead: ['Dead', 'Is Dead', 'मृत'],
  comment: ['Comments', 'Remarks', 'Notes', 'शेरा'],
};

const HEADER_TO_FIELD = new Map<string, VoterField>();
for (const field of VOTER_COLUMNS) {
  for (const name of [field, VOTER_FIELD_LABELS[field], ...(EXTRA_ALIASES[field] ?? [])]) {
    HEADER_TO_FIELD.set(normalizeHeader(name), field);
  }
}

export function fieldForHeader(header: string): VoterField | undefined {
  return HEADER_TO_FIELD.get(normalizeHeader(header));
}

const YES = new Set(['yes', 'y', 'true', '1', 'on', 'हो', 'होय']);
const NO = new Set(['no', 'n', 'false', '0', 'off', 'नाही']);

// Yes/No columns in the words people type; anything else goes to the schema to be refused.
export function flagText(text: string): string | undefined {
  const value = text.trim().toLowerCase();
  if (value === '') return undefined;
  if (YES.has(value)) return 'true';
  if (NO.has(value)) return 'false';
  return text;
}
