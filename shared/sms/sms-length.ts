// How long an SMS is and how many parts it goes out as (issue 60), one function for the
// counter, the limit and the cost on every form and on the server.
//
// Text made only of GSM-7 characters (3GPP TS 23.038) travels as 7-bit septets: 160 in one
// part, 153 a part once split (the rest of each part carries the joining header). The
// extension characters ^ { } \ [ ] ~ | € and form feed take two septets (an escape and the
// character). Any other character (Devanagari, Gujarati, an emoji) makes the whole message
// UCS-2: 70 UTF-16 units in one part, 67 a part once split. A part never splits an escape
// pair or a surrogate pair, so the parts are filled as the phone fills them.

export type SmsEncoding = 'gsm7' | 'unicode';

export interface SmsLength {
  encoding: SmsEncoding;
  // Septets (GSM-7) or UTF-16 units (Unicode): what the 160 or 70 is counted in.
  units: number;
  parts: number;
  // How many units one part holds at this length: 160 or 70 for a single part, else 153 or 67.
  perPart: number;
  // Units still free in the last part before another part starts.
  remaining: number;
}

const GSM7_BASIC = new Set([
  ...'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
]);
const GSM7_EXTENSION = new Set([...'\f^{}\\[~]|€']);

export const GSM7_SINGLE = 160;
export const GSM7_MULTI = 153;
export const UNICODE_SINGLE = 70;
export const UNICODE_MULTI = 67;

export function isGsm7(text: string): boolean {
  for (const char of text) if (!GSM7_BASIC.has(char) && !GSM7_EXTENSION.has(char)) return false;
  return true;
}

export function smsLength(text: string): SmsLength {
  const encoding: SmsEncoding = isGsm7(text) ? 'gsm7' : 'unicode';
  const [single, multi] = encoding === 'gsm7' ? [GSM7_SINGLE, GSM7_MULTI] : [UNICODE_SINGLE, UNICODE_MULTI];
  // Iterating a string yields code points: an emoji is one step of two UTF-16 units.
  const sizes = [...text].map((char) => (encoding === 'gsm7' ? (GSM7_EXTENSION.has(char) ? 2 : 1) : char.length));
  const units = sizes.reduce((sum, size) => sum + size, 0);
  if (units === 0) return { encoding, units, parts: 0, perPart: single, remaining: single };
  if (units <= single) return { encoding, units, parts: 1, perPart: single, remaining: single - units };
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > multi) {
      parts += 1;
      used = size;
    } else used += size;
  }
  return { encoding, units, parts, perPart: multi, remaining: multi - used };
}

export function smsParts(text: string): number {
  return smsLength(text).parts;
}

// The estimated cost of a send, in paise: the parts of each recipient's text times the price
// of one part (the sms_price_paise setting). Whole paise keep the sums exact.
export function smsCostPaise(totalParts: number, pricePaisePerPart: number): number {
  return totalParts * pricePaisePerPart;
}

// "₹1,234.50" for 123450 paise, in Indian digit grouping.
export function formatRupees(paise: number, locale = 'en-IN'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100);
}
