import { BOOTHS } from '../reference/booths';
import type { ListOption } from '../reference/staff-lists';
import {
  CASTES,
  CASTE_VALUES,
  CATEGORIES,
  DISABILITIES,
  GENDERS,
  HEAD_OF_HOUSE_VALUES,
  MESSAGE_LANGUAGES,
  OCCUPATION_SUBCATEGORIES,
  OCCUPATIONS,
  RELATION_TYPES,
  POLITICAL_PREFERENCES,
  RELIGIONS,
  TALUKAS,
  VILLAGES,
} from '../reference/voter-lists';

// The one table of voter fields (spec section 3). Everything else reads it: the create, update
// and query schemas (voter-schema.ts), the database row type and the row <-> API mapping
// (server), the form's state and sections (web), import header matching and export/template
// columns. Adding a voter field is one line here plus one migration that adds its column.
//
// Per field:
// - kind: how it is validated and stored (text, the EPIC voter ID, whole number, a value from a
//   list, a 10-digit mobile, a yes/no flag stored 0/1, an ISO date).
// - label: the English label, which is also the export/template header (the spec's exact text);
//   the translation key is `voters.fields.<name>`.
// - section: where the form shows it.
// - restricted: only Super Admin and Admin change it once the voter exists (spec section 5).
// - aliases: other header names an import accepts (English and Marathi).
// - filter: how GET /api/voters filters on it (`equals`: any text, compared exactly;
//   `one-of`: must be a value of the list, else `filterMessage`).
// - wide: a long text (wider export column, a full row in the form).
// - example: the import template's example row.
// - templateValues: the template's "Allowed values" for a field that is not a list kind.
// - form: how the form shows it (input type, placeholder key, a choice list for numbers).

export type VoterFieldKind = 'text' | 'voter-id' | 'int' | 'list' | 'mobile' | 'flag' | 'date';
// The form's sections, in the order it shows them.
export const VOTER_FORM_SECTIONS = ['voterNumber', 'personal', 'contact', 'address', 'political', 'other'] as const;
export type VoterFormSection = (typeof VOTER_FORM_SECTIONS)[number];
export type VoterFieldFilter = 'equals' | 'one-of';

export interface VoterFieldForm {
  input?: 'number' | 'date' | 'tel' | 'textarea';
  placeholder?: 'voterNo' | 'voterId' | 'mobile';
  // A number chosen from a short list rather than typed.
  choices?: readonly number[];
  // The whole row of the form's two-column grid, or the whole row on a phone only.
  span?: 'full' | 'full-on-phone';
  // Place in the form's open "main details" block at the top (issue 21): the fields a worker
  // fills for nearly every voter. Every other field sits in its section, folded until opened.
  main?: number;
}

interface FieldBase {
  name: string;
  label: string;
  section: VoterFormSection;
  restricted?: boolean;
  aliases?: readonly string[];
  filter?: VoterFieldFilter;
  filterMessage?: string;
  wide?: boolean;
  example?: string | number;
  templateValues?: readonly string[];
  form?: VoterFieldForm;
}

export type VoterFieldSpec =
  | (FieldBase & { kind: 'text'; max: number; required?: boolean })
  | (FieldBase & { kind: 'voter-id' })
  | (FieldBase & { kind: 'int'; min: number; max: number; message: string })
  | (FieldBase & { kind: 'list'; options: readonly (ListOption | string)[] })
  | (FieldBase & { kind: 'mobile' })
  | (FieldBase & { kind: 'flag'; default: boolean })
  | (FieldBase & { kind: 'date' });

export const AGE_MIN = 18;
export const AGE_MAX = 120;
// A part of the roll holds at most a few thousand voters.
export const PART_SERIAL_MIN = 1;
export const PART_SERIAL_MAX = 9999;
const ALL_SUBCASTES = [...new Set(CASTES.flatMap((caste) => caste.subcastes))];

