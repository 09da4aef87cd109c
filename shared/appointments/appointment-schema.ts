import { z } from 'zod';
import { isoDate, optionalBooth, optionalMobile, optionalText, optionalVillage, requiredText } from '../office/office-fields';
import { recordIdNumberSchema } from '../records/record-id';
import { recordVersionSchema, sentVersionSchema } from '../records/record-version';

// The leader's appointments (issue 59, docs/decisions/066-the-office-registers.md): meetings
// and the weekly public hearing (जनता दरबार), booked into one calendar of fixed slots.

// A meeting booked ahead, or a citizen heard at the public hearing.
export const APPOINTMENT_KINDS = ['meeting', 'hearing'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];

export const APPOINTMENT_STATUSES = ['Requested', 'Confirmed', 'Done', 'Cancelled', 'No-show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

// A booking holds its slot unless it was cancelled or the visitor did not come.
export const SLOT_HOLDING_STATUSES = ['Requested', 'Confirmed', 'Done'] as const satisfies readonly AppointmentStatus[];

// Where each status may go next; Done, Cancelled and No-show are final (book again instead).
export const NEXT_APPOINTMENT_STATUSES: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  Requested: ['Confirmed', 'Cancelled'],
  Confirmed: ['Done', 'No-show', 'Cancelled'],
  Done: [],
  Cancelled: [],
  'No-show': [],
};

// The office day: 15-minute slots from 10:00 to 17:45 (the last starts at 17:45).
export const SLOT_MINUTES = 15;
export const APPOINTMENT_SLOTS: readonly string[] = Array.from({ length: 32 }, (_, index) => {
  const minutes = 10 * 60 + index * SLOT_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

const SLOT_MESSAGE = 'Choose a time from the list';
const KIND_MESSAGE = 'Choose meeting or public hearing';
export const APPOINTMENT_STATUS_MESSAGE = 'Choose a status from the list';
export const VISITOR_REQUIRED = 'Choose a voter or write the visitor’s name';

const appointmentFields = {
  kind: z.enum(APPOINTMENT_KINDS, { error: KIND_MESSAGE }).default('meeting'),
  appointment_date: isoDate,
  slot: z.string({ error: SLOT_MESSAGE }).refine((value) => APPOINTMENT_SLOTS.includes(value), SLOT_MESSAGE),
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
    ...appointmentFields,
  })
  .refine((input) => input.voter_id !== null || input.visitor_name !== null, { message: VISITOR_REQUIRED, path: ['visitor_name'] });
export type AppointmentInput = z.input<typeof appointmentInputSchema>;

// PUT /api/appointments/{id}: move it, correct it, or change its status, from the version seen.
export const appointmentUpdateSchema = z.object({
  visitor_name: requiredText(200, 'Name'),
  ...appointmentFields,
  status: z.enum(APPOINTMENT_STATUSES, { error: APPOINTMENT_STATUS_MESSAGE }),
  version: sentVersionSchema,
});
export type AppointmentUpdate = z.input<typeof appointmentUpdateSchema>;

export const appointmentDayQuerySchema = z.object({ date: isoDate });

export const appointmentSchema = z.object({
  id: z.number().int(),
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
  status: z.enum(APPOINTMENT_STATUSES),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersionSchema,
});
export type Appointment = z.infer<typeof appointmentSchema>;

// One day of the calendar: every booking of the day (cancelled ones too), by time.
export const appointmentDaySchema = z.object({ date: z.string(), items: z.array(appointmentSchema) });
export type AppointmentDay = z.infer<typeof appointmentDaySchema>;
