import { z } from 'zod';
import { isoDate, limitParam, optionalBooth, optionalDate, optionalMobile, optionalText, optionalVillage, pagedSchema, pageParam, queryParam, requiredText } from '../office/office-fields';
import { recordIdNumberSchema, recordIdSchema } from '../records/record-id';
import { recordVersionSchema, sentVersionSchema } from '../records/record-version';

// The office's grievance register (issue 59, docs/decisions/066-the-office-registers.md): a
// citizen's request or complaint, followed with the departments until it is settled.

// The shipped categories (issue 59's list); their words are in the web's language files.
export const SERVICE_CATEGORIES = [
  'pension',
  'ration_card',
  'aadhaar',
  'certificate',
  'land_record',
  'road',
  'water',
  'electricity',
  'health',
  'police',
  'education',
  'employment',
  'other',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const SERVICE_STATUSES = ['New', 'In Progress', 'With Department', 'Resolved', 'Closed', 'Rejected'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const SERVICE_PRIORITIES = ['Low', 'Medium', 'High'] as const;
export type ServicePriority = (typeof SERVICE_PRIORITIES)[number];

// Where each status may go next. Resolved and Rejected may be reopened (back to In Progress);
// Closed is the end of the road (a closed request is filed away).
export const NEXT_SERVICE_STATUSES: Record<ServiceStatus, readonly ServiceStatus[]> = {
  New: ['In Progress', 'With Department', 'Resolved', 'Rejected', 'Closed'],
  'In Progress': ['With Department', 'Resolved', 'Rejected', 'Closed'],
  'With Department': ['In Progress', 'Resolved', 'Rejected', 'Closed'],
  Resolved: ['In Progress', 'Closed'],
  Rejected: ['In Progress', 'Closed'],
  Closed: [],
};

// A request still waiting on someone: these count as overdue after their due date.
export const OPEN_SERVICE_STATUSES = ['New', 'In Progress', 'With Department'] as const satisfies readonly ServiceStatus[];

export function isOpenServiceStatus(status: ServiceStatus): boolean {
  return (OPEN_SERVICE_STATUSES as readonly ServiceStatus[]).includes(status);
}

const CATEGORY_MESSAGE = 'Choose a category from the list';
const STATUS_MESSAGE = 'Choose a status from the list';
const PRIORITY_MESSAGE = 'Priority must be Low, Medium or High';
export const CITIZEN_REQUIRED = 'Choose a voter or write the citizen’s name';
export const PROGRAM_NOT_FOUND_MESSAGE = 'Program not found';

// The village program the request was raised at (docs/decisions/072-village-programs.md).
const programIdField = z
  .union([recordIdNumberSchema(PROGRAM_NOT_FOUND_MESSAGE), z.literal(''), z.null()], { error: PROGRAM_NOT_FOUND_MESSAGE })
  .optional()
  .transform((value) => (value === '' || value === undefined ? null : value));

// The fields a request's form edits (also the create form's, with the citizen).
const detailFields = {
  category: z.enum(SERVICE_CATEGORIES, { error: CATEGORY_MESSAGE }),
  department: optionalText(200, 'Department'),
  description: requiredText(4000, 'Description'),
  booth: optionalBooth,
  village: optionalVillage,
  priority: z.enum(SERVICE_PRIORITIES, { error: PRIORITY_MESSAGE }).default('Medium'),
  assigned_to: z
    .union([recordIdNumberSchema('Choose who follows this request'), z.literal(''), z.null()])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value)),
  due_date: optionalDate,
};

// The create form and POST /api/service-requests. With a voter, the name, mobile, booth and
// village come from the voter's record where the form leaves them empty; without one, the
// citizen's name is required (mobile when known).
export const serviceRequestInputSchema = z
  .object({
    voter_id: z
      .union([recordIdNumberSchema('Voter not found'), z.literal(''), z.null()])
      .optional()
      .transform((value) => (value === '' || value === undefined ? null : value)),
    citizen_name: optionalText(200, 'Name'),
    citizen_mobile: optionalMobile,
    ...detailFields,
    program_id: programIdField,
  })
  .refine((input) => input.voter_id !== null || input.citizen_name !== null, { message: CITIZEN_REQUIRED, path: ['citizen_name'] });
export type ServiceRequestInput = z.input<typeof serviceRequestInputSchema>;

// PUT /api/service-requests/{id}: the details (not the citizen's voter, not the status) with
// the version the form started from.
export const serviceRequestUpdateSchema = z.object({
  citizen_name: requiredText(200, 'Name'),
  citizen_mobile: optionalMobile,
  ...detailFields,
  // Left out, the link stays as it is (the request form does not show it); null unlinks.
  program_id: z.union([recordIdNumberSchema(PROGRAM_NOT_FOUND_MESSAGE), z.null()], { error: PROGRAM_NOT_FOUND_MESSAGE }).optional(),
  version: sentVersionSchema,
});
export type ServiceRequestUpdate = z.input<typeof serviceRequestUpdateSchema>;

