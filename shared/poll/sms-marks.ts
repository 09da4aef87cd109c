// Poll-day marks by SMS (issue 61): where mobile data fails, a worker's phone writes the booth and
// the serials marked into an SMS to the office's gateway number, and the server marks them from
// the gateway's inbound callback (or from the message pasted by the office).
//
//   VM 123 4-7.12.15 K3
//   │  │   │           └ check: two base-36 characters over everything before it
//   │  │   └ serials, runs of consecutive serials as from-to, joined by "."
//   │  └ booth number
//   └ marker (every message starting "VM " is taken as marks)
//
// Plain GSM-7 characters only, so a message is one part up to 160 characters; more serials go in
// more messages, each complete and checked on its own.

export const SMS_MARKS_MARKER = 'VM';
const SMS_PART = 160;

export const SMS_MARKS_DAMAGED = 'This poll-day SMS is damaged (its check does not match): ask the worker to send it again';
export const SMS_MARKS_UNREADABLE = 'This is not a poll-day SMS: it should read like "VM 123 4-7.12 K3"';

// A Fletcher-16 sum of the text, as two base-36 characters: a changed or lost character, or two
// swapped, changes it.
export function smsMarksCheck(text: string): string {
  let low = 0;
  let high = 0;
  for (let index = 0; index < text.length; index += 1) {
    low = (low + text.charCodeAt(index)) % 255;
    high = (high + low) % 255;
  }
  return (((high << 8) | low) % 1296).toString(36).toUpperCase().padStart(2, '0');
}

// Runs of consecutive serials: [4,5,6,7,12] → "4-7", "12".
function runs(serials: readonly number[]): string[] {
  const sorted = [...new Set(serials)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let index = 0; index < sorted.length; ) {
    let end = index;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end += 1;
    out.push(end === index ? String(sorted[index]) : `${sorted[index]}-${sorted[end]}`);
    index = end + 1;
  }
  return out;
}

// The messages for these marks, each within one SMS part.
export function encodeSmsMarks(booth: number, serials: readonly number[]): string[] {
  const head = `${SMS_MARKS_MARKER} ${booth} `;
  // Room for the runs: the part less the head, a space and the two check characters.
  const room = SMS_PART - head.length - 3;
  const messages: string[] = [];
  let current = '';
  for (const run of runs(serials)) {
    const next = current === '' ? run : `${current}.${run}`;
    if (next.length > room && current !== '') {
      messages.push(current);
      current = run;
    } else current = next;
  }
  if (current !== '') messages.push(current);
  return messages.map((body) => `${head}${body} ${smsMarksCheck(`${head}${body}`)}`);
}

export const isSmsMarks = (text: string) => new RegExp(`^\\s*${SMS_MARKS_MARKER}\\s`, 'i').test(text);

// The booth and serials of a message, or why it cannot be read. Spaces a phone or gateway added
// or dropped around the parts, and small letters, are forgiven; the check is not.
export function decodeSmsMarks(text: string, serialsMax: number): { booth: number; serials: number[] } | { error: string } {
  const match = /^\s*VM\s+(\d{1,4})\s+([\d.\-\s]+?)\s+([0-9A-Z]{2})\s*$/i.exec(text);
  if (!match) return { error: SMS_MARKS_UNREADABLE };
  const booth = Number(match[1]);
  const body = match[2]!.replace(/\s+/g, '');
  if (smsMarksCheck(`${SMS_MARKS_MARKER} ${booth} ${body}`) !== match[3]!.toUpperCase()) return { error: SMS_MARKS_DAMAGED };
  const serials: number[] = [];
  for (const part of body.split('.')) {
    const range = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(part);
    if (!range) return { error: SMS_MARKS_UNREADABLE };
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (from < 1 || to < from || serials.length + (to - from + 1) > serialsMax) return { error: SMS_MARKS_UNREADABLE };
    for (let serial = from; serial <= to; serial += 1) serials.push(serial);
  }
  return { booth, serials };
}
