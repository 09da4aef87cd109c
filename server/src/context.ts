import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { Database } from './db/schema';
import type { DatabaseDialect } from './db/dialects/database-dialect';
import type { LoginThrottle } from './features/auth/login-throttle';
import type { TokenSigner } from './features/auth/tokens';
import type { SmsDispatcher } from './features/notifications/sms/sms-dispatcher';

// What route plugins need from the application, passed explicitly rather than decorated.
export interface AppContext {
  config: AppConfig;
  db: Kysely<Database>;
  // Long work (imports, exports, retention): PostgreSQL's longer statement limit (connection.ts).
  bulkDb: Kysely<Database>;
  // Everything that differs between SQLite and PostgreSQL (search, bulk saving, errors, backups).
  dialect: DatabaseDialect;
  tokens: TokenSigner;
  loginThrottle: LoginThrottle;
  sms: SmsDispatcher;
}
