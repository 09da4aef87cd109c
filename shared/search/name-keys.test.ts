import { describe, expect, it } from 'vitest';
import { type NameSearch, nameKeys, nameMatches, nameMatchesExactly, nameSearchTerms, parseNameSearch, phoneticKey, termsMatchExactly, typedSearch } from './name-keys';

// Real Marathi surnames and first names: the Devanagari spelling, then the Latin spellings people
// type for it (long and short vowels, sh/s, w/v, doubled letters, anusvara or a half nasal,
// aspiration, ksh/x, z/jh, ph/f, ai/ay/e). Every spelling of a row must give the same key.
// (A few Gujarati names close the table: the script is read as Devanagari.)
const NAMES: [string, ...string[]][] = [
  ['पाटील', 'Patil', 'Paatil', 'Pateel'],
  ['देशमुख', 'Deshmukh', 'Desmukh', 'Deshmuk'],
  ['शिंदे', 'Shinde', 'Shindhe', 'Sinde'],
  ['चव्हाण', 'Chavan', 'Chavhan', 'Chawan'],
  ['कांबळे', 'Kamble', 'Kambale', 'Kambley'],
  ['जाधव', 'Jadhav', 'Jadav'],
  ['पवार', 'Pawar', 'Pavar'],
  ['ठाकरे', 'Thakare', 'Thakre'],
  ['जाधव', 'Jadhao'],
  ['गायकवाड', 'Gaikwad', 'Gaekwad', 'Gaykwad'],
  ['वानखेडे', 'Wankhede', 'Vankhede'],
  ['इंगळे', 'Ingle', 'Ingale'],
  ['राऊत', 'Raut', 'Rout'],
  ['मेश्राम', 'Meshram', 'Mesram'],
  ['सोनवणे', 'Sonwane', 'Sonawane', 'Sonavane'],
  ['ढोले', 'Dhole', 'Dole'],
  ['घुगे', 'Ghuge', 'Ghughe'],
  ['महल्ले', 'Mahalle', 'Mahale'],
  ['भोयर', 'Bhoyar', 'Boyar'],
  ['नाईक', 'Naik'],
  ['पठाण', 'Pathan', 'Pathaan'],
  ['शेख', 'Shaikh', 'Sheikh', 'Shekh'],
  ['खान', 'Khan', 'Khaan'],
  ['मोहोड', 'Mohod'],
  ['तायडे', 'Tayde', 'Taide'],
  ['झाडे', 'Zade', 'Jhade'],
  ['खंडारे', 'Khandare'],
  ['लोखंडे', 'Lokhande'],
  ['वाघ', 'Wagh', 'Vagh'],
  ['मोरे', 'More'],
  ['कुलकर्णी', 'Kulkarni'],
  ['जोशी', 'Joshi'],
  ['गोखले', 'Gokhale'],
  ['भोसले', 'Bhosale', 'Bhosle'],
  ['साळुंखे', 'Salunkhe', 'Salunke'],
  ['क्षीरसागर', 'Kshirsagar', 'Ksheersagar', 'Xirsagar'],
  ['फडणवीस', 'Fadnavis', 'Phadnavis'],
  ['दळवी', 'Dalvi'],
  ['आव्हाड', 'Awhad', 'Avhad'],
  ['म्हात्रे', 'Mhatre'],
  ['कोल्हे', 'Kolhe'],
  ['ढवळे', 'Dhawale', 'Dhavale'],
  ['रणदिवे', 'Randive'],
  ['घोडके', 'Ghodke', 'Ghodake'],
  ['खोब्रागडे', 'Khobragade'],
  ['उके', 'Uke'],
  ['ओव्हाळ', 'Ovhal', 'Owhal'],
  ['मांजरेकर', 'Manjrekar', 'Manjarekar'],
  ['चौधरी', 'Chaudhari', 'Choudhari', 'Chaudhary'],
  ['अग्रवाल', 'Agrawal', 'Agarwal'],
  ['सुनीता', 'Sunita', 'Suneeta'],
  ['राहुल', 'Rahul', 'Raahul'],
  ['गणेश', 'Ganesh'],
  ['ज्ञानेश्वर', 'Dnyaneshwar', 'Dnyaneshvar'],
  ['विठ्ठल', 'Vitthal', 'Vithal', 'Withal'],
  ['लक्ष्मी', 'Laxmi', 'Lakshmi'],
  ['लक्ष्मण', 'Laxman', 'Lakshman'],
  ['उज्ज्वला', 'Ujwala', 'Ujjwala'],
  ['पूजा', 'Pooja', 'Puja'],
  ['ज्योती', 'Jyoti', 'Jyothi'],
  ['वैशाली', 'Vaishali', 'Vayshali'],
  ['कृष्णा', 'Krishna', 'Krushna'],
  ['प्रज्ञा', 'Pradnya'],
  ['संजय', 'Sanjay', 'Sanjai'],
  ['दत्तात्रय', 'Dattatray'],
  ['संदीप', 'Sandip', 'Sandeep'],
  ['प्रकाश', 'Prakash'],
  ['विशाल', 'Vishal', 'Visal'],
  ['रुक्मिणी', 'Rukhmini', 'Rukmini'],
  ['शोभा', 'Shobha', 'Sobha'],
  ['सविता', 'Savita', 'Sawita'],
  ['अश्विनी', 'Ashwini', 'Aswini', 'Ashvini'],
  ['भीमराव', 'Bhimrao', 'Bheemrao'],
  ['पांडुरंग', 'Pandurang'],
  ['सचिन', 'Sachin'],
  ['नितीन', 'Nitin', 'Niteen'],
  ['मनीषा', 'Manisha', 'Maneesha'],
  ['संगीता', 'Sangita', 'Sangeeta'],
  ['गौरव', 'Gaurav', 'Gourav'],
  ['ऋषिकेश', 'Rushikesh', 'Rishikesh'],
  ['अमृता', 'Amruta', 'Amrita'],
  ['तृप्ती', 'Trupti', 'Tripti'],
  ['श्रीकांत', 'Shrikant', 'Srikant'],
  ['सुरेखा', 'Surekha'],
  ['योगेश', 'Yogesh'],
  ['अण्णा', 'Anna'],
  ['ज्ञानदेव', 'Dnyandev', 'Dnyanadev'],
  ['अशोक', 'Ashok'],
  ['इम्रान', 'Imran'],
  ['सलीम', 'Salim', 'Saleem'],
  ['नसरीन', 'Nasreen', 'Nasrin'],
  ['शबाना', 'Shabana'],
  ['एकनाथ', 'Eknath'],
  ['ऐश्वर्या', 'Aishwarya'],
  ['बाळू', 'Balu'],
  ['सुशीला', 'Sushila', 'Susheela'],
  ['पार्वती', 'Parvati', 'Parvathi'],
  ['रमेश', 'Ramesh'],
  ['महेश', 'Mahesh'],
  ['सुरेश', 'Suresh'],
  ['किशोर', 'Kishor'],
  ['मंगला', 'Mangala'],
  ['अर्चना', 'Archana'],
  ['रेखा', 'Rekha'],
  ['स्वाती', 'Swati', 'Swathi'],
  ['रुपाली', 'Rupali', 'Roopali'],
  ['मीना', 'Meena', 'Mina'],
  ['शिवाजी', 'Shivaji', 'Sivaji'],
  ['बालाजी', 'Balaji'],
  ['अमोल', 'Amol'],
  ['तुकाराम', 'Tukaram'],
  ['રાહુલ', 'Rahul'],
  ['પટેલ', 'Patel'],
  ['દેસાઈ', 'Desai'],
];

