import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@shared/auth/auth-schemas';
import { ALL_ROLES, isAdminRole, type Role } from '@shared/auth/roles';
import { myNotificationSchema, notificationLogSchema, notificationStatsSchema, sendNotificationSchema } from '@shared/notifications/notification-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { notificationChannels } from '../settings/settings-repository';
import { insertNotification, listMyNotifications, listNotificationLogs, markRead, type NewRecipient, notificationStats } from './notifications-repository';

const idParams = z.object({ id: z.coerce.number().int().positive('Notification id must be a positive number') });

// Sending costs money and reaches people's phones: a sender may send this many
// messages per window.
export const SEND_LIMIT = { max: 10, timeWindow: 60_000 };

export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(rateLimit, { global: false });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Office roles see every notification; others the ones they sent.
  const scopeFor = (role: string, userId: number) => (isAdminRole(role as Role) ? undefined : userId);

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
      summary: 'Send a message to staff: in-app notifications plus an SMS to each mobile',
      body: sendNotificationSchema,
      response: { 201: z.object({ message: z.string(), _id: z.number().int(), recipients: z.number().int() }), 400: errorSchema, 401: errorSchema, 429: errorSchema },
    },
    handler: async (request, reply) => {
      const { user } = signedInUser(request);
      const input = request.body;
      const ids = [...new Set(input.recipients)];
      if (ids.includes(user.id)) throw new HttpError(400, 'You cannot send a notification to yourself', { recipients: 'You cannot send a notification to yourself' });
      const users = await ctx.db.selectFrom('users').select(['id', 'full_name', 'mobile', 'is_active']).where('id', 'in', ids).execute();
      const active = users.filter((recipient) => recipient.is_active === 1);
      if (active.length !== ids.length) {
        throw new HttpError(400, 'Every recipient must be an active user', { recipients: 'Every recipient must be an active user' });
      }
      // The sms_notifications setting off means in-app only.
      const smsOn = (await notificationChannels(ctx.db)).sms;
      const recipients: NewRecipient[] = active.map((recipient) => ({
        user_id: recipient.id,
        recipient_name: recipient.full_name,
        mobile: recipient.mobile,
        sms_status: smsOn && recipient.mobile ? 'queued' : 'skipped',
        sms_error: smsOn ? (recipient.mobile ? null : 'No mobile number') : 'SMS notifications are switched off',
      }));
      const id = await ctx.db.transaction().execute(async (trx) => {
        const notificationId = await insertNotification(trx, { message: input.message, type: input.type, senderId: user.id, senderName: user.full_name, recipients });
        await recordAudit(trx, {
          action: 'SEND_SMS',
          userId: user.id,
          userName: user.full_name,
          tableName: 'notifications',
          recordId: notificationId,
          ipAddress: request.ip,
          details: { recipients: recipients.length, sms: recipients.filter((recipient) => recipient.sms_status === 'queued').length },
        });
        return notificationId;
      });
      ctx.sms.kick();
      return reply.code(201).send({ message: 'SMS sent successfully!', _id: id, recipients: recipients.length });
    },
  });

  routes.get('/logs', {
    config: { access: ALL_ROLES },
    schema: { tags: ['notifications'], summary: 'Recent notifications with per-recipient read and SMS delivery status', response: { 200: z.array(notificationLogSchema), 401: errorSchema } },
    handler: async (request) => {
      const { user } = signedInUser(request);
      return listNotificationLogs(ctx.db, { sentBy: scopeFor(user.role, user.id), limit: 100 });
    },
  });

  routes.get('/stats', {
    config: { access: ALL_ROLES },
    schema: { tags: ['notifications'], summary: 'Counts over the notifications the user may see', response: { 200: notificationStatsSchema, 401: errorSchema } },
    handler: async (request) => {
      const { user } = signedInUser(request);
      return notificationStats(ctx.db, { sentBy: scopeFor(user.role, user.id) });
    },
  });

  routes.get('/my', {
    config: { access: ALL_ROLES },
    schema: { tags: ['notifications'], summary: "The signed-in user's own notifications (latest 50)", response: { 200: z.array(myNotificationSchema), 401: errorSchema } },
    handler: async (request) => listMyNotifications(ctx.db, signedInUser(request).user.id, 50),
  });

  routes.post('/read/:id', {
    config: { access: ALL_ROLES },
    schema: { tags: ['notifications'], summary: 'Mark one of your notifications read', params: idParams, response: { 200: messageSchema, 401: errorSchema, 404: errorSchema } },
    handler: async (request) => {
      const { user } = signedInUser(request);
      if (!(await markRead(ctx.db, request.params.id, user.id))) throw new HttpError(404, 'Notification not found');
      return { message: 'Notification marked as read' };
    },
  });
}
