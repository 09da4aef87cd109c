import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type AppConfig, fastifyTrustProxy } from './config';
import type { AppContext } from './context';
import { type DatabaseHandle, openDatabase } from './db/connection';
import type { Migration } from 'kysely';
import { auditRoutes } from './features/audit/audit-routes';
import { analyticsRoutes } from './features/analytics/analytics-routes';
import { coverageRoutes } from './features/analytics/coverage-routes';
import { contactsRoutes } from './features/contacts/contacts-routes';
import { availabilityRoutes } from './features/availability/availability-routes';
import { pollRoutes } from './features/poll/poll-routes';
import { authRoutes } from './features/auth/auth-routes';
import { boothsRoutes } from './features/booths/booths-routes';
import { myVotersRoutes } from './features/my-voters/my-voters-routes';
import { createHeavyWorkGate, DEFAULT_HEAVY_WORK, type HeavyWorkLimits, registerHeavyWork } from './plugins/heavy-work';
import { createLoginThrottle, DEFAULT_LOGIN_THROTTLE, type LoginThrottleOptions } from './features/auth/login-throttle';
import { createTokenSigner } from './features/auth/tokens';
import { databaseSignInLimits, redisSignInLimits } from './features/auth/sign-in-limits-store';
import { startProcessLiveness } from './db/process-liveness';
import { healthRoutes } from './features/health/health-routes';
import { runningVersion } from './features/upgrades/app-version';
import { announceWebBuild } from './features/upgrades/build-header';
import { upgradeDatabase } from './features/upgrades/database-upgrade';
import { readBuildStamp } from '../../web/build/web-build-stamp';
import { settingsRoutes } from './features/settings/settings-routes';
import { usersRoutes } from './features/users/users-routes';
import { tasksRoutes } from './features/tasks/tasks-routes';
import { serviceRequestRoutes } from './features/service-requests/service-requests-routes';
import { appointmentRoutes } from './features/appointments/appointments-routes';
import { villageProgramRoutes } from './features/village-programs/village-programs-routes';
import { surveyRoutes, voterSurveyRoutes } from './features/surveys/surveys-routes';
import { notificationsRoutes } from './features/notifications/notifications-routes';
import { voterMessagesRoutes } from './features/voter-messages/voter-messages-routes';
import { createSmsGatewayFromEnv } from './features/notifications/sms/sms-config';
import { createServiceSmsDispatcher } from './features/service-requests/service-sms-dispatcher';
import { createSmsDispatcher } from './features/notifications/sms/sms-dispatcher';
import { createVoterSendDispatcher } from './features/voter-messages/voter-send-dispatcher';
import { createAppointmentReminders } from './features/appointments/appointment-reminders';
import type { SmsGateway } from './features/notifications/sms/sms-gateway';
import { twoFactorRoutes } from './features/two-factor/two-factor-routes';
import { voterExportRoutes } from './features/voters/voter-export-routes';
import { voterImportRoutes } from './features/voters/voter-import-routes';
import { electionResultsRoutes } from './features/election-results/election-results-routes';
import { voterRoutes } from './features/voters/voters-routes';
import { databasePhotoStore, diskPhotoStore } from './features/voters/voter-photos';
import { householdRoutes } from './features/households/households-routes';
import { slipsRoutes } from './features/slips/slips-routes';
import { createSlipPrinters } from './features/slips/slip-printers';
import { registerRequestDeadline } from './plugins/request-deadline-hook';
import { DEFAULT_DATABASE_TIMEOUTS } from './db/database-timeouts';
import { duplicateRoutes } from './features/duplicates/duplicates-routes';
import { rollImportRoutes } from './features/rolls/roll-import-routes';
import { realRollReader, type RollReader } from './features/rolls/roll-reader-seam';
import { accessControlPlugin } from './plugins/access-control';
import { registerAnswerLanguage } from './plugins/answer-language';
import { registerCompression } from './plugins/compression';
import { registerErrorHandlers } from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { refuseTextWithNul } from './plugins/text-without-nul';
import { registerIdempotency } from './plugins/idempotency';
import { syncRoutes } from './features/sync/sync-routes';
import { createWhatsAppGatewayFromEnv, type WhatsAppGateway } from './features/voter-messages/whatsapp/whatsapp-cloud-gateway';
import { registerWebApp } from './plugins/web-app';
import { type ProcessRole, SINGLE_PROCESS } from './processes/process-role';

