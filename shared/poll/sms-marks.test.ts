import { describe, expect, it } from 'vitest';
import { decodeSmsMarks, encodeSmsMarks, isSmsMarks, SMS_MARKS_DAMAGED, SMS_MARKS_UNREADABLE, smsMarksCheck } from './sms-marks';

describe('poll-day marks by SMS', () => {
  it('should pack runs of serials with the booth and a check, and read them back', () => {
    const [message, ...more] = encodeSmsMarks(123, [15, 4, 5, 6, 7, 12, 5]);
    expect(more).toEqual([]);
    expect(message).toBe(`VM 123 4-7.12.15 ${smsMarksCheck('VM 123 4-7.12.15')}`);
    expect(decodeSmsMarks(message!, 50)).toEqual({ booth: 123, serials: [4, 5, 6, 7, 12, 15] });
    expect(isSmsMarks(message!)).toBe(true);
    expect(isSmsMarks('STOP')).toBe(false);
  });

  it('should forgive small letters and spaces a phone adds, not a changed digit or two swapped', () => {
    const message = encodeSmsMarks(7, [1, 3, 9])[0]!;
    expect(decodeSmsMarks(`  ${message.toLowerCase()}  `, 50)).toEqual({ booth: 7, serials: [1, 3, 9] });
    expect(decodeSmsMarks(message.replace('VM 7 1.3.9', 'VM 7 1.3.8'), 50)).toEqual({ error: SMS_MARKS_DAMAGED });
    expect(decodeSmsMarks(message.replace('VM 7 1.3.9', 'VM 7 3.1.9'), 50)).toEqual({ error: SMS_MARKS_DAMAGED });
    expect(decodeSmsMarks(message.replace('VM 7 ', 'VM 8 '), 50)).toEqual({ error: SMS_MARKS_DAMAGED });
    expect(decodeSmsMarks('VM hello', 50)).toEqual({ error: SMS_MARKS_UNREADABLE });
  });

  it('should split what does not fit one SMS part into messages each checked on its own', () => {
    const scattered = Array.from({ length: 50 }, (_, index) => 1000 + index * 2);
    const messages = encodeSmsMarks(396, scattered);
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.every((message) => message.length <= 160)).toBe(true);
    expect(messages.flatMap((message) => (decodeSmsMarks(message, 50) as { serials: number[] }).serials)).toEqual(scattered);
  });

  it('should refuse more serials than a mark request takes', () => {
    const message = encodeSmsMarks(12, [1, 60])[0]!.replace(/ \w\w$/, '');
    const wide = `VM 12 1-60 ${smsMarksCheck('VM 12 1-60')}`;
    expect(message).toBe('VM 12 1.60');
    expect(decodeSmsMarks(wide, 50)).toEqual({ error: SMS_MARKS_UNREADABLE });
  });
});
