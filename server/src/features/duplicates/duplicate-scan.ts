import { crossScriptPersonKey } from '@shared/voters/name-match';
import type { AppContext } from '../../context';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import type { DuplicateScanRow, UserRow } from '../../db/schema';
import { countKeys, deleteKeys, dropOutdatedPairs, finishScan, insertPairsFrom, insertScan, keyIdRange, keysBetween, latestScan, pairIdRange, saveKeys, votersAfter } from './duplicates-repository';

// The duplicate scan (docs/decisions/027-households-and-duplicates.md), a job in the background:
// 1. every voter's name and relative's name become one key, the same in Latin letters,
//    Devanagari and Gujarati (crossScriptPersonKey, shared/voters/name-match.ts, from the voter
//    search's phonetic keys), kept in voter_name_keys; a rescan writes only the keys that changed,
//    so keys follow every write path (form, import, bulk edit, restore) without a hook on each;
//    keys written by an older scan are rewritten by the next one;
// 2. the keys are joined to themselves through their index (same key, ages within the gap),
//    a range of voter ids at a time, into duplicate_pairs, where a known pair keeps its review.
// Work goes in short transactions with a pause between them, so other requests (all of them,
// on SQLite's one connection) get in meanwhile.

// Voters read and keyed per transaction, voter ids joined and pair ids checked per statement:
// each step short enough (tens of milliseconds at a million voters) that a request waiting
// behind it (SQLite's one connection) hardly notices.
const KEY_PAGE = 1000;
const PAIR_RANGE = 2000;
const CHECK_RANGE = 5000;
// A scan still "running" this long after it started died with its server: another may start.
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

export const SCAN_RUNNING = 'A duplicate scan is already running';

// Between steps the scan waits a moment: a request runs several queries one after another, and
// on SQLite's one connection it would otherwise wait behind a step for each of them.
const PAUSE_MS = 5;
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, PAUSE_MS));

// One running scan per server; the routes wait for it when the server closes.
export interface DuplicateScanner {
  start(actor: { user: UserRow; ipAddress: string }): Promise<DuplicateScanRow>;
  // Resolves when no scan of this server is running.
  idle(): Promise<void>;
  stop(): Promise<void>;
}

async function keyVoters(ctx: AppContext, stopped: () => boolean): Promise<void> {
  let afterId = 0;
  for (;;) {
    if (stopped()) return;
    const done = await ctx.bulkDb.transaction().execute(async (trx) => {
      const voters = await votersAfter(trx, afterId, KEY_PAGE);
      if (voters.length === 0) return true;
      const first = voters[0]!.id;
      const last = voters[voters.length - 1]!.id;
      const existing = await keysBetween(trx, first, last);
      const save: { voter_id: number; name_key: string; age: number }[] = [];
      const drop: number[] = [];
      for (const voter of voters) {
        const key = voter.listed && voter.age !== null ? crossScriptPersonKey(voter.full_name, voter.father_husband_name) : null;
        const stored = existing.get(voter.id);
        if (key === null) {
          if (stored) drop.push(voter.id);
        } else if (!stored || stored.name_key !== key || stored.age !== voter.age) {
          save.push({ voter_id: voter.id, name_key: key, age: voter.age! });
        }
      }
      await saveKeys(trx, save);
      await deleteKeys(trx, drop);
      afterId = last;
      return voters.length < KEY_PAGE;
    });
    if (done) return;
    await pause();
  }
}

async function findPairs(ctx: AppContext, stopped: () => boolean): Promise<number> {
  const pairs = await pairIdRange(ctx.bulkDb);
  for (let from = pairs?.min ?? 1; pairs && from <= pairs.max; from += CHECK_RANGE) {
    if (stopped()) return 0;
    await dropOutdatedPairs(ctx.bulkDb, from, from + CHECK_RANGE - 1);
    await pause();
  }
  const range = await keyIdRange(ctx.bulkDb);
  if (!range) return 0;
  const now = new Date().toISOString();
  let found = 0;
  for (let from = range.min; from <= range.max; from += PAIR_RANGE) {
    if (stopped()) break;
    found += await insertPairsFrom(ctx.bulkDb, from, from + PAIR_RANGE - 1, now);
    await pause();
  }
  return found;
}

// Runs a scan whose row exists; its row says how it ended.
export async function runScan(ctx: AppContext, scanId: number, stopped: () => boolean = () => false): Promise<void> {
  try {
    await keyVoters(ctx, stopped);
    const pairsFound = await findPairs(ctx, stopped);
    await finishScan(ctx.bulkDb, scanId, { status: stopped() ? 'failed' : 'finished', votersKeyed: await countKeys(ctx.bulkDb), pairsFound, error: stopped() ? 'The server stopped during the scan' : null });
  } catch (error) {
    await finishScan(ctx.bulkDb, scanId, { status: 'failed', votersKeyed: null, pairsFound: null, error: error instanceof Error ? error.message.slice(0, 500) : 'failed' }).catch(() => {});
    throw error;
  }
}

export function createDuplicateScanner(ctx: AppContext, log: (error: unknown) => void): DuplicateScanner {
  let running: Promise<void> | undefined;
  let stopping = false;
  return {
    async start(actor) {
      const now = new Date();
      const scan = await ctx.db.transaction().execute(async (trx) => {
        await ctx.dialect.lockName(trx, 'duplicate-scan');
        const last = await latestScan(trx);
        if (last?.status === 'running' && now.getTime() - Date.parse(last.started_at) < ABANDONED_AFTER_MS) throw new HttpError(409, SCAN_RUNNING);
        const row = await insertScan(trx, actor.user.id, now.toISOString());
        await recordAudit(trx, { userId: actor.user.id, userName: actor.user.full_name, tableName: 'duplicate_scans', recordId: row.id, ipAddress: actor.ipAddress, action: 'SCAN_DUPLICATES' });
        return row;
      });
      const job = runScan(ctx, scan.id, () => stopping)
        .catch(log)
        .finally(() => {
          if (running === job) running = undefined;
        });
      running = job;
      return scan;
    },
    async idle() {
      await running;
    },
    async stop() {
      stopping = true;
      await running;
    },
  };
}