describe('phoneticKey', () => {
  it.each(NAMES)('should give %s and its Latin spellings one key', (devanagari, ...latin) => {
    const key = phoneticKey(devanagari);
    expect(key).toMatch(/^[a-z]+$/);
    for (const spelling of latin) expect([spelling, phoneticKey(spelling)]).toEqual([spelling, key]);
  });

  it('should cover at least sixty names', () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(60);
  });

  it('should keep different names apart', () => {
    const distinct = ['Patil', 'Pawar', 'Pathan', 'Kale', 'Kolhe', 'Jadhav', 'Jagtap', 'More', 'Mane', 'Shinde', 'Shende', 'Deshmukh', 'Deshpande', 'Sunita', 'Savita', 'Anita'];
    expect(new Set(distinct.map((name) => phoneticKey(name))).size).toBe(distinct.length);
  });

  it('should ignore accents, letter case, nukta and joiners', () => {
    expect(phoneticKey('Pāṭīl')).toBe('ptil');
    expect(phoneticKey('PATIL')).toBe('ptil');
    expect(phoneticKey('फ़डणवीस')).toBe(phoneticKey('Fadnavis'));
    expect(phoneticKey('फ\u093Cडणवीस')).toBe(phoneticKey('Fadnavis'));
    expect(phoneticKey('क्\u200Dष')).toBe(phoneticKey('क्ष'));
  });

  it('should give a word typed up to its anusvara the start of the full key', () => {
    expect(phoneticKey('कांबळे').startsWith(phoneticKey('कां'))).toBe(true);
    expect(phoneticKey('Deshmukh').startsWith(phoneticKey('desh'))).toBe(true);
  });

  it('should give no key to a word without letters it keeps', () => {
    expect(phoneticKey('123')).toBe('');
    expect(phoneticKey('')).toBe('');
  });

  it('should give the same keys after more words than it remembers have gone by', () => {
    const before = NAMES.map(([devanagari]) => phoneticKey(devanagari));
    // Made-up words, past the 100,000 the keys are remembered for.
    for (let index = 0; index < 120_000; index += 1) phoneticKey(`w${index.toString(36)}`);
    expect(NAMES.map(([devanagari]) => phoneticKey(devanagari))).toEqual(before);
    expect(phoneticKey('Patil')).toBe('ptil');
  });
});

