import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RollCoverFacts } from '@shared/rolls/roll-types';
import type { AppContext } from '../../context';
import { boothOfPart, deleteImportVoters, findRollImport, insertImportVoters, type NewImportVoter, rollImportsIn, saveCover, takeSeenVoters, untickDeletedOnPurpose, updateRollImport } from './roll-import-repository';
import { needsReview } from './roll-import-review';
import { type RollReader, RollReadError } from './roll-reader-seam';

// The roll import's background work: one roll read at a time (the reader spreads its pages over
// the cores), started by this process (the reading itself runs in a child process of it). Each
// job's row says where it is; the screen polls it.

// A box's key in its import: page, then place on the page (a page holds far fewer than 1,000 boxes).
const BOXES_PER_PAGE = 1000;
export const boxKey = (page: number, index: number) => page * BOXES_PER_PAGE + index + 1;

export const READ_FAILED = 'The roll could not be read';
// A cancel may come through another process or node (decisions 039, 043): the process reading
// looks at the job's row this often and stops its reader when the import is no longer reading.
const CANCEL_CHECK_MS = 1_000;
export const RESTARTED = 'The server restarted while reading this roll; upload it again';

export const rollsDir = (dataDir: string) => path.join(dataDir, 'rolls');
// An import's folder holds its PDF and the photos read from it, until the import ends.
export const photoPathOf = (filePath: string, n: number) => path.join(path.dirname(filePath), 'photos', `${n}.jpg`);

export async function removeImportFiles(filePath: string | null): Promise<void> {
  if (!filePath) return;
  await rm(path.dirname(filePath), { recursive: true, force: true });
}

export interface RollImportJobs {
  enqueue(id: number): void;
  // Stops the reading of this import if it is being read now.
  abort(id: number): void;
  // At start-up: imports cut short by a stop are read again from the start; a commit cut short
  // goes back to review (a commit is safe to repeat).
  recover(): Promise<void>;
  idle(): Promise<void>;
  stop(): Promise<void>;
}

function mostCommon(values: Iterable<number>): number | null {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: number | null = null;
  for (const [value, count] of counts) if (best === null || count > counts.get(best)!) best = value;
  return best;
}

// Aborts `controller` once the import's row leaves the reading state (a cancel through any
// process); returns the function that stops watching.
function watchForCancel(ctx: AppContext, id: number, controller: AbortController): () => void {
  let checking = false;
  const timer = setInterval(() => {
    if (checking || controller.signal.aborted) return;
    checking = true;
    findRollImport(ctx.db, id)
      .then((current) => {
        if (current?.state !== 'reading') controller.abort(new DOMException('cancelled', 'AbortError'));
      })
      // A check that fails (the database busy a moment) is tried again at the next tick.
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  }, CANCEL_CHECK_MS);
  return () => clearInterval(timer);
}

