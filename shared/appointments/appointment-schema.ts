import { z } from 'zod';
import { isoDate, optionalBooth, optionalMobile, optionalText, optionalVillage, requiredText } from '../office/office-fields';
import { recordIdNumberSchema } from '../records/record-id';
import { recordVersionSchema, sentVersionSchema } from '../records/record-version';
import { calendarIdField, calendarSchema } from './appointment-calendar';

// The leaders' appointments (issue 59, docs/decisions/066-the-office-registers.md and 091):
// meetings and the public hearing (जनता दरबार), booked into a leader's calendar's slots.

// A meeting booked ahead, or a citizen heard at the public hearing.
export const APPOINTMENT_KINDS = ['meeting', 'hearing'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];

export const APPOINTMENT_STATUSES = ['Requested', 'Confirmed', 'Checked in', 'Done', 'Cancelled', 'No-show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

// A booking holds its slot unless it was cancelled or the visitor did not come.
export const SLOT_HOLDING_STATUSES = ['Requested', 'Confirmed', 'Checked in', 'Done'] as const satisfies readonly AppointmentStatus[];

// Where each status may go next; Done, Cancelled and No-show are final (book again instead).
// Checked in: the visitor is at the office, waiting to be seen.
export const NEXT_APPOINTMENT_STATUSES: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  Requested: ['Confirmed', 'Cancelled'],
  Confirmed: ['Checked in', 'Done', 'No-show', 'Cancelled'],
  'Checked in': ['Done', 'Cancelled'],
  Done: [],
  Cancelled: [],
  'No-show': [],
};

// A slot is its start time; which times a day offers comes from the booking's calendar
// (appointment-calendar.ts), checked by the server.
const SLOT_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const SLOT_MESSAGE = 'Choose a time from the list';
const KIND_MESSAGE = 'Choose meeting or public hearing';
export const APPOINTMENT_STATUS_MESSAGE = 'Choose a status from the list';
export const VISITOR_REQUIRED = 'Choose a voter or write the visitor’s name';

// A linked service request (optional): the citizen comes about it.
export const serviceRequestLink = z
  .union([recordIdNumberSchema('Service request not found'), z.literal(''), z.null()])
  .optional()
  .transform((value) => (value === '' || value === undefined ? null : value));
// On an edit, left out keeps the link as it is; null or '' removes it.
const serviceRequestRelink = z
  .union([recordIdNumberSchema('Service request not found'), z.literal(''), z.null()])
  .optional()
  .transform((value) => (value === '' ? null : value));

const appointmentFields = {
  kind: z.enum(APPOINTMENT_KINDS, { error: KIND_MESSAGE }).default('meeting'),
  appointment_date: isoDate,
  slot: z.string({ error: SLOT_MESSAGE }).regex(SLOT_PATTERN, SLOT_MESSAGE),
  visitor_mobile: optionalMobile,
  purpose: requiredText(500, 'Purpose'),
  booth: optionalBooth,
  village: optionalVillage,
  notes: optionalText(2000, 'Notes'),
};

// The booking form and POST /api/appointments: a voter (name, mobile, booth and village come
// from the roll where left empty) or a visitor who is not on it (name, mobile when known).
export const appointmentInputSchema = z
  .object({
    voter_id: z
      .union([recordIdNumberSchema('Voter not found'), z.literal(''), z.null()])
      .optional()
      .transform((value) => (value === '' || value === undefined ? null : value)),
    visitor_name: optionalText(200, 'Name'),
    calendar_id: calendarIdField,
    service_request_id: serviceRequestLink,
    ...appointmentFields,
  })
  .refine((input) => input.voter_id !== null || input.visitor_name !== null, { message: VISITOR_REQUIRED, path: ['visitor_name'] });
export type AppointmentInput = z.input<typeof appointmentInputSchema>;

// PUT /api/appointments/{id}: move it, correct it, or change its status, from the version seen.
export const appointmentUpdateSchema = z.object({
  visitor_name: requiredText(200, 'Name'),
  ...appointmentFields,
  service_request_id: serviceRequestRelink,
  status: z.enum(APPOINTMENT_STATUSES, { error: APPOINTMENT_STATUS_MESSAGE }),
  version: sentVersionSchema,
});
export type AppointmentUpdate = z.input<typeof appointmentUpdateSchema>;

// A booking stays in its calendar: to see another leader, cancel and book there.
export const appointmentDayQuerySchema = z.object({ date: isoDate, calendar_id: calendarIdField });

export const appointmentSchema = z.object({
  id: z.number().int(),
  calendar_id: z.number().int(),
  kind: z.enum(APPOINTMENT_KINDS),
  appointment_date: z.string(),
  slot: z.string(),
  voter_id: z.number().int().nullable(),
  voter_epic: z.string().nullable(),
  visitor_name: z.string(),
  visitor_mobile: z.string().nullable(),
  purpose: z.string(),
  booth: z.string().nullable(),
  village: z.string().nullable(),
  notes: z.string().nullable(),
  service_request_id: z.number().int().nullable(),
  service_request_receipt: z.string().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  // The reminder SMS: null until the day before (decision 091).
  reminder_status: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersionSchema,
});
export type Appointment = z.infer<typeof appointmentSchema>;

// One day of a calendar: its slots (none on a day off), why it is closed if it is, and every
// booking of the day (cancelled ones too), by time.
export const appointmentDaySchema = z.object({
  date: z.string(),
  calendar: calendarSchema,
  closed: z.union([z.object({ kind: z.literal('not-working') }), z.object({ kind: z.literal('blocked'), reason: z.string() }), z.null()]),
  slots: z.array(z.string()),
  items: z.array(appointmentSchema),
});
export type AppointmentDay = z.infer<typeof appointmentDaySchema>;
