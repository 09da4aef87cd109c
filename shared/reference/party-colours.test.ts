import { describe, expect, it } from 'vitest';
import { NEUTRAL_PARTY_COLOUR, PARTY_COLOURS, partyColour, type PartyColour } from './party-colours';
import { POLITICAL_PREFERENCE_VALUES } from './voter-lists';

// Colour-vision simulation for the palette check: sRGB to linear light, the Viénot, Brettel and
// Mollon (1999) projections for protanopia and deuteranopia, and CIELAB distance (ΔE 1976).
type Rgb = [number, number, number];
const toLinear = (channel: number) => {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};
const linearOf = (hex: string): Rgb => [toLinear(Number.parseInt(hex.slice(1, 3), 16)), toLinear(Number.parseInt(hex.slice(3, 5), 16)), toLinear(Number.parseInt(hex.slice(5, 7), 16))];
const VISIONS: Record<'typical' | 'protanopia' | 'deuteranopia', (rgb: Rgb) => Rgb> = {
  typical: (rgb) => rgb,
  protanopia: ([r, g, b]) => [0.11238 * r + 0.88762 * g, 0.11238 * r + 0.88762 * g, 0.00401 * r - 0.00401 * g + b],
  deuteranopia: ([r, g, b]) => [0.29275 * r + 0.70725 * g, 0.29275 * r + 0.70725 * g, -0.02234 * r + 0.02234 * g + b],
};
function lab([r, g, b]: Rgb): Rgb {
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const [R, G, B] = [clamp(r), clamp(g), clamp(b)];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047);
  const y = f(0.2126 * R + 0.7152 * G + 0.0722 * B);
  const z = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
const deltaE = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
// ΔE 15 is plainly different side by side; closer pairs must differ by pattern too.
const DISTINCT_DELTA_E = 15;

const everyFill: [string, PartyColour][] = [...PARTY_COLOURS.entries(), ['Neutral', NEUTRAL_PARTY_COLOUR]];

describe('party colours', () => {
  it('should give every party on the reference list its own colour, and Neutral one more', () => {
    expect([...PARTY_COLOURS.keys()]).toEqual([...POLITICAL_PREFERENCE_VALUES]);
    for (const [, fill] of everyFill) expect(fill.colour).toMatch(/^#[0-9A-F]{6}$/);
    const colours = everyFill.map(([, fill]) => fill.colour);
    expect(new Set(colours).size).toBe(colours.length);
  });

  it('should keep Other and Neutral grey and no party grey', () => {
    const isGrey = (hex: string) => new Set([hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)]).size === 1;
    expect(isGrey(partyColour('Other').colour)).toBe(true);
    expect(isGrey(partyColour(null).colour)).toBe(true);
    for (const [party, fill] of PARTY_COLOURS) if (party !== 'Other') expect(isGrey(fill.colour), party).toBe(false);
  });

  it('should keep every two fills apart for typical vision, protanopia and deuteranopia, by colour or else by pattern', () => {
    const clashes: string[] = [];
    for (const [vision, simulate] of Object.entries(VISIONS)) {
      for (const [index, [partyA, a]] of everyFill.entries()) {
        for (const [partyB, b] of everyFill.slice(index + 1)) {
          const distance = deltaE(lab(simulate(linearOf(a.colour))), lab(simulate(linearOf(b.colour))));
          if (distance < DISTINCT_DELTA_E && a.pattern === b.pattern) clashes.push(`${partyA} / ${partyB} (${vision}, ΔE ${distance.toFixed(1)})`);
        }
      }
    }
    expect(clashes).toEqual([]);
  });

  it('should draw a preference missing from the list as Other, and none as Neutral', () => {
    expect(partyColour('A Party Since Removed')).toEqual(partyColour('Other'));
    expect(partyColour('')).toEqual(NEUTRAL_PARTY_COLOUR);
    expect(partyColour('BJP')).not.toEqual(partyColour('Congress'));
  });
});
