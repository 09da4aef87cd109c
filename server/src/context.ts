import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { Database } from './db/schema';
import type { DatabaseDialect } from './db/dialects/database-dialect';
import type { LoginThrottle } from './features/auth/login-throttle';
import type { TokenSigner } from './features/auth/tokens';
import type { SmsDispatcher } from './features/notifications/sms/sms-dispatcher';
import type { ServiceSmsDispatcher } from './features/service-requests/service-sms-dispatcher';
import type { WhatsAppGateway } from './features/voter-messages/whatsapp/whatsapp-cloud-gateway';
import type { VoterSendDispatcher } from './features/voter-messages/voter-send-dispatcher';
import type { AppointmentReminders } from './features/appointments/appointment-reminders';
import type { PhotoStore } from './features/voters/voter-photos';
import type { ProcessLiveness } from './db/process-liveness';
import type { HeavyWorkGate } from './plugins/heavy-work';
import type { SlipPrinters } from './features/slips/slip-printers';

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
  // SMS to a citizen on their request's registration and resolution (decision 090).
  serviceSms: ServiceSmsDispatcher;
  // Messages to voters (issue 60): sent at the gateway's rate by the process that runs the jobs.
  voterSends: VoterSendDispatcher;
  // The appointments' reminder SMS the day before (decision 091), a pass of the scheduled jobs.
  appointmentReminders: AppointmentReminders;
  // WhatsApp template messages to voters where WHATSAPP_* are set (decision 079); null: SMS only.
  whatsapp: { gateway: WhatsAppGateway; pricePaise: number } | null;
  // Voter photos: files on SQLite, rows on PostgreSQL so that every node serves them (decision 043).
  photos: PhotoStore;
  // REDIS_URL's Redis, shared by several nodes (decision 043); unset on one node.
  redis?: Redis;
  // This process's name on the jobs it runs, and whether another's is still alive (decision 043).
  liveness: ProcessLiveness;
  // Slots for heavy prints and exports in this process (plugins/heavy-work.ts, decision 063).
  heavyWork: HeavyWorkGate;
  // Child processes that lay out large slip PDFs off the event loop (decision 078).
  slipPrinters: SlipPrinters;
}