// POST /api/service-requests/{id}/notes: a dated note in the history, optionally moving the
// status; a rejection must say why.
export const REJECTION_NEEDS_REASON = 'Write the reason for rejecting the request';
export const NOTE_OR_STATUS = 'Write a note or choose a new status';
export const serviceNoteInputSchema = z
  .object({
    note: optionalText(2000, 'Note'),
    status: z
      .union([z.enum(SERVICE_STATUSES, { error: STATUS_MESSAGE }), z.literal(''), z.null()])
      .optional()
      .transform((value) => (value ? value : null)),
    version: sentVersionSchema,
  })
  .refine((input) => input.note !== null || input.status !== null, { message: NOTE_OR_STATUS, path: ['note'] })
  .refine((input) => input.status !== 'Rejected' || input.note !== null, { message: REJECTION_NEEDS_REASON, path: ['note'] });
export type ServiceNoteInput = z.input<typeof serviceNoteInputSchema>;

const booleanParam = queryParam(z.enum(['true', 'false'], { error: 'Must be "true" or "false"' }));

export const SERVICE_DATES_ORDER = 'The end date must be on or after the start date';

// The list's filters without its page: the export and the list read the same ones. from/to are
// days of registration in the office's timezone, both included.
const filterShape = {
  status: queryParam(z.enum(SERVICE_STATUSES, { error: STATUS_MESSAGE })),
  category: queryParam(z.enum(SERVICE_CATEGORIES, { error: CATEGORY_MESSAGE })),
  booth: optionalBooth,
  village: optionalVillage,
  assigned_to: queryParam(recordIdSchema('Choose who follows this request')),
  overdue: booleanParam,
  from: queryParam(isoDate),
  to: queryParam(isoDate),
  search: queryParam(z.string().trim().max(100, 'Search must be 100 characters or fewer')),
};
const datesInOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;

export const serviceRequestFiltersSchema = z.object(filterShape).refine(datesInOrder, { message: SERVICE_DATES_ORDER, path: ['to'] });
export type ServiceRequestFilters = z.output<typeof serviceRequestFiltersSchema>;

export const serviceRequestQuerySchema = z.object({ page: pageParam, limit: limitParam, ...filterShape }).refine(datesInOrder, { message: SERVICE_DATES_ORDER, path: ['to'] });
export type ServiceRequestQuery = z.output<typeof serviceRequestQuerySchema>;

export const serviceRequestSchema = z.object({
  id: z.number().int(),
  receipt_no: z.string(),
  voter_id: z.number().int().nullable(),
  // The voter's EPIC number, when the request names a voter.
  voter_epic: z.string().nullable(),
  citizen_name: z.string(),
  citizen_mobile: z.string().nullable(),
  category: z.enum(SERVICE_CATEGORIES),
  department: z.string().nullable(),
  description: z.string(),
  booth: z.string().nullable(),
  village: z.string().nullable(),
  priority: z.enum(SERVICE_PRIORITIES),
  status: z.enum(SERVICE_STATUSES),
  assigned_to: z.number().int().nullable(),
  assigned_to_name: z.string().nullable(),
  due_date: z.string().nullable(),
  overdue: z.boolean(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
  program_id: z.number().int().nullable(),
  version: recordVersionSchema,
});
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;

export const serviceNoteSchema = z.object({
  id: z.number().int(),
  from_status: z.enum(SERVICE_STATUSES).nullable(),
  to_status: z.enum(SERVICE_STATUSES).nullable(),
  note: z.string().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type ServiceNote = z.infer<typeof serviceNoteSchema>;

// An SMS to the citizen on registration or resolution (decision 090), shown in the history.
// The mobile is shown by its last four digits only.
export const SERVICE_MESSAGE_KINDS = ['registered', 'resolved'] as const;
export const SERVICE_MESSAGE_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type ServiceMessageStatus = (typeof SERVICE_MESSAGE_STATUSES)[number];
// Why a message was not sent (skipped): the words the history shows are the web's.
export const SERVICE_SMS_OPTED_OUT = 'The citizen has opted out of messages';
export const SERVICE_SMS_NO_MOBILE = 'No mobile number';
export const serviceMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SERVICE_MESSAGE_KINDS),
  status: z.enum(SERVICE_MESSAGE_STATUSES),
  mobile_last4: z.string().nullable(),
  language: z.string(),
  text: z.string(),
  parts: z.number().int(),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type ServiceMessage = z.infer<typeof serviceMessageSchema>;

export const serviceRequestDetailSchema = serviceRequestSchema.extend({ history: z.array(serviceNoteSchema), messages: z.array(serviceMessageSchema) });
export type ServiceRequestDetail = z.infer<typeof serviceRequestDetailSchema>;

export const serviceRequestListSchema = pagedSchema(serviceRequestSchema);
export type ServiceRequestList = z.infer<typeof serviceRequestListSchema>;

// The receipt number a citizen quotes: the year it was registered and the register's number.
export function receiptNumber(id: number, createdAt: string): string {
  return `SR-${createdAt.slice(0, 4)}-${String(id).padStart(5, '0')}`;
}
