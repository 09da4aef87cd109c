import type { RollCoverFacts, RollSection } from '@shared/rolls/roll-types';
import { latinDigits } from './devanagari';

// The cover page of a roll: constituency, part, polling station, where it is, its sections and
// the printed totals. The labels are those of ECI covers in English and Hindi and of State
// Election Commission covers in Marathi; what is not found stays null.

function after(text: string, label: RegExp): string | null {
  const match = text.match(label);
  if (!match || match.index === undefined) return null;
  const rest = text.slice(match.index + match[0].length).replace(/^(?:[\s:;.=-]|ः)+/u, '');
  const value = firstColumn(rest.split('\n')[0] ?? '');
  return value || null;
}

// The first column of a line: OCR keeps a cover's columns apart by runs of spaces
// (spacedLineText in read-page.ts).
const firstColumn = (line: string): string => (line.trim().split(/\s{3,}/u)[0] ?? '').trim();

// A label whose value is printed on the lines below it, the label's own line going on with
// another column ("No. and Name of Polling Station :" over "5-Office of ..." on an ECI cover):
// the value on the label's line when there is one, else the first line below with a word in
// its first column, and the line after that when the value ends with a comma (it goes on).
function afterOrBelow(text: string, label: RegExp): string | null {
  const match = text.match(label);
  if (!match || match.index === undefined) return null;
  const [line = '', ...below] = text.slice(match.index + match[0].length).split('\n');
  // Nothing after the label but another column (or nothing at all): the value is below.
  if (!/^\s*$|^\s{3,}/u.test(line)) return after(text, label);
  const at = below.findIndex((next) => /[\p{L}\p{N}]{3}/u.test(firstColumn(next)));
  if (at < 0 || at > 2) return null;
  let value = firstColumn(below[at] as string);
  const more = firstColumn(below[at + 1] ?? '');
  if (value.endsWith(',') && /^[\p{L}\p{M}][\p{L}\p{M}\s.,-]*$/u.test(more)) value = `${value} ${more}`;
  return value.replace(/[\s,]+$/u, '') || null;
}

// The part number's label ("Part No. :", "Part number", "भाग संख्या").
export const PART_LABEL = /part\s*(number|no\.?)\s*:?|भाग\s*(संख्या|क्रमांक|क्र\.?)\s*:?/iu;

// Headings of a cover's blocks, which end the list of sections.
const COVER_HEADING = /polling\s+station|number\s+of\s+electors|details\s+of|मतदान\s*केन्द्र|मतदान\s*केंद्र|मतदाताओं|मतदारांची/iu;

export function looksLikeCover(text: string): boolean {
  const plain = latinDigits(text);
  const station = /polling\s+station|मतदान\s*केंद्र|मतदान\s*केन्द्र/iu.test(plain);
  const totals = /(male|पुरुष).*(female|महिला|स्त्री)/isu.test(plain) || /number\s+of\s+electors|मतदाताओं\s*की\s*संख्या|मतदारांची\s*संख्या/iu.test(plain);
  return station && totals;
}

export function parseCover(page: number, rawText: string): RollCoverFacts {
  const text = latinDigits(rawText).normalize('NFC');
  const constituency = after(text, /assembly\s+constituency\s*:?|name\s+and\s+reservation\s+status\s+of\s+assembly\s+constituency\s*:?|विधान\s*सभा\s*(निर्वाचन\s*)?क्षेत्र\s*(की\s*संख्या\s*,?\s*नाम\s*(व|और)?\s*आरक्षण\s*स्थिति)?\s*:?|विधानसभा\s*मतदारसंघ\s*:?/iu);
  const partText = after(text, PART_LABEL) ?? '';
  const stationText = afterOrBelow(text, /no\.?\s*and\s*name\s*of\s*polling\s*station\s*:?|मतदान\s*केन्द्र\s*की\s*संख्या\s*(व|और)\s*नाम\s*:?|मतदान\s*केंद्राचा\s*क्रमांक\s*व\s*नाव\s*:?/iu);
  const stationMatch = stationText?.match(/^(\d+)\s*[-–.]?\s*(.*)$/u);
  const address = afterOrBelow(text, /address\s+of\s+polling\s+station\s*:?|मतदान\s*केन्द्र\s*का\s*पता\s*:?|मतदान\s*केंद्राचा\s*पत्ता\s*:?/iu);
  const village = after(text, /main\s+town\s+or\s+village\s*:?|मुख्य\s*(नगर|ग्राम|गांव)[^:\n]*:?|मुख्य\s*गाव\s*:?/iu);
  const taluka = after(text, /taluka\s*:?|tehsil\s*:?|sub\s*division\s*:?|तहसील\s*:?|तालुका\s*:?/iu);
  const district = after(text, /district\s*:?|जिला\s*:?|जिल्हा\s*:?/iu);
  const pin = text.match(/(pin\s*code|पिन\s*कोड|पिन)\s*[:-]?\s*(\d{6})/iu)?.[2] ?? text.match(/\b(\d{6})\b/u)?.[1] ?? null;

  const sections: RollSection[] = [];
  const sectionBlock = text.match(/(sections\s+in\s+the\s+part|भाग\s*में\s*अनुभागों|अनुभागों\s*की\s*संख्या|विभागांची)[^\n]*\n([\s\S]{0,1500})/iu)?.[2] ?? '';
  for (const line of sectionBlock.split('\n')) {
    const match = line.match(/^\s*(\d{1,3})\s*[.\-–)]\s*([^\s].*?)\s*$/u);
    if (!match) {
      if (sections.length > 0 && /^\s*$/u.test(line)) break;
      continue;
    }
    // The next block's numbered heading ("3. Polling Station Details"), or a number out of turn
    // (a station's "5-Office of ..."), ends the list.
    const previous = sections[sections.length - 1];
    if (COVER_HEADING.test(line) || (previous && Number(match[1]) !== Number(previous.number) + 1)) break;
    // Sections are on the left of the cover; keep only the first column's words.
    const name = firstColumn(match[2] as string).replace(/[\s.,;:_–-]+$/u, '');
    if (name) sections.push({ number: match[1] as string, name });
  }

  // The totals row: starting serial, ending serial, male, female, third gender, total.
  let totals: RollCoverFacts['totals'] = { male: null, female: null, third: null, total: null };
  const lines = text.split('\n');
  // The header is the first line naming male and female that has the row of numbers under it
  // ("(Male/Female/General)", the polling station's type, comes earlier on an ECI cover).
  const headers = lines.flatMap((line, index) => (/(male|पुरुष).*(female|महिला|स्त्री)/iu.test(line) ? [index] : []));
  for (const header of headers) {
    const row = lines.slice(header + 1, header + 4).map((line) => line.match(/\d+/gu)?.map(Number) ?? []).find((numbers) => numbers.length >= 4);
    if (row) {
      const [male, female, third, total] = row.slice(-4) as [number, number, number, number];
      totals = { male, female, third, total };
      break;
    }
  }
  const partNo = partText.match(/\d+/u)?.[0];
  return {
    page,
    constituency: constituency ? constituency.replace(/\s+part\s*(number|no).*$/iu, '').trim() : null,
    partNo: partNo ? Number(partNo) : null,
    pollingStationNumber: stationMatch ? Number(stationMatch[1]) : null,
    pollingStationName: stationMatch ? (stationMatch[2] ?? '').trim() || null : stationText,
    pollingStationAddress: address,
    village,
    taluka,
    district,
    pin,
    sections,
    totals,
  };
}
