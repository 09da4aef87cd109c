import { type BoothScope, boothScopeOf } from '../auth/booth-scope';
import { isAdminRole, type Role } from '../auth/roles';

// Issue 60: who a staff member may message. The office messages anyone; a field role
// (Supervisor, Karyakarta) messages the office, their Supervisors and the staff of their own
// booths, which is one rule: the recipient works in a booth the sender works in. A field user
// whose booth access holds "Admin" works in every booth, so reaches (and is reached by) any
// field user with a booth.
export interface MessagingStaff {
  role: Role;
  booth_access: readonly string[];
}

function scopesMeet(a: BoothScope, b: BoothScope): boolean {
  if (a.kind === 'all') return b.kind === 'all' || b.booths.length > 0;
  if (b.kind === 'all') return a.booths.length > 0;
  return a.booths.some((booth) => b.booths.includes(booth));
}

export function mayMessage(sender: MessagingStaff, recipient: MessagingStaff): boolean {
  if (isAdminRole(sender.role) || isAdminRole(recipient.role)) return true;
  return scopesMeet(boothScopeOf(sender.role, sender.booth_access), boothScopeOf(recipient.role, recipient.booth_access));
}

export const outsideYourBooths = (refused: number) =>
  `You can message only the office, your Supervisors and the staff of your own booths: ${refused === 1 ? '1 of the chosen people is' : `${refused} of the chosen people are`} outside them`;

// Staff SMS are limited in parts, as the gateway bills them (a 160-character Marathi message
// is 3 parts), per sender over the last hour. Field roles send to a few colleagues; the office
// may reach everyone (1,000 recipients of a 3-part message is 3,000 parts).
export const STAFF_SMS_PARTS_WINDOW_MINUTES = 60;
export const STAFF_SMS_PARTS_PER_HOUR: Record<Role, number> = {
  'Super Admin': 10_000,
  Admin: 10_000,
  Supervisor: 500,
  Karyakarta: 100,
};

export const partsOverQuota = (needed: number, quota: number) =>
  `This message needs ${needed} SMS parts, more than your ${quota} parts an hour: send it to fewer people or make it shorter.`;
export const partsQuotaRefusal = (input: { needed: number; used: number; quota: number; waitMinutes: number }) =>
  `This message needs ${input.needed} SMS parts and you have ${Math.max(0, input.quota - input.used)} of your ${input.quota} parts an hour left. Send it to fewer people or make it shorter, or try again in ${input.waitMinutes} minute${input.waitMinutes === 1 ? '' : 's'}.`;