describe('nameKeys and nameSearchTerms', () => {
  it('should key each word once, in order, whatever separates them', () => {
    expect(nameKeys('Ganesh Vitthal Patil')).toEqual(['gnes', 'vitl', 'ptil']);
    expect(nameKeys('गणेश विठ्ठल पाटील')).toEqual(['gnes', 'vitl', 'ptil']);
    expect(nameKeys('Patil-Patil, 2nd')).toEqual(['ptil', 'nd']);
  });

  it('should store the words as written in lower case, then each key once after its mark', () => {
    expect(nameSearchTerms('Thakre Thakare')).toBe('thakre thakare 0tkre');
    expect(nameSearchTerms('सुनीता रमेश पाटील', 'MHR0000001')).toBe('सुनीता रमेश पाटील mhr0000001 0sunit 0rmes 0ptil');
    expect(nameSearchTerms('D\'Souza-Patil 2nd')).toBe('d souza patil 2nd 0d 0soj 0ptil 0nd');
  });

  it('should tell stored terms matched as written from terms matched only by key', () => {
    const terms = nameSearchTerms('सुनीता रमेश पाटील', 'MHR0000001');
    expect(termsMatchExactly(terms, parseNameSearch('पाटील सुनी')!)).toBe(true);
    expect(termsMatchExactly(terms, parseNameSearch('mhr')!)).toBe(true);
    expect(termsMatchExactly(terms, parseNameSearch('patil')!)).toBe(false);
    expect(termsMatchExactly(terms, parseNameSearch('ptil')!)).toBe(false);
    expect(termsMatchExactly(null, parseNameSearch('patil')!)).toBe(false);
  });

  it('should store only the words for a name without letters a key keeps, and nothing for no name', () => {
    expect(nameSearchTerms('100%')).toBe('100');
    expect(nameSearchTerms('')).toBe('');
    expect(nameSearchTerms(null)).toBeNull();
  });
});

