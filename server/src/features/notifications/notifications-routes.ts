import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@shared/auth/auth-schemas';
import { ALL_ROLES, isAdminRole, type Role } from '@shared/auth/roles';
import { roleUserSchema, usersByRoleQuerySchema } from '@shared/users/user-input-schemas';
import { signedInUser } from '../../plugins/access-control';
import { parseBoothAccess } from '../users/users-repository';
import { inboxPageSchema, inboxQuerySchema, myNotificationSchema, notificationLogSchema, notificationStatsSchema, sendNotificationSchema, smsPricingSchema } from '@shared/notifications/notification-schema';
import type { AppContext } from '../../context';
import { sharedRateLimitOptions } from '../../plugins/shared-rate-limit';
import { involvedUserScope, requestActor } from '../audit/actor';
import { listInbox, listMyNotifications, listNotificationLogs, notificationStats } from './notifications-repository';
import { markNotificationRead, messageableStaff, sendNotification } from './notifications-use-cases';
import { readSettings } from '../settings/settings-repository';
import { recordIdSchema } from '@shared/records/record-id';

const idParams = z.object({ id: recordIdSchema('Notification id must be a positive number') });

// Sending costs money and reaches people's phones: a sender may send this many
// messages per window.
export const SEND_LIMIT = { max: 10, timeWindow: 60_000 };

// Office roles see every notification; others the ones they sent (involvedUserScope).
export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Counted in the database: every server process shares the sender's quota.
  await app.register(rateLimit, { global: false, ...sharedRateLimitOptions(ctx.db, ctx.redis) });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/send', {
    config: {
      access: ALL_ROLES,
      rateLimit: {
        ...SEND_LIMIT,
        keyGenerator: (request) => `sender:${request.auth?.user.id ?? request.ip}`,
        errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: `You are sending messages too quickly. Please wait ${context.after} and try again.` }),
      },
    },
    schema: {
      tags: ['notifications'],
      summary: 'Send a message to staff: in-app notifications plus an SMS to each mobile (refused with 423 in the silence period before the poll unless a Super Admin gives silence_override_reason)',
      description:
        'Field roles (Supervisor, Karyakarta) may message only the office, their Supervisors and the staff of their own booths (403 otherwise). SMS are limited in parts per sender over the last hour (429 when the send would pass the quota).',
      body: sendNotificationSchema,
      response: { 201: z.object({ message: z.string(), _id: z.number().int(), recipients: z.number().int() }), 400: errorSchema, 401: errorSchema, 403: errorSchema, 423: errorSchema, 429: errorSchema },
    },
    handler: async (request, reply) => {
      const { user } = signedInUser(request);
      const { id, recipients } = await sendNotification(ctx.db, requestActor(request), { role: user.role as Role, boothAccess: parseBoothAccess(user.booth_access) }, request.body, ctx.sms);
      return reply.code(201).send({ message: 'SMS sent successfully!', _id: id, recipients });
    },
  });

  routes.get('/recipients', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['notifications'],
      summary: 'The active users of one role the signed-in user may message (field roles: the office, their Supervisors and their own booths\' staff)',
      querystring: usersByRoleQuerySchema,
      response: { 200: z.array(roleUserSchema), 400: errorSchema, 401: errorSchema },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      const role = user.role as Role;
      const rows = await messageableStaff(ctx.db, { userId: user.id, role, boothAccess: parseBoothAccess(user.booth_access) }, request.query.role);
      // Issue 17: usernames only to the office roles.
      return rows.map((row) => ({ _id: row.id, id: row.id, full_name: row.full_name, role: row.role as Role, ...(isAdminRole(role) ? { username: row.username } : {}) }));
    },
  });

  routes.get('/logs', {
    config: { access: ALL_ROLES },
    schema: { tags: ['notifications'], summary: 'Recent notifications with per-recipient read and SMS delivery status', response: { 200: z.array(notificationLogSchema), 401: errorSchema } },
    handler: async (request) => listNotificationLogs(ctx.db, { sentBy: involvedUserScope(requestActor(request)), limit: 100 }),
  });

  routes.get('/stats', {
    config: { access: ALL_ROLES },
    schema: { tags: ['notifications'], summary: 'Counts over the notifications the user may see', response: { 200: notificationStatsSchema, 401: errorSchema } },
    handler: async (request) => notificationStats(ctx.db, { sentBy: involvedUserScope(requestActor(request)) }),
  });

  // The price of one SMS part, for the cost estimate beside every message box (issue 60).
  routes.get('/sms-pricing', {
    config: { access: ALL_ROLES },
    schema: { tags: ['notifications'], summary: 'What one SMS part costs, in paise (the sms_price_paise setting), and one WhatsApp message where the server sends them (else null)', response: { 200: smsPricingSchema, 401: errorSchema } },
    handler: async () => ({ price_paise_per_part: Number((await readSettings(ctx.db)).sms_price_paise), whatsapp_price_paise: ctx.whatsapp?.pricePaise ?? null }),
  });

  routes.get('/my', {
    config: { access: ALL_ROLES },
    schema: { tags: ['notifications'], summary: "The signed-in user's own notifications (latest 50)", response: { 200: z.array(myNotificationSchema), 401: errorSchema } },
    handler: async (request) => listMyNotifications(ctx.db, requestActor(request).userId, 50),
  });

  // Every user's inbox, whatever their role: the messages they received (issue 21).
  routes.get('/inbox', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['notifications'],
      summary: "The signed-in user's received messages, a page at a time, with sender, time and read state",
      querystring: inboxQuerySchema,
      response: { 200: inboxPageSchema, 400: errorSchema, 401: errorSchema },
    },
    handler: async (request) => listInbox(ctx.db, requestActor(request).userId, request.query),
  });

  routes.post('/read/:id', {
    config: { access: ALL_ROLES },
    schema: { tags: ['notifications'], summary: 'Mark one of your notifications read', params: idParams, response: { 200: messageSchema, 401: errorSchema, 404: errorSchema } },
    handler: async (request) => {
      await markNotificationRead(ctx.db, requestActor(request), request.params.id);
      return { message: 'Notification marked as read' };
    },
  });
}
