import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { createVoterGenerator, type GeneratedVoter, seededRandom } from './voter-generator';

// A spreadsheet as an office really keeps one (issue 18): the generator's constituency written
// the way people type it. Lists in English, Marathi, short forms and the ECI's party names
// ("Farm labourer", "Housewife", "शेतकरी", "Shiv Sena", "other"), stray case, spaces and full
// stops, booths as bare numbers, some headers in Marathi, some values no list holds (a few per
// cent, to be warnings) and a few rows that truly cannot be saved (no name, a repeated voter
// ID, an impossible age, a short mobile number: to be errors). The spellings here are written
// from what offices type, not read from the import's alias table, so a spelling the table lacks
// shows up as a warning. Seeded: the same arguments always give the same file.

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

// How people write each stored value.
const OCCUPATION_SPELLINGS: Record<string, string[]> = {
  Farmer: ['Farmer', 'farmer', 'FARMER', 'शेतकरी', 'Agriculture', 'शेती', 'Farming'],
  'Farm Labourer': ['Farm labourer', 'farm labour', 'Farm Labourer', 'शेतमजूर', 'शेत मजूर', 'Agricultural labourer'],
  Homemaker: ['Housewife', 'housewife', 'House wife', 'गृहिणी', 'Homemaker'],
  Labourer: ['Labour', 'labourer', 'मजूर', 'Majur'],
  Business: ['Business', 'business', 'व्यवसाय', 'Shopkeeper'],
  Student: ['Student', 'student', 'विद्यार्थी'],
  'Private Job': ['Private job', 'Pvt. Job', 'खाजगी नोकरी', 'Private Service'],
  'Self-employed': ['Self employed', 'self-employed', 'स्वयंरोजगार'],
  'Government Service': ['Govt. Service', 'Government service', 'सरकारी नोकरी', 'Govt job'],
  Retired: ['Retired', 'retd.', 'सेवानिवृत्त', 'Pensioner'],
  Unemployed: ['Unemployed', 'बेरोजगार', 'Jobless'],
};
const UNKNOWN_OCCUPATIONS = ['Driver', 'Teacher', 'Tailor', 'Mechanic', 'Nurse', 'Carpenter', 'Priest', 'Electrician'];

