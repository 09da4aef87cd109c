import pg from 'pg';

// One instance of each scheduled job across several app nodes (issue 23, decision 043). On one
// machine the primary gives the jobs to one process (decision 039); with several nodes on one
// PostgreSQL, that process on each node competes for a PostgreSQL advisory lock held by a
// connection of its own, and only the holder runs the jobs (retention purge, backups, SMS
// dispatch). When the holder dies, PostgreSQL ends its session and frees the lock; another
// node takes it at its next try. On SQLite there is one machine, so the process leads at once.

// The lock's key: any number no other advisory lock of this database uses ('vms' jobs).
export const JOBS_LOCK_KEY = 7_236_979_001;
// "Dispatch the SMS now", sent by a node that is not leading to the one that is.
export const SMS_KICK_CHANNEL = 'vms_sms_kick';
const DEFAULT_RETRY_MS = 15_000;

export interface JobLeadershipOptions {
  // Unset: SQLite, lead at once.
  databaseUrl: string | undefined;
  // Starts the jobs; returns what stops them.
  lead: () => () => void;
  // The leader hears another node's "dispatch the SMS now".
  onKick?: () => void;
  log: (line: string) => void;
  // How often a node that does not lead tries the lock again (JOBS_LEADER_RETRY_MS).
  retryMs?: number;
}

export interface JobLeadership {
  isLeading(): boolean;
  // Tells the leading node to dispatch the SMS now (nothing on SQLite: this process leads).
  kickLeader(): void;
  stop(): Promise<void>;
}

export function startJobLeadership(options: JobLeadershipOptions): JobLeadership {
  if (!options.databaseUrl) {
    const stopJobs = options.lead();
    return { isLeading: () => true, kickLeader: () => {}, stop: async () => stopJobs() };
  }
  const databaseUrl = options.databaseUrl;
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  let client: pg.Client | null = null;
  let stopJobs: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const resign = () => {
    if (stopJobs) {
      stopJobs();
      stopJobs = null;
      options.log('scheduled jobs stopped here: the connection holding their lock ended');
    }
  };
  const later = () => {
    if (stopped) return;
    timer = setTimeout(() => void attempt(), retryMs);
    timer.unref();
  };

  async function attempt(): Promise<void> {
    timer = null;
    if (stopped) return;
    try {
      if (!client) {
        const fresh = new pg.Client({ connectionString: databaseUrl, keepAlive: true, application_name: 'vms-jobs-lock' });
        // A dropped connection frees the lock on the server: stop the jobs here at once.
        fresh.on('error', () => {});
        fresh.on('end', () => {
          if (client === fresh) client = null;
          resign();
          later();
        });
        fresh.on('notification', (message) => {
          if (message.channel === SMS_KICK_CHANNEL && stopJobs) options.onKick?.();
        });
        await fresh.connect();
        client = fresh;
      }
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [JOBS_LOCK_KEY]);
      if (stopped) return;
      if (rows[0]?.locked) {
        await client.query(`LISTEN ${SMS_KICK_CHANNEL}`);
        stopJobs = options.lead();
        options.log('this node runs the scheduled jobs (it holds their lock)');
        return;
      }
    } catch (error) {
      options.log(`could not try the scheduled jobs' lock: ${error instanceof Error ? error.message : String(error)}`);
      const broken = client;
      client = null;
      await broken?.end().catch(() => {});
    }
    later();
  }
  void attempt();

  return {
    isLeading: () => stopJobs !== null,
    kickLeader() {
      // A kick is a hint: the leader dispatches at its next tick anyway. It goes over this
      // node's own lock connection, which stays open while it waits for the lock.
      void client?.query('SELECT pg_notify($1, $2)', [SMS_KICK_CHANNEL, '']).catch((error: unknown) => options.log(`could not ask the leading node to dispatch SMS: ${String(error)}`));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const held = stopJobs !== null;
      const open = client;
      client = null;
      if (stopJobs) stopJobs();
      stopJobs = null;
      if (open) {
        if (held) await open.query('SELECT pg_advisory_unlock($1::bigint)', [JOBS_LOCK_KEY]).catch(() => {});
        await open.end().catch(() => {});
      }
    },
  };
}
