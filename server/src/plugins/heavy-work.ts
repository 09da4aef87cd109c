import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Fair shares of heavy work (issue 57, decision 063): a Karyakarta looping slip prints took
// another user's voter list from p95 19 ms to 442 ms. Routes marked `config: { heavy: true }`
// (a booth's or a search's slips, voter exports) run at most `perUser` at a time for one user
// and `perProcess` at a time in one server process; past either, the request is refused with
// 429 and Retry-After right after the sign-in check, before its query is read or any voter
// is counted, so a refused loop costs one session lookup. Per process, not per cluster: each
// process has its own event loop to protect, and a node's share grows with its processes.
declare module 'fastify' {
  interface FastifyContextConfig {
    heavy?: boolean;
  }
}

export interface HeavyWorkLimits {
  perUser: number;
  perProcess: number;
  // Seconds a refused client is told to wait: about one heavy print's time.
  retryAfterSeconds: number;
}

export const DEFAULT_HEAVY_WORK: HeavyWorkLimits = { perUser: 1, perProcess: 2, retryAfterSeconds: 5 };

export const YOUR_HEAVY_WORK_RUNNING = 'Your previous print or export is still being made. Please wait for it to finish, then try again.';
export const SERVER_HEAVY_WORK_BUSY = 'The server is busy making other prints and exports. Please try again in a few seconds.';

export interface HeavyWorkGate {
  // A release function, or the refusal's message.
  tryEnter(userId: number): (() => void) | string;
  running(): { total: number; byUser: ReadonlyMap<number, number> };
}

export function createHeavyWorkGate(limits: HeavyWorkLimits = DEFAULT_HEAVY_WORK): HeavyWorkGate {
  const byUser = new Map<number, number>();
  let total = 0;
  return {
    tryEnter(userId) {
      const mine = byUser.get(userId) ?? 0;
      if (mine >= limits.perUser) return YOUR_HEAVY_WORK_RUNNING;
      if (total >= limits.perProcess) return SERVER_HEAVY_WORK_BUSY;
      byUser.set(userId, mine + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left > 0) byUser.set(userId, left);
        else byUser.delete(userId);
      };
    },
    running: () => ({ total, byUser }),
  };
}

// After the access check (registered after accessControlPlugin): the user is known. The slot is
// given back when the answer has been sent or the client went away, whichever comes first
// (a streamed PDF or workbook holds it until its last byte).
export function registerHeavyWork(app: FastifyInstance, gate: HeavyWorkGate, limits: Pick<HeavyWorkLimits, 'retryAfterSeconds'> = DEFAULT_HEAVY_WORK): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.heavy || !request.auth) return;
    const entered = gate.tryEnter(request.auth.user.id);
    if (typeof entered === 'string') {
      return reply.code(429).header('Retry-After', String(limits.retryAfterSeconds)).send({ message: entered });
    }
    reply.raw.once('close', entered);
    reply.raw.once('finish', entered);
  });
}
