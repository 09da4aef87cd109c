import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockedDayInputSchema,
  blockedDaySchema,
  calendarInputSchema,
  calendarListSchema,
  calendarSchema,
  calendarUpdateSchema,
  daySheetQuerySchema,
} from '@shared/appointments/appointment-calendar';
import {
  appointmentDayQuerySchema,
  appointmentDaySchema,
  appointmentInputSchema,
  appointmentSchema,
  appointmentUpdateSchema,
} from '@shared/appointments/appointment-schema';
import { tokenInputSchema, tokenQuerySchema, tokenQueueSchema, tokenUpdateSchema, walkInTokenSchema } from '@shared/appointments/walk-in-token-schema';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import { recordIdSchema } from '@shared/records/record-id';
import { conflictSchema } from '@shared/records/record-version';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { requestActor } from '../audit/actor';
import { boothScopeFor } from '../voters/voter-access';
import { bookAppointment, changeAppointment, listDay } from './appointments-use-cases';
import { blockDay, changeCalendar, createCalendar, listAllCalendars, unblockDay } from './calendars-use-cases';
import { printDaySheet } from './day-sheet-use-cases';
import { listQueue, moveToken, registerWalkIn } from './tokens-use-cases';

const idParams = z.object({ id: recordIdSchema('Appointment id must be a positive number') });
const calendarParams = z.object({ id: recordIdSchema('Calendar id must be a positive number') });
const blockedParams = z.object({ id: recordIdSchema('Calendar id must be a positive number'), blockedId: recordIdSchema('Blocked day id must be a positive number') });
const tokenParams = z.object({ id: recordIdSchema('Token id must be a positive number') });
// A 409 is either a stale edit (the booking as it is now) or a taken slot (the booking holding it).
const appointmentConflict = conflictSchema(appointmentSchema).extend({ current: appointmentSchema.nullable().optional() });
const denied = { 401: errorSchema, 403: errorSchema } as const;

