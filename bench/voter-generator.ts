import { BOOTHS } from '@shared/reference/booths';
import { CASTES, VILLAGES_BY_TALUKA } from '@shared/reference/voter-lists';
import { VOTER_FIELDS } from '@shared/voters/voter-fields';
import type { VoterInput } from '@shared/voters/voter-schema';

// A seeded, realistic constituency for the benchmark: Marathi and English names, 396 booths
// spread over the three talukas, the shipped villages and castes, a real age curve, ~70% with
// a mobile number. The same seed always gives the same voters.

export function seededRandom(seed: number): () => number {
  // mulberry32: small, fast and good enough for test data.
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// [English, Marathi]
const MALE_NAMES: [string, string][] = [
  ['Rahul', 'राहुल'], ['Sachin', 'सचिन'], ['Ganesh', 'गणेश'], ['Santosh', 'संतोष'], ['Vijay', 'विजय'], ['Sunil', 'सुनील'], ['Anil', 'अनिल'],
  ['Prakash', 'प्रकाश'], ['Ramesh', 'रमेश'], ['Suresh', 'सुरेश'], ['Dnyaneshwar', 'ज्ञानेश्वर'], ['Vitthal', 'विठ्ठल'], ['Shivaji', 'शिवाजी'],
  ['Balaji', 'बालाजी'], ['Nitin', 'नितीन'], ['Amol', 'अमोल'], ['Mahesh', 'महेश'], ['Dattatray', 'दत्तात्रय'], ['Pandurang', 'पांडुरंग'],
  ['Sandip', 'संदीप'], ['Vishal', 'विशाल'], ['Akash', 'आकाश'], ['Imran', 'इम्रान'], ['Salim', 'सलीम'], ['Rajesh', 'राजेश'], ['Manoj', 'मनोज'],
  ['Kishor', 'किशोर'], ['Ashok', 'अशोक'], ['Bhimrao', 'भीमराव'], ['Tukaram', 'तुकाराम'],
];
const FEMALE_NAMES: [string, string][] = [
  ['Sunita', 'सुनीता'], ['Anita', 'अनिता'], ['Priya', 'प्रिया'], ['Savita', 'सविता'], ['Sangita', 'संगीता'], ['Manisha', 'मनीषा'], ['Asha', 'आशा'],
  ['Kavita', 'कविता'], ['Lata', 'लता'], ['Shobha', 'शोभा'], ['Pooja', 'पूजा'], ['Jyoti', 'ज्योती'], ['Rekha', 'रेखा'], ['Vaishali', 'वैशाली'],
  ['Sarika', 'सारिका'], ['Archana', 'अर्चना'], ['Mangala', 'मंगला'], ['Sushila', 'सुशीला'], ['Rukhmini', 'रुक्मिणी'], ['Parvati', 'पार्वती'],
  ['Nasreen', 'नसरीन'], ['Shabana', 'शबाना'], ['Ujwala', 'उज्ज्वला'], ['Swati', 'स्वाती'], ['Rupali', 'रुपाली'], ['Meena', 'मीना'],
];
const SURNAMES: [string, string][] = [
  ['Patil', 'पाटील'], ['Jadhav', 'जाधव'], ['Pawar', 'पवार'], ['Chavan', 'चव्हाण'], ['Rathod', 'राठोड'], ['Deshmukh', 'देशमुख'], ['Shinde', 'शिंदे'],
  ['Kale', 'काळे'], ['Thakare', 'ठाकरे'], ['Gawande', 'गावंडे'], ['Wankhede', 'वानखेडे'], ['Ingle', 'इंगळे'], ['Bhagat', 'भगत'], ['Raut', 'राऊत'],
  ['Meshram', 'मेश्राम'], ['Kamble', 'कांबळे'], ['Gaikwad', 'गायकवाड'], ['Sonwane', 'सोनवणे'], ['Dhole', 'ढोले'], ['Ghuge', 'घुगे'],
  ['Mahalle', 'महल्ले'], ['Thakre', 'ठाकरे'], ['Bhoyar', 'भोयर'], ['Ade', 'आडे'], ['Naik', 'नाईक'], ['Pathan', 'पठाण'], ['Shaikh', 'शेख'],
  ['Khan', 'खान'], ['Mohod', 'मोहोड'], ['Tayde', 'तायडे'], ['Zade', 'झाडे'], ['Khandare', 'खंडारे'], ['Lokhande', 'लोखंडे'], ['Wagh', 'वाघ'],
  ['More', 'मोरे'], ['Gore', 'गोरे'], ['Kharat', 'खरात'], ['Jumde', 'जुमडे'], ['Bais', 'बैस'], ['Agrawal', 'अग्रवाल'],
];

// Rough shares for Yavatmal's talukas: Kunbi, Banjara, Maratha, Mahar/Buddhist, Mali, Teli and
// Muslim groups carry most of the weight; every other shipped caste appears now and then.
const CASTE_WEIGHTS: Record<string, number> = {
  Kunbi: 20, Banjara: 14, Maratha: 9, Mahar: 6, 'Buddhist (Nav-Bauddha)': 6, Mali: 6, Teli: 6, 'Muslim - Sheikh': 4, 'Muslim - Pathan': 2,
  Dhangar: 3, Gond: 3, Kolam: 2, Matang: 2, Brahmin: 1.5,
};
const PARTY_WEIGHTS: [string, number][] = [
  ['', 38], ['BJP', 20], ['Congress', 16], ['Shiv Sena (Shinde)', 5], ['Shiv Sena (UBT)', 5], ['NCP (Ajit Pawar)', 4], ['NCP (Sharad Pawar)', 4],
  ['Vanchit', 3], ['Samanak', 2], ['Prahar', 1], ['BSP', 1], ['SP', 0.5], ['Other', 0.5],
];
const OCCUPATION_WEIGHTS: [string, number][] = [
  ['Farmer', 30], ['Farm Labourer', 18], ['Homemaker', 16], ['Labourer', 8], ['Business', 6], ['Student', 6], ['Private Job', 5], ['Self-employed', 4],
  ['Government Service', 2], ['Retired', 3], ['Unemployed', 2],
];
const TALUKA_OF_BOOTH = (index: number) => (index < 130 ? 'Digras' : index < 270 ? 'Darwha' : 'Ner');

function weighted<T>(random: () => number, entries: readonly [T, number][]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let pick = random() * total;
  for (const [value, weight] of entries) {
    pick -= weight;
    if (pick <= 0) return value;
  }
  return entries[entries.length - 1]![0];
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

export interface GeneratedVoter {
  voter_no: string;
  full_name: string;
  voter_id: string;
  age: number;
  gender: string;
  father_husband_name: string;
  religion: string;
  mobile_number: string | null;
  house_no: string;
  ward_area: string;
  village: string;
  booth: string;
  district: string;
  taluka: string;
  present_in_city: number;
  category: string;
  caste: string;
  sub_caste: string | null;
  political_preference: string | null;
  occupation: string;
  created_at: string;
}

function villageOfBooth(boothIndex: number, taluka: string): string {
  const villages = VILLAGES_BY_TALUKA[taluka] ?? ['Other'];
  return villages[boothIndex % villages.length] ?? 'Other';
}

// With rollOrder, voters come booth by booth as an electoral roll lists them (what an import
// file looks like); without it each voter lands in a random booth.
export function createVoterGenerator(seed = 20261121, rollOrder?: { from: number; count: number }) {
  const random = seededRandom(seed);
  const casteEntries: [(typeof CASTES)[number], number][] = CASTES.map((caste) => [caste, CASTE_WEIGHTS[caste.name] ?? 0.25]);
  const start = Date.parse('2026-01-01T00:00:00Z');
  const perBooth = new Map<string, number>();

  return function next(index: number): GeneratedVoter {
    const randomBooth = Math.floor(random() * BOOTHS.length);
    const boothIndex = rollOrder ? Math.min(BOOTHS.length - 1, Math.floor(((index - rollOrder.from) * BOOTHS.length) / rollOrder.count)) : randomBooth;
    const booth = BOOTHS[boothIndex]!;
    const taluka = TALUKA_OF_BOOTH(boothIndex);
    const serial = (perBooth.get(booth) ?? 0) + 1;
    perBooth.set(booth, serial);
    const gender = random() < 0.001 ? 'Other' : random() < 0.515 ? 'Male' : 'Female';
    const caste = weighted(random, casteEntries);
    const muslim = caste.name.startsWith('Muslim');
    const marathi = random() < 0.6;
    const script = marathi ? 1 : 0;
    const first = pick(random, gender === 'Female' ? FEMALE_NAMES : MALE_NAMES)[script];
    const surname = pick(random, SURNAMES)[script];
    const elder = pick(random, MALE_NAMES)[script];
    // Voters are adults; the curve thins out past 60 as the rolls do.
    const age = Math.min(100, 18 + Math.floor(Math.abs(random() + random() + random() - 1.5) * 38 + random() * 12));
    const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
    const voterId = `${pick(random, [...letters])}${pick(random, [...letters])}${pick(random, [...letters])}${String(index).padStart(7, '0')}`;
    return {
      voter_no: `B${boothIndex + 1}-${String(serial).padStart(2, '0')}`,
      // Marathi order: own name, father's or husband's name, surname.
      full_name: `${first} ${elder} ${surname}`,
      voter_id: voterId,
      age,
      gender,
      father_husband_name: `${elder} ${surname}`,
      religion: muslim ? 'Muslim' : caste.name.startsWith('Buddhist') ? 'Buddhist' : caste.name === 'Jain' ? 'Jain' : 'Hindu',
      mobile_number: random() < 0.7 ? `${pick(random, ['9', '8', '7'])}${String(Math.floor(random() * 1e9)).padStart(9, '0')}` : null,
      house_no: String(1 + Math.floor(random() * 400)),
      ward_area: `Ward ${1 + Math.floor(random() * 18)}`,
      // A polling booth serves one village (a big village has several booths), as on the rolls.
      village: villageOfBooth(boothIndex, taluka),
      booth,
      district: 'Yavatmal',
      taluka,
      present_in_city: random() < 0.9 ? 1 : 0,
      category: caste.category,
      caste: caste.name,
      sub_caste: caste.subcastes.length > 0 && random() < 0.5 ? pick(random, caste.subcastes) : null,
      political_preference: weighted(random, PARTY_WEIGHTS) || null,
      occupation: weighted(random, OCCUPATION_WEIGHTS),
      created_at: new Date(start + index * 1000).toISOString(),
    };
  };
}

// Every field empty (flags at their defaults): what the generator does not fill stays so.
const BLANK_VOTER = Object.fromEntries(VOTER_FIELDS.map((field) => [field.name, field.kind === 'flag' ? field.default : null]));

// A generated voter as the voter form's validated output (what the bulk insert takes).
export function voterInputOf(voter: GeneratedVoter): VoterInput {
  return {
    ...BLANK_VOTER,
    voter_no: voter.voter_no,
    full_name: voter.full_name,
    voter_id: voter.voter_id,
    age: voter.age,
    gender: voter.gender,
    father_husband_name: voter.father_husband_name,
    religion: voter.religion,
    mobile_number: voter.mobile_number,
    house_no: voter.house_no,
    ward_area: voter.ward_area,
    village: voter.village,
    booth: voter.booth,
    district: voter.district,
    taluka: voter.taluka,
    present_in_city: voter.present_in_city === 1,
    category: voter.category,
    caste: voter.caste,
    sub_caste: voter.sub_caste,
    political_preference: voter.political_preference,
    occupation: voter.occupation,
    is_dead: false,
  } as VoterInput;
}
