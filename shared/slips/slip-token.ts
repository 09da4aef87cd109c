import { z } from 'zod';

// The token in a slip's QR code (issue 61, decision 085): "V1" and 23 base32 letters, nothing
// else. Inside: the voter's record number (4 bytes), the slip's generation (2 bytes; revoking a
// slip moves it on) and 8 bytes of an HMAC the server alone can make (server/src/features/slips/
// slip-tokens.ts). No name, EPIC or serial: a photographed slip tells nothing the paper does not.
// Capital letters and digits only, so the QR code uses alphanumeric mode: 25 characters fit a
// version 2 code (25 × 25 modules) even at error correction Q.
// This module reads the layout only; whether a token is genuine is the server's to say. A phone
// without signal reads the voter's number from it to name the voter from its own copy.

export const SLIP_TOKEN_PREFIX = 'V1';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const BODY_BYTES = 6;
export const SLIP_MAC_BYTES = 8;
const TOKEN_BYTES = BODY_BYTES + SLIP_MAC_BYTES;
const TOKEN_LETTERS = Math.ceil((TOKEN_BYTES * 8) / 5);
export const SLIP_TOKEN_LENGTH = SLIP_TOKEN_PREFIX.length + TOKEN_LETTERS;
// Revocations a voter's slip may have: the generation is two bytes.
export const SLIP_GENERATION_MAX = 0xffff;

export const SLIP_TOKEN_INVALID = 'This QR code is not a valid voter slip';

export interface SlipTokenParts {
  voterId: number;
  generation: number;
  // The bytes the HMAC covers (voter and generation), and the HMAC as printed.
  body: Uint8Array;
  mac: Uint8Array;
}

function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string, length: number): Uint8Array | null {
  const bytes = new Uint8Array(length);
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const letter of text) {
    const digit = ALPHABET.indexOf(letter);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      if (at < length) bytes[at] = (value >>> (bits - 8)) & 0xff;
      at += 1;
      bits -= 8;
    }
  }
  // The last letter's spare bits are zero in a token this layout wrote.
  if (at !== length || (value & ((1 << bits) - 1)) !== 0) return null;
  return bytes;
}

// The signed part of a token: voter and generation, big-endian.
export function slipTokenBody(voterId: number, generation: number): Uint8Array {
  if (!Number.isInteger(voterId) || voterId < 1 || voterId > 0xffffffff) throw new RangeError('voter id out of range');
  if (!Number.isInteger(generation) || generation < 0 || generation > SLIP_GENERATION_MAX) throw new RangeError('slip generation out of range');
  const body = new Uint8Array(BODY_BYTES);
  const view = new DataView(body.buffer);
  view.setUint32(0, voterId);
  view.setUint16(4, generation);
  return body;
}

export function writeSlipToken(body: Uint8Array, mac: Uint8Array): string {
  const bytes = new Uint8Array(TOKEN_BYTES);
  bytes.set(body.subarray(0, BODY_BYTES), 0);
  bytes.set(mac.subarray(0, SLIP_MAC_BYTES), BODY_BYTES);
  return SLIP_TOKEN_PREFIX + base32(bytes);
}

// The parts of a text laid out as a slip token, or null. Spaces around it and small letters
// (a token typed by hand) are forgiven.
export function readSlipToken(text: string): SlipTokenParts | null {
  const token = text.trim().toUpperCase();
  if (token.length !== SLIP_TOKEN_LENGTH || !token.startsWith(SLIP_TOKEN_PREFIX)) return null;
  const bytes = fromBase32(token.slice(SLIP_TOKEN_PREFIX.length), TOKEN_BYTES);
  if (!bytes) return null;
  const view = new DataView(bytes.buffer);
  const voterId = view.getUint32(0);
  if (voterId === 0) return null;
  return { voterId, generation: view.getUint16(4), body: bytes.slice(0, BODY_BYTES), mac: bytes.slice(BODY_BYTES) };
}

// A scan sent to mark its voter (POST /api/poll/booths/:id/slip-marks).
export const slipMarkInputSchema = z.object({
  token: z.string({ error: SLIP_TOKEN_INVALID }).max(200, SLIP_TOKEN_INVALID).refine((text) => readSlipToken(text) !== null, SLIP_TOKEN_INVALID),
});
export type SlipMarkInput = z.infer<typeof slipMarkInputSchema>;

// A voter's slip code as the office sees it: the generation now printed, and the last revocation.
export const slipCodeSchema = z.object({
  voter_id: z.number().int(),
  generation: z.number().int(),
  revoked_at: z.string().nullable(),
  revoked_by_name: z.string().nullable(),
});
export type SlipCode = z.infer<typeof slipCodeSchema>;

// Revoking sends the generation the office saw (the record's version): a stale one is 409.
export const slipRevokeInputSchema = z.object({
  generation: z.number({ error: 'Generation must be a whole number' }).int('Generation must be a whole number').min(0, 'Generation must be a whole number').max(SLIP_GENERATION_MAX, 'Generation must be a whole number'),
});