// Issue 59 (decisions 066 and 091). The leaders' calendars, bookings and day sheets are the
// office's (spec route table: /appointment for Super Admin and Admin). The walk-in queue of a
// hearing day is also the door's: every role reads the calendars' names and days, reads a day's
// queue, gives out tokens (a field user for voters of their own booths, or citizens not on the
// roll) and moves them along.
export async function appointmentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => boothScopeFor(signedInUser(request).user);

  routes.get('/', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['appointments'],
      summary: "One calendar's day: its slots (none on a day off or a blocked day), and its bookings by time; calendar_id left out: the first calendar",
      querystring: appointmentDayQuerySchema,
      response: { 200: appointmentDaySchema, 400: errorSchema, ...denied, 404: errorSchema },
    },
    handler: async (request) => listDay(ctx.db, request.query.calendar_id, request.query.date),
  });

  routes.post('/', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['appointments'],
      summary: "Book a calendar's slot for a voter or another visitor (400 on a day off or a time the calendar does not offer); 409 with the booking that holds the slot when it is taken",
      body: appointmentInputSchema,
      response: { 201: appointmentSchema, 400: errorSchema, ...denied, 404: errorSchema, 409: appointmentConflict },
    },
    handler: async (request, reply) => reply.code(201).send(await bookAppointment(ctx, requestActor(request), request.body)),
  });

  routes.put('/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['appointments'],
      summary: 'Move (within its calendar), correct or settle a booking; version = the version seen; 409 when stale or when the new slot is taken',
      params: idParams,
      body: appointmentUpdateSchema,
      response: { 200: appointmentSchema, 400: errorSchema, ...denied, 404: errorSchema, 409: appointmentConflict },
    },
    handler: async (request) => changeAppointment(ctx, requestActor(request), request.params.id, request.body),
  });

  routes.get('/calendars', {
    config: { access: ALL_ROLES },
    schema: { tags: ['appointments'], summary: "The leaders' calendars, with their blocked days from today on", response: { 200: calendarListSchema, ...denied } },
    handler: async () => listAllCalendars(ctx.db),
  });

  routes.post('/calendars', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['appointments'],
      summary: "A leader's calendar: name, working weekdays (1 Monday … 7 Sunday), day start and end, slot length, reminder SMS the day before (off by default)",
      body: calendarInputSchema,
      response: { 201: calendarSchema, 400: errorSchema, ...denied, 409: errorSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await createCalendar(ctx, requestActor(request), request.body)),
  });

  routes.put('/calendars/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['appointments'],
      summary: 'Change a calendar from the version seen (409 when stale or the name is taken; 400 when bookings from today on would not fit new hours)',
      params: calendarParams,
      body: calendarUpdateSchema,
      response: { 200: calendarSchema, 400: errorSchema, ...denied, 404: errorSchema, 409: conflictSchema(calendarSchema) },
    },
    handler: async (request) => changeCalendar(ctx, requestActor(request), request.params.id, request.body),
  });

  routes.post('/calendars/:id/blocked-days', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['appointments'],
      summary: 'Block a day of a calendar with its reason (no slots that day); bookings = the bookings already on it, left for the office to move; 409 when already blocked',
      params: calendarParams,
      body: blockedDayInputSchema,
      response: { 201: blockedDaySchema.extend({ bookings: z.number().int() }), 400: errorSchema, ...denied, 404: errorSchema, 409: errorSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await blockDay(ctx, requestActor(request), request.params.id, request.body)),
  });

  routes.delete('/calendars/:id/blocked-days/:blockedId', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['appointments'], summary: 'Open a blocked day again', params: blockedParams, response: { 204: z.null(), 400: errorSchema, ...denied, 404: errorSchema } },
    handler: async (request, reply) => {
      await unblockDay(ctx, requestActor(request), request.params.id, request.params.blockedId);
      return reply.code(204).send(null);
    },
  });

  routes.get('/sheet', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['appointments'],
      summary: "A calendar's day as a PDF: the bookings by time and the walk-in tokens in order, in lang (en, mr, hi, gu; left out: the office's language)",
      querystring: daySheetQuerySchema,
      response: { 200: z.unknown(), 400: errorSchema, ...denied, 404: errorSchema },
    },
    handler: async (request, reply) => {
      const { pdf, fileName } = await printDaySheet(ctx, requestActor(request), request.query);
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `attachment; filename="${fileName}"`).header('Cache-Control', 'no-store').send(pdf);
    },
  });

  routes.get('/tokens', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['appointments'],
      summary: "A calendar's walk-in queue for a day, in token order (a field user sees the mobile only of the tokens they gave out)",
      querystring: tokenQuerySchema,
      response: { 200: tokenQueueSchema, 400: errorSchema, ...denied, 404: errorSchema },
    },
    handler: async (request) => listQueue(ctx.db, requestActor(request), request.query.calendar_id, request.query.date),
  });

  routes.post('/tokens', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['appointments'],
      summary: "Register a walk-in: the next token number of the calendar's day (never the same for two desks); present (default true) checks them in at once",
      body: tokenInputSchema,
      response: { 201: walkInTokenSchema, 400: errorSchema, ...denied, 404: errorSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await registerWalkIn(ctx, requestActor(request), scopeOf(request), request.body)),
  });

  routes.put('/tokens/:id', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['appointments'],
      summary: 'Move a token: Registered → Checked in → Called → Done, or No-show (Called may go back to Checked in); version = the version seen, 409 when stale',
      params: tokenParams,
      body: tokenUpdateSchema,
      response: { 200: walkInTokenSchema, 400: errorSchema, ...denied, 404: errorSchema, 409: conflictSchema(walkInTokenSchema) },
    },
    handler: async (request) => moveToken(ctx, requestActor(request), request.params.id, request.body),
  });
}