export interface BuildAppOptions {
  config: AppConfig;
  database?: DatabaseHandle;
  loginThrottle?: LoginThrottleOptions;
  // Tests narrow the heavy-work limits (plugins/heavy-work.ts).
  heavyWork?: Partial<HeavyWorkLimits>;
  logger?: boolean;
  // Tests read what the server logs (a lock named as a lock, not an outage).
  loggerStream?: NodeJS.WritableStream;
  // Tests pass a gateway that talks to a local fake; otherwise SMS_GATEWAY decides.
  smsGateway?: SmsGateway;
  // The same for WhatsApp (null: none); otherwise WHATSAPP_ACCESS_TOKEN and _PHONE_NUMBER_ID.
  whatsappGateway?: WhatsAppGateway | null;
  // Tests run their own migration list (one that fails); the app always runs MIGRATIONS.
  migrations?: Readonly<Record<string, Migration>>;
  // Where the upgrade says what it backed up; the console by default.
  upgradeLog?: (line: string) => void;
  // Tests read rolls with a fake reader; otherwise the roll reader (features/rolls/reader).
  rollReader?: RollReader;
  // One of several server processes (decision 039); one process does everything by default.
  role?: ProcessRole;
  // Where a process without the SMS dispatcher sends its "dispatch now".
  smsDispatchElsewhere?: () => void;
}