const PARTY_SPELLINGS: Record<string, string[]> = {
  BJP: ['BJP', 'bjp', 'B.J.P.', 'भाजप', 'भाजपा', 'Bharatiya Janata Party'],
  Congress: ['Congress', 'congress', 'INC', 'काँग्रेस', 'Indian National Congress'],
  'Shiv Sena (Shinde)': ['Shiv Sena', 'shivsena', 'शिवसेना', 'Shiv Sena (Shinde)'],
  'Shiv Sena (UBT)': ['Shiv Sena (Uddhav Balasaheb Thackeray)', 'Shiv Sena (UBT)', 'UBT', 'शिवसेना (उबाठा)'],
  'NCP (Ajit Pawar)': ['NCP', 'Nationalist Congress Party', 'राष्ट्रवादी', 'NCP (Ajit Pawar)'],
  'NCP (Sharad Pawar)': ['NCP (SP)', 'Nationalist Congress Party – Sharadchandra Pawar', 'NCP-SP', 'राष्ट्रवादी (शरद पवार)'],
  Vanchit: ['VBA', 'Vanchit', 'वंचित बहुजन आघाडी'],
  Samanak: ['Samanak', 'समनक'],
  Prahar: ['Prahar', 'प्रहार'],
  BSP: ['BSP', 'बसपा'],
  SP: ['SP', 'Samajwadi Party'],
  Other: ['other', 'Other', 'Others', 'इतर', 'MNS', 'Independent'],
};
const UNKNOWN_PARTIES = ['Janata Dal', 'Lok Sangharsh Morcha', 'Shetkari Sanghatana', 'Republican Sena'];
const GENDER_SPELLINGS: Record<string, string[]> = {
  Male: ['Male', 'male', 'M', 'पुरुष', 'पु'],
  Female: ['Female', 'female', 'F', 'स्त्री', 'Mahila'],
  Other: ['Other', 'TG'],
};
const RELIGION_SPELLINGS: Record<string, string[]> = {
  Hindu: ['Hindu', 'hindu', 'हिंदू', 'HINDU'],
  Muslim: ['Muslim', 'Islam', 'मुस्लिम', 'Musalman'],
  Buddhist: ['Buddhist', 'Bauddha', 'बौद्ध', 'Nav Bauddha'],
  Jain: ['Jain', 'जैन'],
};
const TALUKA_SPELLINGS: Record<string, string[]> = {
  Digras: ['Digras', 'दिग्रस', 'DIGRAS'],
  Darwha: ['Darwha', 'दारव्हा', 'Darwa'],
  Ner: ['Ner', 'नेर', 'Ner Parsopant'],
};
const CASTE_SPELLINGS: Record<string, string[]> = {
  Kunbi: ['कुणबी', 'KUNBI'],
  Maratha: ['मराठा'],
  Banjara: ['Lamani', 'बंजारा'],
  'Matang (Mang)': ['Matang', 'Mang'],
  'Buddhist (Nav-Bauddha)': ['Buddhist', 'Nav Bauddha'],
};
const UNKNOWN_CASTES = ['Jangam', 'Kayastha', 'Sali', 'Dhobi Samaj'];
const UNKNOWN_VILLAGES = ['Pusad', 'Yavatmal City', 'Mahagaon', 'Umarkhed'];
const CATEGORY_SPELLINGS: Record<string, string[]> = {
  general: ['General', 'Open', 'OPEN', 'खुला'],
  obc: ['OBC', 'obc', 'O.B.C.', 'इतर मागास वर्ग'],
  sc: ['SC', 'S.C.'],
  st: ['ST', 'S.T.'],
  nt: ['NT', 'NT-B', 'NT-C', 'NT(D)'],
  vja: ['VJ(A)', 'VJNT'],
  sbc: ['SBC'],
  other: ['other', 'Other'],
};
const YES = ['Yes', 'yes', 'Y', 'होय', 'हो'];
const NO = ['No', 'no', 'N', 'नाही'];
const BLANKS = ['', '', '', '-', 'NA', 'N/A'];

// Case, spaces and full stops as hands and copied cells leave them.
function smudge(random: Random, text: string): string {
  const roll = random();
  if (roll < 0.12) return text.toLowerCase();
  if (roll < 0.16) return text.toUpperCase();
  if (roll < 0.24) return ` ${text}  `;
  if (roll < 0.28) return text.replace(' ', '  ');
  if (roll < 0.31) return `${text}.`;
  return text;
}

function spelling(random: Random, spellings: Record<string, string[]>, value: string): string {
  const forms = spellings[value];
  return smudge(random, forms && random() < 0.7 ? pick(random, forms) : value);
}

// The header: export labels, common variants and Marathi headers, as offices mix them.
const HEADER: [keyof MessyRow, string][] = [
  ['voter_no', 'Sr No'],
  ['full_name', 'नाव'],
  ['voter_id', 'EPIC No'],
  ['age', 'वय'],
  ['gender', 'लिंग'],
  ['father_husband_name', 'Father/Husband Name'],
  ['religion', 'Religion'],
  ['mobile_number', 'मोबाईल क्रमांक'],
  ['house_no', 'House No'],
  ['ward_area', 'Ward/Area'],
  ['village', 'गाव'],
  ['booth', 'Booth No'],
  ['district', 'District'],
  ['taluka', 'तालुका'],
  ['present_in_city', 'Present in City'],
  ['category', 'Category'],
  ['caste', 'जात'],
  ['sub_caste', 'Sub-caste'],
  ['political_preference', 'पक्ष'],
  ['occupation', 'व्यवसाय'],
];
type MessyRow = Record<keyof Omit<GeneratedVoter, 'created_at'>, string>;

// Shares of rows given each kind of problem.
export const MESSY_RATES = {
  unknownOccupation: 0.03,
  unknownParty: 0.005,
  unknownCaste: 0.005,
  unknownVillage: 0.005,
  subcasteOfAnotherCaste: 0.002,
  missingName: 0.0015,
  repeatedVoterId: 0.001,
  impossibleAge: 0.001,
  shortMobile: 0.001,
} as const;

