import { describe, expect, it } from 'vitest';
import { readSlipToken, SLIP_TOKEN_LENGTH, slipMarkInputSchema, slipTokenBody, writeSlipToken } from '@shared/slips/slip-token';
import { signSlipToken, slipTokenKey, verifySlipToken } from './slip-tokens';

// The token of a slip's QR code (decision 085): its layout read without the key (the phone),
// and its signature checked with it (the server).
const key = slipTokenKey('a-secret-of-at-least-thirty-two-characters');
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]+$/;

describe('slip tokens', () => {
  it('should read back the voter and generation it was signed for when it is genuine', () => {
    for (const [voterId, generation] of [
      [1, 0],
      [123_456, 3],
      [0xffffffff, 0xffff],
    ] as const) {
      const token = signSlipToken(key, voterId, generation);
      expect(token).toHaveLength(SLIP_TOKEN_LENGTH);
      // QR alphanumeric mode: capitals and digits only.
      expect(token).toMatch(ALPHANUMERIC);
      expect(verifySlipToken(key, token)).toEqual({ voterId, generation });
      expect(readSlipToken(token)).toMatchObject({ voterId, generation });
    }
  });

  it('should hold nothing of the voter but the record number when it is printed', () => {
    const token = signSlipToken(key, 42, 0);
    expect(token.length).toBe(25);
    expect(token).not.toContain('42');
    // Two generations of one voter's slip differ.
    expect(signSlipToken(key, 42, 1)).not.toBe(token);
  });

  it('should refuse a token when any one letter of it was changed', () => {
    const token = signSlipToken(key, 31_337, 2);
    for (let at = 0; at < token.length; at += 1) {
      const letter = token[at] === 'A' ? 'B' : 'A';
      const tampered = token.slice(0, at) + letter + token.slice(at + 1);
      expect(verifySlipToken(key, tampered), tampered).toBeNull();
    }
  });

  it('should refuse a token when another secret signed it', () => {
    const other = slipTokenKey('another-secret-of-at-least-thirty-two-chars');
    expect(verifySlipToken(other, signSlipToken(key, 7, 0))).toBeNull();
  });

  it('should refuse a token when an older generation is put under a newer one\'s signature', () => {
    const genuine = readSlipToken(signSlipToken(key, 7, 1))!;
    const forged = writeSlipToken(slipTokenBody(7, 0), genuine.mac);
    expect(readSlipToken(forged)).toMatchObject({ voterId: 7, generation: 0 });
    expect(verifySlipToken(key, forged)).toBeNull();
    const otherVoter = writeSlipToken(slipTokenBody(8, 1), genuine.mac);
    expect(verifySlipToken(key, otherVoter)).toBeNull();
  });

  it('should forgive spaces and small letters when the token was typed', () => {
    const token = signSlipToken(key, 99, 0);
    expect(verifySlipToken(key, `  ${token.toLowerCase()} `)).toEqual({ voterId: 99, generation: 0 });
  });

  it('should read nothing when the text is not laid out as a token', () => {
    for (const text of ['', 'ABC1234567', 'V1', 'V1AAAAAAAAAAAAAAAAAAAAAAA', 'V2AAA6EQAAADMBLAZEXGVGH3Y', 'V1AAA6EQAAADMBLAZEXGVGH30', 'https://example.org/V1AAA6EQAAADMBLAZEXGVGH3Y']) {
      expect(readSlipToken(text), text).toBeNull();
    }
    expect(slipMarkInputSchema.safeParse({ token: 'ABC1234567' }).success).toBe(false);
    expect(slipMarkInputSchema.safeParse({ token: signSlipToken(key, 5, 0) }).success).toBe(true);
  });
});