async function readImport(ctx: AppContext, reader: RollReader, id: number, outer: AbortSignal, shuttingDown: () => boolean): Promise<void> {
  const row = await findRollImport(ctx.db, id);
  if (!row || row.state !== 'queued' || !row.file_path) return;
  const filePath = row.file_path;
  if (!(await updateRollImport(ctx.db, id, { state: 'reading', started_at: new Date().toISOString(), error: null }, ['queued']))) return;
  const reading = ['reading'] as const;
  const controller = new AbortController();
  const signal = controller.signal;
  const abort = () => controller.abort(outer.reason);
  outer.addEventListener('abort', abort, { once: true });
  const stopWatching = watchForCancel(ctx, id, controller);
  try {
    let pageCount = 0;
    // The screen shows "0 of N pages" as soon as the reader has counted them.
    const onPageCount = (count: number) => {
      pageCount = count;
      updateRollImport(ctx.db, id, { page_count: count }, reading).catch(() => undefined);
    };
    let pagesDone = 0;
    let votersFound = 0;
    const boxParts: number[] = [];
    let cover: RollCoverFacts | null = null;
    for await (const page of reader.readRoll(filePath, { signal, maxPages: ctx.config.rollImportMaxPages, onPageCount })) {
      if (signal.aborted) break;
      const voters: NewImportVoter[] = [];
      for (const [index, { photo, ...box }] of page.voters.entries()) {
        const n = boxKey(page.page, index);
        if (photo && photo.length > 0) {
          const target = photoPathOf(filePath, n);
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, photo);
        }
        const stored = { ...box, fullName: box.fullName?.normalize('NFC') ?? null, relativeName: box.relativeName?.normalize('NFC') ?? null };
        voters.push({ n, box: stored, flagged: needsReview(stored), hasPhoto: Boolean(photo && photo.length > 0) });
        if (box.partNo !== null) boxParts.push(box.partNo);
      }
      pagesDone += 1;
      votersFound += voters.length;
      if (page.cover && (cover === null || page.cover.page < cover.page)) cover = page.cover;
      const done = pagesDone;
      const found = votersFound;
      const stillReading = await ctx.db.transaction().execute(async (trx) => {
        await insertImportVoters(trx, id, voters);
        if (page.cover) await saveCover(trx, id, page.cover);
        return updateRollImport(trx, id, { pages_done: done, voters_found: found }, reading);
      });
      // Cancelled meanwhile, perhaps through another server process (whose abort cannot reach
      // this reader): stop reading; the clean-up below removes what was kept.
      if (!stillReading) break;
    }
    if (signal.aborted) throw new DOMException('cancelled', 'AbortError');
    const partNo = cover?.partNo ?? mostCommon(boxParts);
    const booth = partNo === null ? null : await boothOfPart(ctx.db, partNo);
    // The stored voters the review compares with, as they are now (a commit writes over none that
    // changes later), and the entries of voters the office deleted left unticked (issue 54).
    await ctx.db.transaction().execute(async (trx) => {
      await takeSeenVoters(trx, id);
      await untickDeletedOnPurpose(trx, id);
      await updateRollImport(trx, id, { state: 'review', part_no: partNo, booth, page_count: Math.max(pageCount, pagesDone) }, reading);
    });
  } catch (error) {
    // A server stopping leaves the import as it is: the next start reads it again.
    if (shuttingDown()) return;
    const current = await findRollImport(ctx.db, id);
    if (current?.state === 'reading') {
      const message = error instanceof RollReadError ? error.message : READ_FAILED;
      await updateRollImport(ctx.db, id, { state: signal.aborted ? 'cancelled' : 'failed', error: signal.aborted ? null : message, finished_at: new Date().toISOString(), file_path: null }, reading);
    }
    if (!(error instanceof RollReadError) && !signal.aborted) throw error;
  } finally {
    stopWatching();
    outer.removeEventListener('abort', abort);
    const current = shuttingDown() ? undefined : await findRollImport(ctx.db, id);
    // Cancelled or failed: nothing of it is kept but its row.
    if (current && (current.state === 'cancelled' || current.state === 'failed')) {
      await deleteImportVoters(ctx.db, id);
      await removeImportFiles(filePath);
    }
  }
}

export function createRollImportJobs(ctx: AppContext, reader: RollReader, log: (error: unknown) => void): RollImportJobs {
  const queue: number[] = [];
  let current: { id: number; controller: AbortController } | undefined;
  let running: Promise<void> | undefined;
  let stopping = false;

  const next = (): void => {
    if (running || stopping) return;
    const id = queue.shift();
    if (id === undefined) return;
    const controller = new AbortController();
    current = { id, controller };
    running = readImport(ctx, reader, id, controller.signal, () => stopping)
      .catch(log)
      .finally(() => {
        current = undefined;
        running = undefined;
        next();
      });
  };

  return {
    enqueue(id) {
      if (!queue.includes(id)) queue.push(id);
      next();
    },
    abort(id) {
      const index = queue.indexOf(id);
      if (index >= 0) queue.splice(index, 1);
      if (current?.id === id) current.controller.abort();
    },
    async recover() {
      // Only imports whose process is gone (decision 043): another node may be reading its own.
      const gone = async (states: Parameters<typeof rollImportsIn>[1]) => {
        const rows = [];
        for (const row of await rollImportsIn(ctx.db, states)) if (await ctx.liveness.isGone(row.owner)) rows.push(row);
        return rows;
      };
      for (const row of await gone(['committing'])) await updateRollImport(ctx.db, row.id, { state: 'review' }, ['committing']);
      for (const row of await gone(['queued', 'reading'])) {
        const present = row.file_path ? await stat(row.file_path).then(() => true, () => false) : false;
        await deleteImportVoters(ctx.db, row.id);
        if (present) {
          await updateRollImport(ctx.db, row.id, { state: 'queued', pages_done: 0, voters_found: 0 });
          this.enqueue(row.id);
        } else {
          await updateRollImport(ctx.db, row.id, { state: 'failed', error: RESTARTED, finished_at: new Date().toISOString(), file_path: null });
        }
      }
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopping = true;
      current?.controller.abort();
      await running;
    },
  };
}