// prettier-ignore
export const VOTER_FIELDS = [
  { name: 'voter_no', kind: 'text', required: true, max: 30, label: 'Voter Number', section: 'voterNumber', aliases: ['Voter No', 'मतदार क्रमांक', 'मतदार क्र.', 'मतदाता क्रमांक'], example: '1', form: { main: 9, placeholder: 'voterNo' } },
  { name: 'full_name', kind: 'text', required: true, max: 120, label: 'Full Name', section: 'personal', restricted: true, wide: true, aliases: ['Name', 'Voter Name', 'नाव', 'पूर्ण नाव', 'मतदाराचे नाव', 'मतदाराचे पूर्ण नाव', 'नाम', 'पूरा नाम', 'मतदाता का नाम'], example: 'Rahul Shivaji Chavan', form: { main: 1, span: 'full' } },
  { name: 'voter_id', kind: 'voter-id', label: 'Voter ID', section: 'voterNumber', aliases: ['EPIC', 'EPIC No', 'EPIC Number', 'Voter ID No', 'Voter Card No', 'मतदार ओळखपत्र क्रमांक', 'मतदार ओळखपत्र क्र. (EPIC)', 'मतदार ओळखपत्र क्र.', 'मतदार ओळखपत्र', 'ओळखपत्र क्रमांक', 'EPIC क्रमांक', 'मतदाता पहचान पत्र सं. (EPIC)', 'मतदाता पहचान पत्र संख्या', 'मतदाता पहचान पत्र'], example: 'ABC1234567', form: { main: 10, placeholder: 'voterId' } },
  { name: 'age', kind: 'int', min: AGE_MIN, max: AGE_MAX, message: `Age must be between ${AGE_MIN} and ${AGE_MAX}`, label: 'Age', section: 'personal', restricted: true, aliases: ['वय', 'उम्र', 'आयु'], example: 34, form: { main: 4, input: 'number' } },
  { name: 'gender', kind: 'list', options: GENDERS, label: 'Gender', section: 'personal', filter: 'one-of', filterMessage: 'Choose Male, Female or Other', aliases: ['Sex', 'लिंग'], example: 'Male', form: { main: 5 } },
  { name: 'date_of_birth', kind: 'date', label: 'Date of Birth', section: 'personal', aliases: ['DOB', 'Birth Date', 'जन्म तारीख', 'जन्मदिनांक', 'जन्म दिनांक', 'जन्म तिथि'], example: '1991-05-02', form: { input: 'date' } },
  // Issue 60: greetings on the day, beside birthdays.
  { name: 'anniversary_date', kind: 'date', label: 'Anniversary Date', section: 'personal', aliases: ['Anniversary', 'Wedding Anniversary', 'Marriage Date', 'लग्नाचा वाढदिवस', 'विवाह दिनांक', 'विवाह वर्षगांठ', 'शादी की सालगिरह', 'લગ્ન તારીખ'], example: '2015-05-20', form: { input: 'date' } },
  { name: 'father_husband_name', kind: 'text', max: 120, label: 'Father/Husband Name', section: 'personal', restricted: true, wide: true, aliases: ['Father Name', 'Husband Name', 'Relative Name', 'Father/Husband', 'वडील/पतीचे नाव', 'वडिलांचे नाव', 'वडिलांचे/पतीचे नाव', 'नातेवाईकाचे नाव', 'पिता/पति का नाम', 'पिता का नाम', 'संबंधी का नाम'], example: 'Shivaji Chavan', form: { main: 2, span: 'full-on-phone' } },
  { name: 'relation_type', kind: 'list', options: RELATION_TYPES, label: 'Relation Type', section: 'personal', restricted: true, aliases: ['Relation', 'Relative Type', 'Relationship', 'नाते', 'नातेसंबंध', 'नात्याचा प्रकार', 'संबंध', 'संबंध का प्रकार'], example: 'Father', form: { main: 3 } },
  { name: 'religion', kind: 'list', options: RELIGIONS, label: 'Religion', section: 'personal', aliases: ['धर्म'], example: 'Hindu' },
  { name: 'disability', kind: 'list', options: DISABILITIES, label: 'Disability', section: 'personal', aliases: ['Divyang', 'दिव्यांग', 'दिव्यांगत्व', 'अपंगत्व', 'दिव्यांगता', 'विकलांगता'], example: 'No' },
  { name: 'mobile_number', kind: 'mobile', label: 'Mobile Number', section: 'contact', aliases: ['Mobile', 'Mobile No', 'Phone', 'Phone Number', 'Contact No', 'मोबाईल', 'मोबाईल क्रमांक', 'मोबाईल क्र.', 'मोबाईल नंबर', 'मोबाइल', 'मोबाइल नंबर', 'मोबाइल संख्या', 'भ्रमणध्वनी', 'फोन नंबर'], example: '9876543210', form: { main: 6, input: 'tel', placeholder: 'mobile' } },
  { name: 'whatsapp_number', kind: 'mobile', label: 'WhatsApp Number', section: 'contact', aliases: ['WhatsApp', 'WhatsApp No', 'व्हॉट्सअॅप', 'व्हॉट्सअॅप क्रमांक', 'व्हॉट्सॲप', 'व्हॉट्सॲप क्रमांक', 'व्हाट्सएप', 'व्हाट्सएप नंबर'], example: '9876543210', form: { input: 'tel', placeholder: 'mobile' } },
  { name: 'house_no', kind: 'text', max: 30, label: 'House No', section: 'address', restricted: true, aliases: ['House Number', 'घर क्रमांक', 'घर क्र.', 'घर नंबर', 'मकान नंबर', 'मकान संख्या'], example: '12/A', form: { main: 8 } },
  { name: 'ward_area', kind: 'text', max: 100, label: 'Ward/Area', section: 'address', restricted: true, wide: true, aliases: ['Ward', 'Area', 'प्रभाग', 'प्रभाग/क्षेत्र', 'वस्ती', 'वार्ड', 'वार्ड/क्षेत्र', 'क्षेत्र'], example: 'Shivaji Nagar' },
  { name: 'village', kind: 'list', options: VILLAGES, label: 'Village', section: 'address', restricted: true, filter: 'equals', aliases: ['गाव', 'गावाचे नाव', 'गाँव', 'गांव', 'ग्राम'], example: 'Arambhi' },
  { name: 'booth', kind: 'list', options: BOOTHS, label: 'Booth', section: 'address', restricted: true, filter: 'one-of', filterMessage: 'Choose a booth from the list', aliases: ['Booth No', 'Booth Name', 'Part No', 'बूथ', 'बूथ क्रमांक', 'बूथ क्र.', 'यादी भाग क्रमांक', 'भाग क्रमांक', 'बूथ संख्या'], example: 'Booth-01', form: { main: 7 } },
  { name: 'district', kind: 'text', max: 60, label: 'District', section: 'address', restricted: true, aliases: ['जिल्हा', 'जिला', 'ज़िला'], example: 'Yavatmal' },
  { name: 'taluka', kind: 'list', options: TALUKAS, label: 'Taluka', section: 'address', restricted: true, filter: 'equals', aliases: ['तालुका', 'तहसील'], example: 'Digras' },
  { name: 'present_in_city', kind: 'flag', default: true, label: 'Present in City', section: 'address', aliases: ['शहरात उपस्थित', 'शहर में उपस्थित'], example: 'Yes' },
  { name: 'present_city_name', kind: 'text', max: 100, label: 'Present City Name', section: 'address', wide: true, aliases: ['सध्याचे शहर', 'सध्याच्या शहराचे नाव', 'वर्तमान शहर', 'वर्तमान शहर का नाम'] },
  { name: 'category', kind: 'list', options: CATEGORIES, label: 'Category', section: 'political', aliases: ['प्रवर्ग', 'वर्ग', 'श्रेणी'], example: 'obc' },
  { name: 'caste', kind: 'list', options: CASTE_VALUES, label: 'Caste', section: 'political', filter: 'equals', aliases: ['जात', 'जाती', 'जाति'], example: 'Kunbi' },
  { name: 'sub_caste', kind: 'text', max: 100, label: 'Sub-caste', section: 'political', aliases: ['Subcaste', 'पोटजात', 'पोट जात', 'उपजात', 'उपजाति'], example: 'Khaire', templateValues: ALL_SUBCASTES },
  { name: 'political_preference', kind: 'list', options: POLITICAL_PREFERENCES, label: 'Political Preference', section: 'political', filter: 'equals', aliases: ['Party', 'पक्ष', 'राजकीय कल', 'राजकीय पक्ष', 'राजनीतिक झुकाव', 'पार्टी', 'राजनीतिक दल'], example: 'Congress' },
  { name: 'party_designation', kind: 'text', max: 100, label: 'Party Designation', section: 'political', aliases: ['Designation', 'पक्षातील पद', 'पक्ष पद', 'पद', 'पार्टी पद'], example: 'Member', form: { span: 'full-on-phone' } },
  { name: 'head_of_house', kind: 'int', min: Math.min(...HEAD_OF_HOUSE_VALUES), max: Math.max(...HEAD_OF_HOUSE_VALUES), message: 'Head of House must be 1 to 5', label: 'Head of House', section: 'other', aliases: ['कुटुंबप्रमुख', 'कुटुंब प्रमुख', 'घरप्रमुख', 'परिवार का मुखिया', 'मुखिया'], example: 1, form: { choices: HEAD_OF_HOUSE_VALUES } },
  { name: 'occupation', kind: 'list', options: OCCUPATIONS, label: 'Occupation', section: 'other', filter: 'equals', aliases: ['व्यवसाय', 'नोकरी/व्यवसाय', 'पेशा'], example: 'Farmer' },
  { name: 'occupation_subcategory', kind: 'list', options: OCCUPATION_SUBCATEGORIES, label: 'Occupation Sub-category', section: 'other', aliases: ['Occupation Subcategory', 'व्यवसाय उपप्रकार', 'व्यवसायाचा उपप्रकार', 'व्यवसाय उपश्रेणी'], example: 'self' },
  { name: 'is_dead', kind: 'flag', default: false, label: 'Deceased', section: 'other', aliases: ['Dead', 'Is Dead', 'मृत', 'मयत', 'मृत्यू'], example: 'No' },
  // Contacts and support (issue 20): बेपत्ता, not found at the address; deceased is is_dead, shifted is present_in_city.
  { name: 'is_missing', kind: 'flag', default: false, label: 'Missing', section: 'other', aliases: ['Is Missing', 'Absent', 'बेपत्ता', 'गायब', 'लापता'], example: 'No' },
  // Issue 60: the language the voter's messages are written in; empty: the office's language.
  { name: 'message_language', kind: 'list', options: MESSAGE_LANGUAGES, label: 'Message Language', section: 'other', aliases: ['Language', 'Messaging Language', 'भाषा', 'संदेशाची भाषा', 'संदेश की भाषा', 'ભાષા'], example: 'mr' },
  { name: 'comment', kind: 'text', max: 1000, label: 'Comment', section: 'other', wide: true, aliases: ['Comments', 'Remarks', 'Notes', 'शेरा', 'टिप्पणी', 'नोंद', 'अभिप्राय'], example: '', form: { input: 'textarea', span: 'full' } },
  // Issue 20 (booths and pages): the voter's serial number in their part of the roll. A roll page
  // is a range of these (docs/field-organisation.md). A roll's "Serial No" / अनुक्रमांक column is
  // this; an import without a Voter Number column takes the voter number from it too.
  { name: 'part_serial', kind: 'int', min: PART_SERIAL_MIN, max: PART_SERIAL_MAX, message: `Part Serial No must be a whole number from ${PART_SERIAL_MIN} to ${PART_SERIAL_MAX}`, label: 'Part Serial No', section: 'voterNumber', restricted: true, aliases: ['Serial No', 'Sr No', 'Serial Number', 'Part Serial', 'Part Serial Number', 'अनुक्रमांक', 'अ.क्र.', 'क्रमांक', 'क्रम संख्या'], example: 1, form: { input: 'number' } },
] as const satisfies readonly VoterFieldSpec[];

