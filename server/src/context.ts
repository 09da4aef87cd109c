import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { Database } from './db/schema';
import type { Dialect } from './db/connection';
import type { LoginThrottle } from './features/auth/login-throttle';
import type { TokenSigner } from './features/auth/tokens';
import type { SmsDispatcher } from './features/notifications/sms/sms-dispatcher';

// What route plugins need from the application, passed explicitly rather than decorated.
export interface AppContext {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: Dialect;
  // The embedded database's own handle, for online backups; absent on PostgreSQL.
  sqlite?: SQLite.Database;
  tokens: TokenSigner;
  loginThrottle: LoginThrottle;
  sms: SmsDispatcher;
}
