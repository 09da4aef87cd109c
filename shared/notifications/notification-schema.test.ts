import { describe, expect, it } from 'vitest';
import { sendNotificationSchema, smsParts } from './notification-schema';

describe('smsParts', () => {
  it('should count plain Latin text as 160 characters in one part and 153 per part after', () => {
    expect(smsParts('')).toBe(0);
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('a'.repeat(306))).toBe(2);
    expect(smsParts('a'.repeat(307))).toBe(3);
  });

  it('should count text with Devanagari as 70 characters in one part and 67 per part after', () => {
    expect(smsParts('नमस्ते')).toBe(1);
    expect(smsParts('म'.repeat(70))).toBe(1);
    expect(smsParts('म'.repeat(71))).toBe(2);
    expect(smsParts(`Hello ${'म'.repeat(130)}`)).toBe(3);
  });
});

describe('sendNotificationSchema', () => {
  it('should refuse a blank message with the spec text', () => {
    const result = sendNotificationSchema.safeParse({ message: '   ', recipients: [1] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a message');
  });

  it('should refuse an empty recipient list with the spec text', () => {
    const result = sendNotificationSchema.safeParse({ message: 'Hi', recipients: [] });
    expect(result.error?.issues[0]?.message).toBe('Please select a role and at least one user');
  });

  it('should refuse a message over 160 characters', () => {
    expect(sendNotificationSchema.safeParse({ message: 'a'.repeat(161), recipients: [1] }).success).toBe(false);
    expect(sendNotificationSchema.safeParse({ message: 'a'.repeat(160), recipients: [1] }).success).toBe(true);
  });
});
