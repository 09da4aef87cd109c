import { describe, expect, it } from 'vitest';
import { sendNotificationSchema } from './notification-schema';

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

  it('should count a GSM extension character as two toward the 160', () => {
    expect(sendNotificationSchema.safeParse({ message: `${'a'.repeat(159)}€`, recipients: [1] }).error?.issues[0]?.message).toBe('A message can be at most 160 characters');
    expect(sendNotificationSchema.safeParse({ message: `${'a'.repeat(158)}€`, recipients: [1] }).success).toBe(true);
  });
});
