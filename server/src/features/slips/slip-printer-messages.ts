import type { Slip, SlipFormat, SlipLanguage } from '@shared/slips/slip-schema';

// What the server and a slip printer process say to each other (decision 078).
export type PrinterRequest =
  | { type: 'start'; lang: SlipLanguage; format: SlipFormat; title: string }
  | { type: 'slips'; slips: Slip[] }
  | { type: 'end' }
  // The download has taken this many of the print's bytes (the layout's window moves on).
  | { type: 'taken'; bytes: number };

export type PrinterAnswer =
  | { type: 'ready' }
  | { type: 'data'; bytes: Uint8Array }
  // A batch of slips is laid out (the server sends more as batches are laid).
  | { type: 'laid'; count: number }
  | { type: 'done' }
  | { type: 'failed'; message: string };