describe('parseNameSearch and nameMatches', () => {
  it('should read a name as its lower-case words and their keys', () => {
    expect(parseNameSearch('  Ganesh  PATIL ')).toEqual({ words: ['ganesh', 'patil'], keys: ['gnes', 'ptil'] });
    expect(parseNameSearch("D'Souza")).toEqual({ words: ['d', 'souza'], keys: ['d', 'soj'] });
  });

  it('should match a word with a letter three times in a row only as typed (issue 56)', () => {
    expect(parseNameSearch('qqqq sss')?.keys).toEqual(['', '']);
    expect(typedSearch('zzzzqqq 12', { digitsAreNumbers: true }).name?.keys).toEqual(['', '']);
    expect(nameMatches('Zakir Shaha', parseNameSearch('zzzzqqq') as NameSearch)).toBe(false);
    // Doubled letters are names' own (Vitthal, Ujjwala) and keep their key.
    expect(parseNameSearch('vitthal')?.keys).toEqual([phoneticKey('vitthal')]);
  });

  it('should not read digits, voter IDs or symbols as a name', () => {
    for (const term of ['98765', 'ABC1234567', '100%', 'y_M', '', '   ']) expect(parseNameSearch(term)).toBeUndefined();
  });

  it('should read typed text as the voter search does: words of a name, digits also as a number', () => {
    const search = { digitsAreNumbers: true };
    expect(typedSearch('Ganesh Patil', search)).toEqual({ name: parseNameSearch('Ganesh Patil') });
    // Digits alone are a mobile number or part of a voter ID.
    expect(typedSearch('98765', search)).toEqual({ number: '98765' });
    // Digits inside a name stay words of it (without a key), and the text is a number too.
    expect(typedSearch('Contact Voter 123456', search)).toEqual({
      name: { words: ['contact', 'voter', '123456'], keys: [phoneticKey('contact'), phoneticKey('voter'), ''] },
      number: 'Contact Voter 123456',
    });
    expect(typedSearch('ABC1234567', search)).toEqual({ name: { words: ['abc1234567'], keys: [''] }, number: 'ABC1234567' });
    // Other characters separate words: "Patil," is the name Patil.
    expect(typedSearch('Patil,', search)).toEqual({ name: parseNameSearch('patil') });
    expect(typedSearch('y_M', search)).toEqual({ name: parseNameSearch('y m') });
    // A joiner inside a Devanagari word keeps the word whole (a comma after it goes).
    expect(typedSearch('क्\u200Dष,', search)).toEqual({ name: parseNameSearch('क्ष') });
    for (const term of ['%', '_', '/', '', '   ']) expect(typedSearch(term, search)).toEqual({});
    // A word starting with the key mark and no digit after it would meet every key.
    expect(typedSearch('0abc', search)).toEqual({ name: undefined, number: '0abc' });
    expect(typedSearch('0123 Patil', search).name?.words).toEqual(['0123', 'patil']);
    // The father/husband filter: a name only, its digits words of it.
    const filter = { digitsAreNumbers: false };
    expect(typedSearch('Shankar 77 Gore', filter)).toEqual({ name: { words: ['shankar', '77', 'gore'], keys: [phoneticKey('shankar'), '', phoneticKey('gore')] } });
    for (const term of ['77', '%_', '']) expect(typedSearch(term, filter)).toEqual({});
  });

  it('should match a name across scripts from the start of its words, every typed word', () => {
    const search = parseNameSearch('patil')!;
    expect(nameMatches('सुनीता रमेश पाटील', search)).toBe(true);
    expect(nameMatchesExactly('सुनीता रमेश पाटील', search)).toBe(false);
    expect(nameMatchesExactly('Sunita Patil', search)).toBe(true);
    expect(nameMatches('Sunita Kapatil', search)).toBe(false);
    expect(nameMatches('देशमुख राहुल', parseNameSearch('rahul desh')!)).toBe(true);
    expect(nameMatches('राहुल पवार', parseNameSearch('rahul desh')!)).toBe(false);
  });
});
