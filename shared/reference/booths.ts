// Spec section 9: Booth-01 to Booth-396 (the constituency's 396 polling booths).
export const BOOTH_COUNT = 396;
export const BOOTHS: readonly string[] = Array.from({ length: BOOTH_COUNT }, (_, index) => `Booth-${String(index + 1).padStart(2, '0')}`);

// A user's booth_access may also hold "Admin": access to every booth.
export const ALL_BOOTHS_ACCESS = 'Admin';
export const BOOTH_ACCESS_VALUES: readonly string[] = [...BOOTHS, ALL_BOOTHS_ACCESS];

const BOOTH_SET = new Set(BOOTHS);
export function isBooth(value: string): boolean {
  return BOOTH_SET.has(value);
}

// A booth's number is its place in the list (Booth-07 is 7): the booths table's id and the
// /booths/:id address. Undefined for anything that is not a booth label.
export function boothNumberOf(label: string | null | undefined): number | undefined {
  if (!label || !BOOTH_SET.has(label)) return undefined;
  return Number(label.slice('Booth-'.length));
}

export function boothLabelOf(number: number): string | undefined {
  return Number.isInteger(number) && number >= 1 && number <= BOOTH_COUNT ? BOOTHS[number - 1] : undefined;
}
