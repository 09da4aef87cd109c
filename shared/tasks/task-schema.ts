import { z } from 'zod';
import { recordVersionSchema, sentVersionSchema } from '../records/record-version';
import { recordIdNumberSchema, recordIdSchema } from '../records/record-id';
import { calendarDateSchema } from '../time/calendar-date';

// Spec section 3, "Task", with the values exactly as the spec writes them.
export const TASK_STATUSES = ['Not Started', 'In Progress', 'Completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ['Low', 'Medium', 'High'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

// Status moves only forward (spec section 4): the one status each may move to.
export const NEXT_TASK_STATUS: Record<TaskStatus, TaskStatus | null> = {
  'Not Started': 'In Progress',
  'In Progress': 'Completed',
  Completed: null,
};

const isoDate = calendarDateSchema('Use a date like 2026-12-31');

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

const optionalDate = z
  .union([isoDate, z.literal(''), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

// The create form and POST /api/tasks. `assigned_by` is accepted for the spec's client
// but ignored: the server takes the assigner from the session.
export const taskInputSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(200, 'Title must be 200 characters or fewer'),
    description: optionalText(2000, 'Description'),
    assigned_to: recordIdSchema('Please choose who the task is assigned to'),
    assigned_by: z.unknown().optional(),
    due_date: optionalDate,
    start_date: optionalDate,
    priority: z.enum(TASK_PRIORITIES, { error: 'Priority must be Low, Medium or High' }).default('Medium'),
    area: optionalText(200, 'Area'),
    notes: optionalText(2000, 'Notes'),
    // The village program it follows up (docs/decisions/072-village-programs.md).
    program_id: z
      .union([recordIdNumberSchema('Program not found'), z.literal(''), z.null()], { error: 'Program not found' })
      .optional()
      .transform((value) => (value === '' || value === undefined ? null : value)),
  })
  .refine((task) => !task.start_date || !task.due_date || task.start_date <= task.due_date, {
    message: 'Due date cannot be before the start date',
    path: ['due_date'],
  });
export type TaskInput = z.input<typeof taskInputSchema>;

// PUT /api/tasks/{id}: the next status, and the version of the task the user saw.
export const taskStatusUpdateSchema = z.object({
  status: z.enum(TASK_STATUSES, { error: 'Status must be Not Started, In Progress or Completed' }),
  version: sentVersionSchema,
});

export const taskQuerySchema = z.object({
  status: z.enum(TASK_STATUSES, { error: 'Status must be Not Started, In Progress or Completed' }).optional(),
});

export const taskSchema = z.object({
  id: z.number().int(),
  _id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  assigned_to: z.number().int(),
  assigned_by: z.number().int().nullable(),
  assigned_to_name: z.string().nullable(),
  assigned_by_name: z.string().nullable(),
  due_date: z.string().nullable(),
  start_date: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  area: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  version: recordVersionSchema,
});
export type Task = z.infer<typeof taskSchema>;