export type VoterFieldDef = (typeof VOTER_FIELDS)[number];
export type VoterField = VoterFieldDef['name'];
export type RestrictedVoterField = Extract<VoterFieldDef, { restricted: true }>['name'];
export type FlagVoterField = Extract<VoterFieldDef, { kind: 'flag' }>['name'];

// Every field in table order: the order of the export's columns and of the bulk insert.
export const VOTER_FIELD_NAMES: readonly VoterField[] = VOTER_FIELDS.map((field) => field.name);

export const VOTER_FIELD_LABELS = Object.fromEntries(VOTER_FIELDS.map((field) => [field.name, field.label])) as { readonly [F in VoterFieldDef as F['name']]: F['label'] };

// Spec section 5, "Voter form": these change only by Super Admin or Admin once a voter exists.
export const RESTRICTED_VOTER_FIELDS = VOTER_FIELDS.filter((field) => 'restricted' in field && field.restricted).map((field) => field.name) as RestrictedVoterField[];

export const FLAG_FIELDS: ReadonlySet<VoterField> = new Set(VOTER_FIELDS.filter((field) => field.kind === 'flag').map((field) => field.name));

// The stored values a list field accepts, in the list's order.
export function listValues(field: Extract<VoterFieldSpec, { kind: 'list' }>): readonly string[] {
  return field.options.map((option) => (typeof option === 'string' ? option : option.value));
}
