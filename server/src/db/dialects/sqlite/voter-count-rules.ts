import { VOTER_INPUT_COLUMNS, type VoterInput } from '@shared/voters/voter-schema';

// The kept counts of live voters as migration 006's DIMENSIONS define them in SQL (the triggers of
// a single save use those), '' for a missing value. Counted here, a batch costs a few
// milliseconds instead of a GROUP BY of its rows seven times over; the import tests compare
// every kept count with a fresh GROUP BY.
function ageGroup(age: unknown): string {
  if (typeof age !== 'number' || age < 18) return 'Unknown';
  if (age <= 25) return '18-25';
  if (age <= 35) return '26-35';
  if (age <= 45) return '36-45';
  if (age <= 55) return '46-55';
  if (age <= 65) return '56-65';
  return '66+';
}

const DIMENSIONS = ['status', 'gender', 'age_group', 'ward_area', 'caste', 'political_preference', 'caste_preference'] as const;
const [STATUS, GENDER, AGE_GROUP, WARD_AREA, CASTE, PARTY, CASTE_PREFERENCE] = DIMENSIONS.map((_, index) => index) as number[] as [number, number, number, number, number, number, number];
const column = (name: keyof VoterInput) => VOTER_INPUT_COLUMNS.indexOf(name);
// Where each counted field stands in a voter's values (VOTER_INPUT_COLUMNS order).
export const AT = {
  taluka: column('taluka'),
  village: column('village'),
  booth: column('booth'),
  gender: column('gender'),
  age: column('age'),
  ward: column('ward_area'),
  caste: column('caste'),
  party: column('political_preference'),
  present: column('present_in_city'),
  dead: column('is_dead'),
};
// Two value ids in one number: far more distinct values than any batch can hold.
const PAIR = 2 ** 26;

// The counts of the voters added, by voter_stats key (dimension, taluka, village, booth, value1,
// value2); the totals and per-taluka counts are sums of those. Places and values are numbered
// as they come, so a voter costs fourteen lookups by number and seven by short text instead of
// seven long keys built and hashed.
export class BulkCounts {
  private readonly ids = new Map<string, number>();
  private readonly texts: string[] = [];
  private readonly places = new Map<string, number>();
  private readonly placeParts: [string, string, string][] = [];
  // (place, dimension) -> (value1, value2) -> count
  private readonly counts = new Map<number, Map<number, number>>();

  add(values: readonly unknown[]): void {
    const taluka = textOf(values[AT.taluka]);
    const village = textOf(values[AT.village]);
    const booth = textOf(values[AT.booth]);
    // NUL joins the parts: no stored text holds it (the import refuses it).
    const placeKey = `${taluka}\u0000${village}\u0000${booth}`;
    let place = this.places.get(placeKey);
    if (place === undefined) {
      place = this.placeParts.length;
      this.places.set(placeKey, place);
      this.placeParts.push([taluka, village, booth]);
    }
    const caste = this.id(textOf(values[AT.caste]));
    const party = this.id(textOf(values[AT.party]));
    const none = this.id('');
    this.bump(place, STATUS, this.id(!values[AT.dead] && values[AT.present] ? 'active' : 'inactive'), none);
    this.bump(place, GENDER, this.id(textOf(values[AT.gender])), none);
    this.bump(place, AGE_GROUP, this.id(ageGroup(values[AT.age])), none);
    this.bump(place, WARD_AREA, this.id(textOf(values[AT.ward])), none);
    this.bump(place, CASTE, caste, none);
    this.bump(place, PARTY, party, none);
    this.bump(place, CASTE_PREFERENCE, caste, party);
  }

  private id(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.texts.length;
      this.ids.set(text, id);
      this.texts.push(text);
    }
    return id;
  }

  private bump(place: number, dimension: number, value1: number, value2: number): void {
    const key = place * DIMENSIONS.length + dimension;
    let byValue = this.counts.get(key);
    if (!byValue) {
      byValue = new Map();
      this.counts.set(key, byValue);
    }
    sum(byValue, value1 * PAIR + value2, 1);
  }

  // The rows to add to voter_stats, voter_stats_totals and voter_stats_taluka.
  tables() {
    const stats: [string, string, string, string, string, string, number][] = [];
    const totals = new Map<string, number>();
    const taluka = new Map<string, number>();
    for (const [key, byValue] of this.counts) {
      const dimension = DIMENSIONS[key % DIMENSIONS.length] as string;
      const [talukaName, village, booth] = this.placeParts[Math.floor(key / DIMENSIONS.length)] as [string, string, string];
      for (const [pair, count] of byValue) {
        const value1 = this.texts[Math.floor(pair / PAIR)] as string;
        const value2 = this.texts[pair % PAIR] as string;
        stats.push([dimension, talukaName, village, booth, value1, value2, count]);
        sum(totals, JSON.stringify([dimension, value1, value2]), count);
        sum(taluka, JSON.stringify([dimension, talukaName, value1, value2]), count);
      }
    }
    return { stats, totals: keyed(totals), taluka: keyed(taluka) };
  }
}

const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function sum<K>(counts: Map<K, number>, key: K, count: number): void {
  counts.set(key, (counts.get(key) ?? 0) + count);
}

const keyed = (counts: Map<string, number>) => [...counts].map(([key, count]) => [...(JSON.parse(key) as string[]), count]);

