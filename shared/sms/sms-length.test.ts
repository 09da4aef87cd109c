import { describe, expect, it } from 'vitest';
import { formatRupees, isGsm7, smsCostPaise, smsLength, smsParts } from './sms-length';

describe('smsLength', () => {
  it('should count English text as GSM-7: 160 in one part, 153 a part after', () => {
    expect(smsLength('')).toMatchObject({ encoding: 'gsm7', units: 0, parts: 0 });
    const greeting = 'Happy Birthday, Ramesh! Wishing you health and happiness. - Your Ward Office';
    expect(smsLength(greeting)).toMatchObject({ encoding: 'gsm7', units: greeting.length, parts: 1, remaining: 160 - greeting.length });
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('a'.repeat(306))).toBe(2);
    expect(smsParts('a'.repeat(307))).toBe(3);
    expect(smsLength('a'.repeat(161))).toMatchObject({ perPart: 153, remaining: 306 - 161 });
  });

  it('should count a GSM extension character as two septets', () => {
    expect(smsLength('€')).toMatchObject({ encoding: 'gsm7', units: 2, parts: 1 });
    expect(smsLength('[x]{y}~|^\\')).toMatchObject({ encoding: 'gsm7', units: 18 });
    // 159 letters and a euro sign: 161 septets, two parts, though only 160 characters.
    expect(smsLength(`${'a'.repeat(159)}€`)).toMatchObject({ units: 161, parts: 2 });
    expect(smsLength(`${'a'.repeat(158)}€`)).toMatchObject({ units: 160, parts: 1 });
  });

  it('should never split an escape pair across two parts', () => {
    // 152 letters then € (2 septets) would end at 154 in the first part: the pair moves on.
    const text = `${'a'.repeat(152)}€${'b'.repeat(10)}`;
    expect(smsLength(text)).toMatchObject({ units: 164, parts: 2, remaining: 153 - 12 });
    expect(smsParts(`${'a'.repeat(152)}€${'b'.repeat(152)}`)).toBe(3);
  });

  it('should count Marathi text as Unicode: 70 in one part, 67 a part after', () => {
    const marathi = 'वाढदिवसाच्या हार्दिक शुभेच्छा!';
    expect(smsLength(marathi)).toMatchObject({ encoding: 'unicode', units: marathi.length, parts: 1 });
    const long = 'प्रिय मतदार, आपल्या प्रभागातील बैठक उद्या सकाळी १० वाजता मारुती मंदिर सभागृहात होईल. आपण नक्की या.';
    expect(long.length).toBeGreaterThan(70);
    expect(long.length).toBeLessThanOrEqual(134);
    expect(smsLength(long)).toMatchObject({ encoding: 'unicode', units: long.length, parts: 2, perPart: 67 });
    expect(smsParts('म'.repeat(70))).toBe(1);
    expect(smsParts('म'.repeat(71))).toBe(2);
    expect(smsParts('म'.repeat(134))).toBe(2);
    expect(smsParts('म'.repeat(135))).toBe(3);
  });

  it('should count Hindi text as Unicode', () => {
    const hindi = 'जन्मदिन की हार्दिक शुभकामनाएं! आपका दिन मंगलमय हो।';
    expect(smsLength(hindi)).toMatchObject({ encoding: 'unicode', units: hindi.length, parts: 1 });
    expect(smsParts(hindi.repeat(2))).toBe(2);
  });

  it('should count Gujarati text as Unicode', () => {
    const gujarati = 'જન્મદિવસની હાર્દિક શુભેચ્છાઓ! આપનો દિવસ મંગલમય રહે.';
    expect(smsLength(gujarati)).toMatchObject({ encoding: 'unicode', units: gujarati.length, parts: 1 });
    expect(smsParts(gujarati.repeat(3))).toBe(Math.ceil((gujarati.length * 3) / 67));
  });

  it('should make a whole English message Unicode when one Devanagari letter is in it', () => {
    const mixed = `Dear ${'a'.repeat(55)} - राम`; // 66 units
    expect(smsLength(mixed)).toMatchObject({ encoding: 'unicode', parts: 1 });
    expect(smsParts(`${'a'.repeat(100)} राम`)).toBe(2);
    expect(isGsm7('Hello @ £5, café!')).toBe(true);
    expect(isGsm7('Hello ₹5')).toBe(false);
  });

  it('should count an emoji as two UTF-16 units and never split it', () => {
    expect(smsLength('🎂')).toMatchObject({ encoding: 'unicode', units: 2, parts: 1 });
    expect(smsLength(`${'म'.repeat(66)}🎂`)).toMatchObject({ units: 68, parts: 1 });
    expect(smsLength(`${'म'.repeat(69)}🎂`)).toMatchObject({ units: 71, parts: 2, remaining: 67 - 4 });
  });
});

describe('smsCostPaise', () => {
  it('should price each part and show rupees with Indian grouping', () => {
    expect(smsCostPaise(3 * 1000, 25)).toBe(75000);
    expect(formatRupees(75000)).toBe('₹750.00');
    expect(formatRupees(12345678)).toBe('₹1,23,456.78');
  });
});
