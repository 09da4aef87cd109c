import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Role } from '@shared/auth/roles';
import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config';
import type { AppContext } from '../../src/context';
import type { LoginThrottleOptions } from '../../src/features/auth/login-throttle';
import type { HeavyWorkLimits } from '../../src/plugins/heavy-work';
import type { SmsGateway } from '../../src/features/notifications/sms/sms-gateway';
import type { WhatsAppGateway } from '../../src/features/voter-messages/whatsapp/whatsapp-cloud-gateway';
import type { RollReader } from '../../src/features/rolls/roll-reader-seam';
import { hashPassword } from '../../src/features/auth/passwords';
import { insertUser, type NewUser } from '../../src/features/users/users-repository';
import type { UserRow } from '../../src/db/schema';
import { inject } from 'vitest';
import { createTestDatabase, type MigratedTemplate, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: TestDatabase;
  close: () => Promise<void>;
}

// The configuration of a test server on the given database: quiet, no web build, a fresh secret.
export function testConfig(database: TestDatabase, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    jwtSecret: randomBytes(32).toString('hex'),
    adminUsername: 'admin',
    adminPassword: undefined,
    sessionTtlHours: 12,
    trustProxy: false,
    logLevel: 'silent',
    webDistDir: '/nonexistent-web-dist',
    ...overrides,
  };
}

export async function createTestApp(
  options: { loginThrottle?: LoginThrottleOptions; config?: Partial<AppConfig>; smsGateway?: SmsGateway; whatsappGateway?: WhatsAppGateway | null; rollReader?: RollReader; heavyWork?: Partial<HeavyWorkLimits> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ from: migratedTemplate() });
  const config = testConfig(database, options.config);
  const { app, ctx } = await buildApp({ config, database: database.handle, logger: false, loginThrottle: options.loginThrottle, smsGateway: options.smsGateway, whatsappGateway: options.whatsappGateway ?? null, rollReader: options.rollReader, heavyWork: options.heavyWork });
  await app.ready();
  return {
    app,
    ctx,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

// The run's migrated database (support/migrated-template.ts), when this runs under Vitest with it
// (a benchmark calling createTestApp outside Vitest migrates its database itself).
function migratedTemplate(): MigratedTemplate | undefined {
  try {
    return inject('migratedTemplate') ?? undefined;
  } catch {
    return undefined;
  }
}

// One argon2 hash per password for the whole file: each costs about 25 ms of CPU, and a suite
// creates hundreds of users with the same password. Sign-in still verifies it the real way.
const passwordHashes = new Map<string, Promise<string>>();
function testPasswordHash(password: string): Promise<string> {
  let hashed = passwordHashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    passwordHashes.set(password, hashed);
  }
  return hashed;
}

let userCounter = 0;
export const TEST_PASSWORD = 'Correct-Horse-9';

// A user factory that takes overrides; the password is always TEST_PASSWORD unless given.
export async function createUser(
  ctx: AppContext,
  overrides: Partial<Omit<NewUser, 'passwordHash'>> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  userCounter += 1;
  const role: Role = overrides.role ?? 'Karyakarta';
  const password = overrides.password ?? TEST_PASSWORD;
  const row = await insertUser(ctx.db, {
    username: overrides.username ?? `user${userCounter}_${randomBytes(3).toString('hex')}`,
    full_name: overrides.full_name ?? `Test ${role} ${userCounter}`,
    role,
    booth_access: overrides.booth_access ?? (role === 'Super Admin' || role === 'Admin' ? ['Admin'] : ['Booth-01']),
    mobile: overrides.mobile ?? '9876543210',
    ...overrides,
    passwordHash: await testPasswordHash(password),
  });
  return { ...row, password };
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
}

// Creates a user of the role, signs in, and returns the user and a Bearer header.
export async function signInAs(
  testApp: TestApp,
  role: Role,
  overrides: Partial<Omit<NewUser, 'passwordHash'>> = {},
): Promise<{ user: UserRow; token: string; headers: { authorization: string } }> {
  const user = await createUser(testApp.ctx, { role, ...overrides });
  const response = await login(testApp.app, user.username, user.password);
  if (response.statusCode !== 200) throw new Error(`Sign-in as ${role} failed: ${response.body}`);
  const token = response.json<{ token: string }>().token;
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}
