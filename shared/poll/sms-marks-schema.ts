import { z } from 'zod';

// POST /api/poll/sms-marks: a poll-day SMS of marks as the office received it (issue 61).
export const smsMarksInputSchema = z.object({
  from: z.string({ error: "Give the sender's mobile number" }).trim().min(10, "Give the sender's mobile number").max(20, "Give the sender's mobile number"),
  text: z.string({ error: 'Paste the message' }).trim().min(1, 'Paste the message').max(480, 'A poll-day SMS is at most 480 characters'),
});
export type SmsMarksInput = z.infer<typeof smsMarksInputSchema>;
