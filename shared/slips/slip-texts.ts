import type { Slip, SlipLanguage } from './slip-schema';

// The words printed on a slip and put in a shared slip's message, in each slip language
// (docs/glossary.md: मतदार चिठ्ठी, मतदाता पर्ची, મતદાર કાપલી). Kept here, not in the web's
// locale files, because the server prints them and the phone shares them.
export interface SlipWords {
  title: string;
  name: string;
  relatives: Record<'Father' | 'Husband' | 'Mother' | 'Other', string>;
  epic: string;
  part: string;
  serial: string;
  station: string;
  pollDate: string;
  hours: string;
  to: string;
  notSet: string;
  footer: string;
  // Issue 61: printed on the slip of a voter out of town.
  outOfTown: string;
}

export const SLIP_WORDS: Record<SlipLanguage, SlipWords> = {
  mr: {
    title: 'मतदार चिठ्ठी',
    name: 'नाव',
    relatives: { Father: 'वडिलांचे नाव', Husband: 'पतीचे नाव', Mother: 'आईचे नाव', Other: 'नातेवाईकाचे नाव' },
    epic: 'मतदार ओळखपत्र क्र. (EPIC)',
    part: 'भाग क्र.',
    serial: 'अनुक्रमांक',
    station: 'मतदान केंद्र',
    pollDate: 'मतदान दिनांक',
    hours: 'वेळ',
    to: 'ते',
    notSet: 'लवकरच कळवू',
    footer: 'मतदानाला जाताना ओळखपत्र सोबत ठेवा.',
    outOfTown: 'बाहेरगावी आहेत: मतदानाला येण्याची आठवण करा',
  },
  hi: {
    title: 'मतदाता पर्ची',
    name: 'नाम',
    relatives: { Father: 'पिता का नाम', Husband: 'पति का नाम', Mother: 'माता का नाम', Other: 'संबंधी का नाम' },
    epic: 'मतदाता पहचान पत्र सं. (EPIC)',
    part: 'भाग सं.',
    serial: 'क्रम सं.',
    station: 'मतदान केंद्र',
    pollDate: 'मतदान का दिन',
    hours: 'समय',
    to: 'से',
    notSet: 'जल्द बताया जाएगा',
    footer: 'मतदान के लिए पहचान पत्र साथ रखें।',
    outOfTown: 'शहर से बाहर हैं: मतदान के लिए आने की याद दिलाएँ',
  },
  gu: {
    title: 'મતદાર કાપલી',
    name: 'નામ',
    relatives: { Father: 'પિતાનું નામ', Husband: 'પતિનું નામ', Mother: 'માતાનું નામ', Other: 'સંબંધીનું નામ' },
    epic: 'મતદાર ઓળખપત્ર નં. (EPIC)',
    part: 'ભાગ નં.',
    serial: 'ક્રમ નં.',
    station: 'મતદાન મથક',
    pollDate: 'મતદાન તારીખ',
    hours: 'સમય',
    to: 'થી',
    notSet: 'ટૂંક સમયમાં જણાવીશું',
    footer: 'મતદાન માટે ઓળખપત્ર સાથે રાખો.',
    outOfTown: 'બહારગામ છે: મતદાન માટે આવવાનું યાદ અપાવો',
  },
  en: {
    title: 'Voter slip',
    name: 'Name',
    relatives: { Father: "Father's name", Husband: "Husband's name", Mother: "Mother's name", Other: "Relative's name" },
    epic: 'Voter ID (EPIC)',
    part: 'Part no.',
    serial: 'Serial no.',
    station: 'Polling station',
    pollDate: 'Poll date',
    hours: 'Hours',
    to: 'to',
    notSet: 'to be announced',
    footer: 'Carry your voter ID when you go to vote.',
    outOfTown: 'Out of town: remind them to come and vote',
  },
};

export function relativeLabel(words: SlipWords, relationType: string | null): string {
  const key = relationType && relationType in words.relatives ? (relationType as keyof SlipWords['relatives']) : 'Other';
  return words.relatives[key];
}

// 2027-01-15 -> 15/01/2027, as dates are written on Indian forms.
export function slipDate(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

export function stationLine(slip: Pick<Slip, 'station_number' | 'station_name'>): string {
  return [slip.station_number === null ? '' : String(slip.station_number), slip.station_name ?? ''].filter((part) => part !== '').join(' - ');
}

export function pollLine(slip: Pick<Slip, 'poll_date' | 'poll_start' | 'poll_end'>, words: SlipWords): string {
  const day = slipDate(slip.poll_date);
  return day ? `${day}, ${words.hours} ${slip.poll_start} ${words.to} ${slip.poll_end}` : words.notSet;
}

// The slip as a text message (WhatsApp): one fact a line, no party name.
export function slipMessage(slip: Slip, lang: SlipLanguage): string {
  const words = SLIP_WORDS[lang];
  const lines = [
    `*${words.title}*${slip.election_name ? ` — ${slip.election_name}` : ''}`,
    `${words.name}: ${slip.name}`,
    slip.relative_name ? `${relativeLabel(words, slip.relation_type)}: ${slip.relative_name}` : '',
    slip.epic ? `${words.epic}: ${slip.epic}` : '',
    `${words.part}: ${slip.part_number ?? '-'}, ${words.serial}: ${slip.serial ?? '-'}`,
    `${words.station}: ${stationLine(slip) || '-'}`,
    slip.station_address ?? '',
    `${words.pollDate}: ${pollLine(slip, words)}`,
    words.footer,
  ];
  return lines.filter((line) => line !== '').join('\n');
}

// wa.me takes the number with its country code and no +: Indian mobiles are 10 digits.
export function whatsAppLink(mobile: string | null, text: string): string {
  const digits = (mobile ?? '').replace(/\D/g, '');
  const ten = digits.length > 10 ? digits.slice(-10) : digits;
  const to = ten.length === 10 ? `91${ten}` : '';
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}
