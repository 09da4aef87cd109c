import { z } from 'zod';
import { isoDate, optionalMobile, optionalText, requiredText } from '../office/office-fields';
import { recordIdNumberSchema } from '../records/record-id';
import { recordVersionSchema, sentVersionSchema } from '../records/record-version';
import { calendarIdField } from './appointment-calendar';
import { serviceRequestLink, VISITOR_REQUIRED } from './appointment-schema';

// The walk-in queue of a hearing day (issue 59, decision 091): each citizen who comes without a
// booking gets the next token number of that calendar and day, and is heard in token order.

// Registered: the token is given out (the citizen may not be here yet: a phone call the day
// before). Checked in: here and waiting. Called: sent in to the leader.
export const TOKEN_STATUSES = ['Registered', 'Checked in', 'Called', 'Done', 'No-show'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

export const NEXT_TOKEN_STATUSES: Record<TokenStatus, readonly TokenStatus[]> = {
  Registered: ['Checked in', 'No-show'],
  'Checked in': ['Called', 'No-show'],
  // Called but not at the door: back in the queue (Checked in) or gone.
  Called: ['Done', 'Checked in', 'No-show'],
  Done: [],
  'No-show': [],
};

// The tokens still to be heard, in the queue's order.
export const WAITING_TOKEN_STATUSES = ['Registered', 'Checked in', 'Called'] as const satisfies readonly TokenStatus[];

export const TOKEN_STATUS_MESSAGE = 'Choose a status from the list';

// POST /api/appointments/tokens: a voter (name, mobile, booth and village from the roll where
// left empty) or a citizen not on it. present: here now (checked in at once), the default.
export const tokenInputSchema = z
  .object({
    calendar_id: calendarIdField,
    token_date: isoDate,
    voter_id: z
      .union([recordIdNumberSchema('Voter not found'), z.literal(''), z.null()])
      .optional()
      .transform((value) => (value === '' || value === undefined ? null : value)),
    visitor_name: optionalText(200, 'Name'),
    visitor_mobile: optionalMobile,
    purpose: requiredText(500, 'Purpose'),
    service_request_id: serviceRequestLink,
    present: z.boolean({ error: 'Must be true or false' }).default(true),
  })
  .refine((input) => input.voter_id !== null || input.visitor_name !== null, { message: VISITOR_REQUIRED, path: ['visitor_name'] });
export type TokenInput = z.input<typeof tokenInputSchema>;

// PUT /api/appointments/tokens/{id}: check in, call, done, no-show, from the version seen.
export const tokenUpdateSchema = z.object({ status: z.enum(TOKEN_STATUSES, { error: TOKEN_STATUS_MESSAGE }), version: sentVersionSchema });
export type TokenUpdate = z.input<typeof tokenUpdateSchema>;

export const tokenQuerySchema = z.object({ date: isoDate, calendar_id: calendarIdField });

export const walkInTokenSchema = z.object({
  id: z.number().int(),
  calendar_id: z.number().int(),
  token_date: z.string(),
  token_number: z.number().int(),
  voter_id: z.number().int().nullable(),
  visitor_name: z.string(),
  visitor_mobile: z.string().nullable(),
  purpose: z.string(),
  booth: z.string().nullable(),
  village: z.string().nullable(),
  service_request_id: z.number().int().nullable(),
  service_request_receipt: z.string().nullable(),
  status: z.enum(TOKEN_STATUSES),
  checked_in_at: z.string().nullable(),
  called_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  version: recordVersionSchema,
});
export type WalkInToken = z.infer<typeof walkInTokenSchema>;

// A calendar's queue for a day, in token order.
export const tokenQueueSchema = z.object({ date: z.string(), calendar_id: z.number().int(), items: z.array(walkInTokenSchema) });
export type TokenQueue = z.infer<typeof tokenQueueSchema>;
