import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentDayQuerySchema,
  appointmentDaySchema,
  appointmentInputSchema,
  appointmentSchema,
  appointmentUpdateSchema,
} from '@shared/appointments/appointment-schema';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES } from '@shared/auth/roles';
import { recordIdSchema } from '@shared/records/record-id';
import { conflictSchema } from '@shared/records/record-version';
import type { AppContext } from '../../context';
import { requestActor } from '../audit/actor';
import { bookAppointment, changeAppointment, listDay } from './appointments-use-cases';

const idParams = z.object({ id: recordIdSchema('Appointment id must be a positive number') });
// A 409 is either a stale edit (the booking as it is now) or a taken slot (the booking holding it).
const appointmentConflict = conflictSchema(appointmentSchema).extend({ current: appointmentSchema.nullable().optional() });

// Issue 59: the leader's calendar is the office's (spec route table: /appointment for Super
// Admin and Admin).
export async function appointmentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['appointments'],
      summary: "One day's bookings, by time (the day view)",
      querystring: appointmentDayQuerySchema,
      response: { 200: appointmentDaySchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => listDay(ctx.db, request.query.date),
  });

  routes.post('/', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['appointments'],
      summary: 'Book a slot for a voter or another visitor; 409 with the booking that holds the slot when it is taken',
      body: appointmentInputSchema,
      response: { 201: appointmentSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: appointmentConflict },
    },
    handler: async (request, reply) => reply.code(201).send(await bookAppointment(ctx, requestActor(request), request.body)),
  });

  routes.put('/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['appointments'],
      summary: 'Move, correct or settle a booking; version = the version seen; 409 when stale or when the new slot is taken',
      params: idParams,
      body: appointmentUpdateSchema,
      response: { 200: appointmentSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: appointmentConflict },
    },
    handler: async (request) => changeAppointment(ctx, requestActor(request), request.params.id, request.body),
  });
}
