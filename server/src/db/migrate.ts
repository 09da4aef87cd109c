import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as foundation from './migrations/2026-11-21-001-foundation';
import * as tasksNotifications from './migrations/2026-11-21-005-tasks-notifications';
import * as twoFactor from './migrations/2026-11-21-004-two-factor';
import * as voters from './migrations/2026-11-21-003-voters';
import * as voterStats from './migrations/2026-11-21-006-voter-stats';
import * as bulkImport from './migrations/2026-11-22-007-bulk-import';
import * as usernameCase from './migrations/2026-11-22-008-username-case';
import * as countsPerStatement from './migrations/2026-11-22-009-counts-per-statement';
import * as deferredIndexes from './migrations/2026-11-22-010-deferred-indexes';
import * as searchLiveVoters from './migrations/2026-11-22-011-search-live-voters';
import * as searchIndexMerging from './migrations/2026-11-22-012-search-index-merging';
import * as relationType from './migrations/2026-11-23-013-relation-type';
import * as recordVersions from './migrations/2026-11-23-014-record-versions';
import * as signInLimits from './migrations/2026-11-23-015-sign-in-limits';
import * as exportTracing from './migrations/2026-11-23-016-export-tracing';
import * as textWithoutNul from './migrations/2026-11-23-017-text-without-nul';
import * as auditRecordNames from './migrations/2026-11-23-018-audit-record-names';
import * as userLanguage from './migrations/2026-11-24-019-user-language';
import * as nameSearchTerms from './migrations/2026-11-24-020-name-search-terms';
import * as boothsAndPages from './migrations/2026-11-24-022-booths-and-pages';
import * as contactsSupport from './migrations/2026-11-24-023-contacts-support';
import * as householdsDuplicates from './migrations/2026-11-24-024-households-duplicates';
import * as boothClasses from './migrations/2026-11-24-025-booth-classes';
import * as nameIndexListedVoters from './migrations/2026-11-24-026-name-index-listed-voters';
import * as coverageListedActive from './migrations/2026-11-24-027-coverage-listed-active';
import * as slipJobs from './migrations/2026-11-24-028-slip-jobs';
import * as pollMarks from './migrations/2026-11-24-029-poll-marks';
import * as offlineSync from './migrations/2026-11-24-030-offline-sync';
import * as rollImports from './migrations/2026-11-24-031-roll-imports';
import * as inboxIndex from './migrations/2026-11-24-032-inbox-index';
import * as pageCoverage from './migrations/2026-11-24-033-page-coverage';
import * as sharedRateLimits from './migrations/2026-11-24-034-shared-rate-limits';
import * as oneIdempotencyStore from './migrations/2026-11-24-035-one-idempotency-store';
import * as postgresScale from './migrations/2026-11-24-036-postgres-scale';
import * as severalNodes from './migrations/2026-11-24-038-several-nodes';
import * as nameSearchVocabulary from './migrations/2026-11-24-039-name-search-vocabulary';
import * as searchIndexWriteBuffer from './migrations/2026-11-25-040-search-index-write-buffer';
import * as cheaperInsertTriggers from './migrations/2026-11-25-041-cheaper-insert-triggers';
import * as noNameTrigramIndexes from './migrations/2026-11-29-042-no-name-trigram-indexes';
import * as votersWithoutMobileIndex from './migrations/2026-11-29-043-voters-without-mobile-index';
import * as vocabularyWithoutNumbers from './migrations/2026-11-29-044-vocabulary-without-numbers';
import * as triggerPlans from './migrations/2026-11-29-045-trigger-plans';
import * as idempotencyLeases from './migrations/2026-12-01-046-idempotency-leases';
import * as rollImportGuards from './migrations/2026-12-07-047-roll-import-guards';
import * as serviceRequests from './migrations/2026-12-07-048-service-requests';
import * as voterMessageConsent from './migrations/2026-12-07-049-voter-message-consent';
import * as mustChangePassword from './migrations/2026-12-07-050-must-change-password';
import * as voterSends from './migrations/2026-12-07-051-voter-sends';
import * as appointments from './migrations/2026-12-07-052-appointments';
import * as voterSendDelivery from './migrations/2026-12-07-053-voter-send-delivery';
import * as villagePrograms from './migrations/2026-12-07-054-village-programs';
import * as voterMessageLanguage from './migrations/2026-12-07-055-voter-message-language';
import * as pastResults from './migrations/2026-12-07-056-past-results';
import * as taskProgram from './migrations/2026-12-07-057-task-program';
import * as voterSendDueIndex from './migrations/2026-12-07-058-voter-send-due-index';
import * as serviceRequestAttachments from './migrations/2026-12-07-059-service-request-attachments';
import * as voterAnniversary from './migrations/2026-12-07-060-voter-anniversary';
import * as voterWhatsappChannel from './migrations/2026-12-07-061-voter-whatsapp-channel';
import * as slipCodes from './migrations/2026-12-07-062-slip-codes';
import * as surveys from './migrations/2026-12-07-064-surveys';
import * as oneInsertTrigger from './migrations/2026-12-07-065-one-insert-trigger';
import * as voterAvailability from './migrations/2026-12-08-063-voter-availability';
import * as serviceRequestMessages from './migrations/2026-12-08-067-service-request-messages';
import * as appointmentCalendars from './migrations/2026-12-08-068-appointment-calendars';
import type { Database } from './schema';

