import { SERIALS_MAX, type MarkResult } from '@shared/poll/poll-schema';
import { decodeSmsMarks } from '@shared/poll/sms-marks';
import { tenDigitMobile } from '@shared/voter-messages/consent-schema';
import type { AppContext } from '../../context';
import { HttpError } from '../../plugins/http-error';
import { activeUsersByMobile } from '../users/users-repository';
import { changeMarks } from './poll-use-cases';

export const SMS_SENDER_UNKNOWN = "This SMS does not come from a user's registered mobile: marks by SMS are taken only from those";

// Poll-day marks that came by SMS (issue 61, shared/poll/sms-marks.ts), from the gateway's inbound
// callback or pasted by the office: the sender's registered mobile names the user, whose booth
// access applies as if they had marked in the app; marking twice changes nothing, so a message
// sent or pasted again marks nobody twice. The audit row names the user, the sender's last
// digits and who pasted it.
export async function marksFromSms(ctx: AppContext, input: { from: string; text: string; ipAddress: string; pastedBy?: string }): Promise<MarkResult> {
  const decoded = decodeSmsMarks(input.text, SERIALS_MAX);
  if ('error' in decoded) throw new HttpError(400, decoded.error);
  const mobile = tenDigitMobile(input.from);
  const users = mobile ? await activeUsersByMobile(ctx.db, mobile) : [];
  // Two users sharing a number cannot say who marked: refused like an unknown number.
  if (users.length !== 1 || !mobile) throw new HttpError(403, SMS_SENDER_UNKNOWN);
  const via = { channel: 'sms', from: `******${mobile.slice(-4)}`, ...(input.pastedBy ? { pasted_by: input.pastedBy } : {}) };
  return changeMarks(ctx, { user: users[0]!, ipAddress: input.ipAddress }, decoded.booth, decoded.serials, { undo: false, via });
}
