import partiesData from './data/parties.json';

// One colour per party, kept with the party list (data/parties.json) so badges, charts and any
// coloured export read the same table (issue 25). Colours follow the Okabe–Ito palette, which
// stays apart for red–green colour blindness, with each party's usual hue where it fits; where a
// party split in two, the second half gets a darker shade and a striped fill, so the pair still
// differs in print or to a colour-blind reader. docs/reference-lists.md lists the choices.
export const PARTY_PATTERNS = ['solid', 'stripes', 'dots'] as const;
export type PartyPattern = (typeof PARTY_PATTERNS)[number];

export interface PartyColour {
  // `#RRGGBB`.
  colour: string;
  pattern: PartyPattern;
}

const OTHER_PARTY = 'Other';

// No recorded preference ("Neutral"): a light grey, lighter than "Other" and unpatterned.
export const NEUTRAL_PARTY_COLOUR: PartyColour = { colour: '#D9D9D9', pattern: 'solid' };

function patternOf(party: string, pattern: string): PartyPattern {
  const known = PARTY_PATTERNS.find((item) => item === pattern);
  // A typo in the JSON should stop the build's tests, not quietly draw a plain fill.
  if (!known) throw new Error(`parties.json: "${party}" has the unknown pattern "${pattern}"`);
  return known;
}

export const PARTY_COLOURS: ReadonlyMap<string, PartyColour> = new Map(partiesData.map((party) => [party.value, { colour: party.colour, pattern: patternOf(party.value, party.pattern) }]));

// The colour a stored preference is drawn in: none is "Neutral"; a value no longer on the list
// (an older import) is drawn as "Other".
export function partyColour(party: string | null | undefined): PartyColour {
  if (!party) return NEUTRAL_PARTY_COLOUR;
  return PARTY_COLOURS.get(party) ?? PARTY_COLOURS.get(OTHER_PARTY) ?? NEUTRAL_PARTY_COLOUR;
}