// JSON bodies up to 1 MiB; file uploads have their own limits on their routes.
const BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config } = options;
  let logIdleError = (error: Error) => console.error(`database connection dropped: ${error.message}`);
  const database =
    options.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: config.databaseTimeouts, onIdleError: (error) => logIdleError(error) });
  const version = runningVersion();
  // Pending migrations run after a backup of the embedded database (features/upgrades).
  const migrationLevel = await upgradeDatabase({
    database,
    dataDir: config.dataDir,
    version,
    migrations: options.migrations,
    log: options.upgradeLog ?? ((line) => console.log(line)),
  });
  const role = options.role ?? SINGLE_PROCESS;
  // Repairs only before other processes serve: later, an unbuilt index may be another
  // process's import at work.
  await database.dialect.startUp(database.db, { repair: role.startsService });

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, ...(options.loggerStream ? { stream: options.loggerStream } : {}) },
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The default 72-character cap would cut long search strings; 1,000 is ample.
    routerOptions: { maxParamLength: 200 },
  });
  logIdleError = (error) => app.log.warn({ err: error }, 'database connection dropped; the pool will reconnect');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty body on a JSON POST (as the spec's mark-as-read and logout calls send)
  // counts as no body; anything else goes through Fastify's own safe JSON parser.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    return defaultJsonParser(request, text, done);
  });

  const liveness = await startProcessLiveness(config.databaseUrl);
  // ioredis loads only where REDIS_URL is set (several nodes), not in every process of one.
  const redis = config.redisUrl ? (await import('./plugins/redis-connection')).openRedis(config.redisUrl, config.redisKeyPrefix ?? 'vms:', (error) => app.log.warn({ err: error }, 'Redis connection trouble')) : undefined;
  const smsGateway = options.smsGateway ?? createSmsGatewayFromEnv(process.env, (line) => app.log.info(line));
  const whatsappGateway = options.whatsappGateway === undefined ? (createWhatsAppGatewayFromEnv(process.env) ?? null) : options.whatsappGateway;
  const heavyWorkLimits = { ...DEFAULT_HEAVY_WORK, perProcess: config.heavyWorkPerProcess ?? DEFAULT_HEAVY_WORK.perProcess, ...options.heavyWork };
  const ctx: AppContext = {
    config,
    db: database.db,
    bulkDb: database.bulkDb,
    dialect: database.dialect,
    tokens: createTokenSigner(config.jwtSecret),
    loginThrottle: createLoginThrottle(options.loginThrottle ?? { ...DEFAULT_LOGIN_THROTTLE, maxFailuresPerIp: config.signInFailuresPerAddress ?? DEFAULT_LOGIN_THROTTLE.maxFailuresPerIp }, redis ? redisSignInLimits(redis) : databaseSignInLimits),
    sms: createSmsDispatcher({ db: database.db, gateway: smsGateway, log: (line) => app.log.warn(line), elsewhere: options.smsDispatchElsewhere }),
    serviceSms: createServiceSmsDispatcher({ db: database.db, gateway: smsGateway, log: (line) => app.log.warn(line) }),
    voterSends: createVoterSendDispatcher({ db: database.db, gateway: smsGateway, whatsapp: whatsappGateway, log: (line) => app.log.warn(line), ratePerSecond: config.smsRatePerSecond ?? 10 }),
    appointmentReminders: createAppointmentReminders({ db: database.db, gateway: smsGateway, log: (line) => app.log.warn(line) }),
    whatsapp: whatsappGateway ? { gateway: whatsappGateway, pricePaise: config.whatsappPricePaise ?? 80 } : null,
    photos: config.databaseUrl ? databasePhotoStore(database.db, config.dataDir) : diskPhotoStore(config.dataDir),
    redis,
    liveness,
    heavyWork: createHeavyWorkGate(heavyWorkLimits),
    // As many printers as the gate lets prints run in this process.
    slipPrinters: createSlipPrinters({ size: heavyWorkLimits.perProcess }),
  };
  app.addHook('onClose', async () => {
    await ctx.sms.stop();
    await ctx.serviceSms.stop();
    await ctx.voterSends.stop();
    await ctx.appointmentReminders.idle();
    await redis?.quit().catch(() => {});
    await liveness.stop();
    await ctx.slipPrinters.close();
    await database.close();
  });

  registerErrorHandlers(app, database.dialect);
  // First of the request hooks: the session's read is one of the request's waits.
  registerRequestDeadline(app, config.databaseTimeouts?.requestMs ?? DEFAULT_DATABASE_TIMEOUTS.requestMs);
  registerAnswerLanguage(app, ctx.db);
  await registerSecurityHeaders(app);
  await app.register(accessControlPlugin, { db: ctx.db, tokens: ctx.tokens });
  refuseTextWithNul(app);
  await registerCompression(app);
  registerIdempotency(app, ctx.db, { leaseMs: config.idempotencyLeaseMs });
  registerHeavyWork(app, ctx.heavyWork, heavyWorkLimits);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Voter Management System API', version: '1.0.0', description: 'Every call except sign-in needs a Bearer token.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const webBuild = readBuildStamp(config.webDistDir)?.stamp ?? null;
  announceWebBuild(app, webBuild);
  await app.register(async (scope) => healthRoutes(scope, { version, migration: migrationLevel, webBuild }), { prefix: '/api' });
  await app.register(async (scope) => authRoutes(scope, ctx), { prefix: '/api/auth' });
  await app.register(async (scope) => settingsRoutes(scope, ctx), { prefix: '/api/settings' });
  await app.register(async (scope) => usersRoutes(scope, ctx), { prefix: '/api/users' });
  await app.register(async (scope) => tasksRoutes(scope, ctx), { prefix: '/api/tasks' });
  await app.register(async (scope) => serviceRequestRoutes(scope, ctx), { prefix: '/api/service-requests' });
  await app.register(async (scope) => appointmentRoutes(scope, ctx), { prefix: '/api/appointments' });
  await app.register(async (scope) => villageProgramRoutes(scope, ctx), { prefix: '/api/village-programs' });
  await app.register(async (scope) => surveyRoutes(scope, ctx), { prefix: '/api/surveys' });
  await app.register(async (scope) => voterSurveyRoutes(scope, ctx), { prefix: '/api' });
  await app.register(async (scope) => notificationsRoutes(scope, ctx), { prefix: '/api/notifications' });
  await app.register(async (scope) => voterMessagesRoutes(scope, ctx), { prefix: '/api/voter-messages' });
  await app.register(async (scope) => auditRoutes(scope, ctx), { prefix: '/api/audit-logs' });
  await app.register(async (scope) => twoFactorRoutes(scope, ctx), { prefix: '/api' });
  await app.register(async (scope) => voterRoutes(scope, ctx), { prefix: '/api/voters' });
  // Import and export share the prefix; their paths are static, so they win over /api/voters/:id.
  await app.register(async (scope) => voterImportRoutes(scope, ctx), { prefix: '/api/voters' });
  await app.register(async (scope) => voterExportRoutes(scope, ctx), { prefix: '/api/voters' });
  await app.register(async (scope) => analyticsRoutes(scope, ctx), { prefix: '/api/analytics' });
  await app.register(async (scope) => coverageRoutes(scope, ctx), { prefix: '/api/analytics' });
  await app.register(async (scope) => contactsRoutes(scope, ctx), { prefix: '/api' });
  await app.register(async (scope) => availabilityRoutes(scope, ctx), { prefix: '/api' });
  await app.register(async (scope) => boothsRoutes(scope, ctx), { prefix: '/api/booths' });
  await app.register(async (scope) => myVotersRoutes(scope, ctx), { prefix: '/api/my-voters' });
  await app.register(async (scope) => electionResultsRoutes(scope, ctx), { prefix: '/api/election-results' });
  await app.register(async (scope) => householdRoutes(scope, ctx), { prefix: '/api/households' });
  await app.register(async (scope) => duplicateRoutes(scope, ctx), { prefix: '/api/duplicates' });
  await app.register(async (scope) => slipsRoutes(scope, ctx, { recoverJobs: role.startsService }), { prefix: '/api/slips' });
  await app.register(async (scope) => pollRoutes(scope, ctx), { prefix: '/api/poll' });
  await app.register(async (scope) => syncRoutes(scope, ctx), { prefix: '/api/sync' });
  await app.register(async (scope) => rollImportRoutes(scope, ctx, options.rollReader ?? realRollReader, { recoverJobs: role.startsService }), { prefix: '/api/rolls' });

  await registerWebApp(app, config.webDistDir);
  return { app, ctx };
}