// seed picks the voters (the same seed, the same voter IDs row for row); messSeed how they are written.
export function createMessyRows(options: { seed: number; messSeed: number; from: number; count: number }) {
  const next = createVoterGenerator(options.seed, { from: options.from, count: options.count });
  const random = seededRandom(options.messSeed);
  // Earlier voter IDs (a ring of the last thousand), for rows that repeat one.
  const recentIds: string[] = [];
  let written = 0;
  return function row(index: number): string[] {
    const voter = next(index);
    const repeat = recentIds.length > 10 && random() < MESSY_RATES.repeatedVoterId ? pick(random, recentIds) : undefined;
    recentIds[written % 1000] = voter.voter_id;
    written += 1;
    const boothNumber = Number(voter.booth.slice('Booth-'.length));
    const messy: MessyRow = {
      voter_no: voter.voter_no,
      full_name: random() < MESSY_RATES.missingName ? '' : voter.full_name,
      voter_id: repeat ?? (random() < 0.1 ? voter.voter_id.toLowerCase() : voter.voter_id),
      age: random() < MESSY_RATES.impossibleAge ? pick(random, ['7', '150', '0']) : String(voter.age),
      gender: spelling(random, GENDER_SPELLINGS, voter.gender),
      father_husband_name: voter.father_husband_name,
      religion: spelling(random, RELIGION_SPELLINGS, voter.religion),
      mobile_number: voter.mobile_number === null ? '' : random() < MESSY_RATES.shortMobile ? voter.mobile_number.slice(0, 6) : random() < 0.2 ? `${voter.mobile_number.slice(0, 5)} ${voter.mobile_number.slice(5)}` : voter.mobile_number,
      house_no: voter.house_no,
      ward_area: voter.ward_area,
      village:
        random() < MESSY_RATES.unknownVillage
          ? pick(random, UNKNOWN_VILLAGES)
          : smudge(random, random() < 0.3 ? voter.village.replace(/ Kh\.$/, ' Khurd').replace(/ Bk\.$/, ' Budruk') : voter.village),
      booth: pick(random, [voter.booth, voter.booth, String(boothNumber), `Booth ${boothNumber}`, `बूथ ${boothNumber}`, voter.booth.toLowerCase()]),
      district: voter.district,
      taluka: spelling(random, TALUKA_SPELLINGS, voter.taluka),
      present_in_city: pick(random, voter.present_in_city ? YES : NO),
      category: spelling(random, CATEGORY_SPELLINGS, voter.category),
      caste: random() < MESSY_RATES.unknownCaste ? pick(random, UNKNOWN_CASTES) : spelling(random, CASTE_SPELLINGS, voter.caste),
      sub_caste: random() < MESSY_RATES.subcasteOfAnotherCaste ? 'Chitpavan' : voter.sub_caste === null ? '' : smudge(random, voter.sub_caste),
      political_preference:
        voter.political_preference === null ? pick(random, BLANKS) : random() < MESSY_RATES.unknownParty ? pick(random, UNKNOWN_PARTIES) : spelling(random, PARTY_SPELLINGS, voter.political_preference),
      occupation: random() < MESSY_RATES.unknownOccupation ? pick(random, UNKNOWN_OCCUPATIONS) : spelling(random, OCCUPATION_SPELLINGS, voter.occupation),
    };
    return HEADER.map(([field]) => messy[field]);
  };
}

const csvCell = (value: string) => (/[",\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value);

// Writes rows [from, from + count) of the constituency as a messy CSV; rollCount (default
// count) is the size of the roll the rows are spread over booth by booth, so the first rows of
// a larger file's roll can be written again with the same booths.
export async function writeMessyCsv(file: string, options: { seed: number; messSeed: number; from?: number; count: number; rollCount?: number }): Promise<void> {
  const from = options.from ?? 0;
  const row = createMessyRows({ seed: options.seed, messSeed: options.messSeed, from, count: options.rollCount ?? options.count });
  const out = createWriteStream(file);
  out.write(`${HEADER.map(([, header]) => csvCell(header)).join(',')}\n`);
  for (let index = from; index < from + options.count; index += 1) {
    if (!out.write(`${row(index).map(csvCell).join(',')}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