// Migrations are listed here rather than read from a folder at run time, so they
// work the same under tsx, in tests and in a bundle. Append new ones in order.
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '2026-11-21-001-foundation': foundation,
  '2026-11-21-005-tasks-notifications': tasksNotifications,
  '2026-11-21-004-two-factor': twoFactor,
  '2026-11-21-003-voters': voters,
  '2026-11-21-006-voter-stats': voterStats,
  '2026-11-22-007-bulk-import': bulkImport,
  '2026-11-22-008-username-case': usernameCase,
  '2026-11-22-009-counts-per-statement': countsPerStatement,
  '2026-11-22-010-deferred-indexes': deferredIndexes,
  '2026-11-22-011-search-live-voters': searchLiveVoters,
  '2026-11-22-012-search-index-merging': searchIndexMerging,
  '2026-11-23-013-relation-type': relationType,
  '2026-11-23-014-record-versions': recordVersions,
  '2026-11-23-015-sign-in-limits': signInLimits,
  '2026-11-23-016-export-tracing': exportTracing,
  '2026-11-23-017-text-without-nul': textWithoutNul,
  '2026-11-23-018-audit-record-names': auditRecordNames,
  '2026-11-24-019-user-language': userLanguage,
  '2026-11-24-020-name-search-terms': nameSearchTerms,
  '2026-11-24-022-booths-and-pages': boothsAndPages,
  '2026-11-24-023-contacts-support': contactsSupport,
  '2026-11-24-024-households-duplicates': householdsDuplicates,
  '2026-11-24-025-booth-classes': boothClasses,
  '2026-11-24-026-name-index-listed-voters': nameIndexListedVoters,
  '2026-11-24-027-coverage-listed-active': coverageListedActive,
  '2026-11-24-028-slip-jobs': slipJobs,
  '2026-11-24-029-poll-marks': pollMarks,
  '2026-11-24-030-offline-sync': offlineSync,
  '2026-11-24-031-roll-imports': rollImports,
  '2026-11-24-032-inbox-index': inboxIndex,
  '2026-11-24-033-page-coverage': pageCoverage,
  '2026-11-24-034-shared-rate-limits': sharedRateLimits,
  '2026-11-24-035-one-idempotency-store': oneIdempotencyStore,
  '2026-11-24-036-postgres-scale': postgresScale,
  '2026-11-24-038-several-nodes': severalNodes,
  '2026-11-24-039-name-search-vocabulary': nameSearchVocabulary,
  '2026-11-25-040-search-index-write-buffer': searchIndexWriteBuffer,
  '2026-11-25-041-cheaper-insert-triggers': cheaperInsertTriggers,
  '2026-11-29-042-no-name-trigram-indexes': noNameTrigramIndexes,
  '2026-11-29-043-voters-without-mobile-index': votersWithoutMobileIndex,
  '2026-11-29-044-vocabulary-without-numbers': vocabularyWithoutNumbers,
  '2026-11-29-045-trigger-plans': triggerPlans,
  '2026-12-01-046-idempotency-leases': idempotencyLeases,
  '2026-12-07-047-roll-import-guards': rollImportGuards,
  '2026-12-07-048-service-requests': serviceRequests,
  '2026-12-07-049-voter-message-consent': voterMessageConsent,
  '2026-12-07-050-must-change-password': mustChangePassword,
  '2026-12-07-051-voter-sends': voterSends,
  '2026-12-07-052-appointments': appointments,
  '2026-12-07-053-voter-send-delivery': voterSendDelivery,
  '2026-12-07-054-village-programs': villagePrograms,
  '2026-12-07-055-voter-message-language': voterMessageLanguage,
  '2026-12-07-056-past-results': pastResults,
  '2026-12-07-057-task-program': taskProgram,
  '2026-12-07-058-voter-send-due-index': voterSendDueIndex,
  '2026-12-07-059-service-request-attachments': serviceRequestAttachments,
  '2026-12-07-060-voter-anniversary': voterAnniversary,
  '2026-12-07-061-voter-whatsapp-channel': voterWhatsappChannel,
  '2026-12-07-062-slip-codes': slipCodes,
  '2026-12-07-064-surveys': surveys,
  '2026-12-07-065-one-insert-trigger': oneInsertTrigger,
  // Landed after 065: named to sort after it, so a database that has 065 takes it in order.
  '2026-12-08-063-voter-availability': voterAvailability,
  // Named after 2026-12-08-063 for the same reason.
  '2026-12-08-067-service-request-messages': serviceRequestMessages,
  '2026-12-08-068-appointment-calendars': appointmentCalendars,
};

// Tests pass their own list (the real ones plus a test-only migration that throws);
// the app always runs MIGRATIONS.
const providerOf = (migrations: Readonly<Record<string, Migration>>): MigrationProvider => ({ getMigrations: async () => ({ ...migrations }) });

// Each run of pending migrations is one transaction on both databases: Kysely's Migrator wraps
// the run when the dialect says its DDL is transactional (PostgreSQL; SQLite through
// sqliteKyselyDialect), so a failure leaves no migration half done and none recorded.
export async function migrateToLatest(db: Kysely<Database>, migrations: Readonly<Record<string, Migration>> = MIGRATIONS): Promise<void> {
  const migrator = new Migrator({ db, provider: providerOf(migrations) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

export interface MigrationState {
  applied: string[];
  pending: string[];
}

// Which migrations the database has and which it still needs (none applied: a new database).
export async function migrationState(db: Kysely<Database>, migrations: Readonly<Record<string, Migration>> = MIGRATIONS): Promise<MigrationState> {
  const all = await new Migrator({ db, provider: providerOf(migrations) }).getMigrations();
  return {
    applied: all.filter((migration) => migration.executedAt !== undefined).map((migration) => migration.name),
    pending: all.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name),
  };
}

// Down (or up) to the named migration: the migration tests step back and forth with it.
export async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: providerOf(MIGRATIONS) }).migrateTo(name);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw new Error(`Migrating to ${name} failed at ${failed?.migrationName ?? ''}: ${error instanceof Error ? error.message : String(error ?? 'unknown error')}`);
}
