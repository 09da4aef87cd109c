import cluster from 'node:cluster';
import type { BuildAppOptions } from './app';
import { loadConfig } from './config';
import type { JobLeadership } from './db/job-leadership';
import { markServerRunning } from './features/backups/server-pid';
import { runPrimary, workerRole } from './processes/cluster-primary';
import { isMessage, type PrimaryMessage, type WorkerMessage } from './processes/process-messages';
import { processCount, type ProcessRole, SINGLE_PROCESS } from './processes/process-role';

// Starts the API (and the built web app, when present) on HOST:PORT, from APP_WORKERS
// processes (one per core by default; decision 039). The browser tests' server passes its own
// roll reader (e2e/support/start-e2e-server.ts); each worker runs the same entry file again.
export async function startServer(options: Pick<BuildAppOptions, 'rollReader'> = {}): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary) {
    const count = processCount();
    if (count > 1) {
      // The pid file tells `npm run restore` that the database is in use.
      const clearPid = markServerRunning(config.dataDir);
      process.once('exit', clearPid);
      const primary = await runPrimary({ count, log: (line) => console.log(line) });
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.once(signal, () => {
          primary.stop().then(() => process.exit(0), () => process.exit(1));
        });
      }
      console.log(`Voter Management System is running at http://${config.host}:${config.port} (${count} processes)`);
      return;
    }
  }
  await serve(options, cluster.isWorker ? workerRole() : SINGLE_PROCESS);
}

async function serve(options: Pick<BuildAppOptions, 'rollReader'>, role: ProcessRole): Promise<void> {
  // Loaded here, not at the top: the cluster primary serves nothing, and without the app's
  // modules it holds about 50 MB less for as long as the server runs.
  const [{ buildApp }, { startScheduledJobs }, { ensureFirstAdmin }, { reportImportsTo, setImportsElsewhere }, { removeLeftoverUploads }, { startJobLeadership }] = await Promise.all([
    import('./app'),
    import('./features/maintenance/scheduled-jobs'),
    import('./features/users/bootstrap-admin'),
    import('./features/voters/import/import-activity'),
    import('./features/voters/voter-import-routes'),
    import('./db/job-leadership'),
  ]);
  const config = loadConfig();
  const worker = cluster.isWorker;
  const tell = (message: WorkerMessage) => process.send?.(message);
  let leadership: JobLeadership | undefined;
  const { app, ctx } = await buildApp({
    config,
    rollReader: options.rollReader,
    role,
    // A process without the SMS dispatcher asks the one that has it to dispatch now: on this
    // machine through the primary, to another node through PostgreSQL (decision 043).
    smsDispatchElsewhere: role.runsJobs ? () => leadership?.kickLeader() : () => tell({ type: 'sms-kick' }),
  });
  if (worker) {
    reportImportsTo((running) => tell({ type: 'imports', running }));
    process.on('message', (message: unknown) => {
      if (!isMessage<PrimaryMessage>(message)) return;
      if (message.type === 'imports-elsewhere') setImportsElsewhere(message.count);
      else if (message.type === 'sms-kick') ctx.sms.kick();
    });
  }

  if (role.startsService) {
    const admin = await ensureFirstAdmin(ctx.db, { username: config.adminUsername, password: config.adminPassword });
    if (admin.created) {
      const passwordLine = admin.generatedPassword
        ? `Generated password (shown once; you will be asked to replace it at the first sign-in): ${admin.generatedPassword}`
        : 'Password: the value of ADMIN_PASSWORD';
      console.log(`\nCreated the first Super Admin.\n  Username: ${admin.username}\n  ${passwordLine}\n`);
    }
    // Only before any process serves: later, another process's upload may be in flight.
    await removeLeftoverUploads(config.dataDir);
  }
  // Retention purge, backups and SMS dispatch run inside the server, in one process of one node:
  // the process with the jobs role, once it holds the jobs' lock (PostgreSQL; decision 043).
  const startJobs = () => {
    const stopScheduled = startScheduledJobs(ctx, app.log, { firstRunDelayMs: config.scheduledJobsFirstRunMs });
    ctx.sms.start();
    ctx.serviceSms.start();
    ctx.voterSends.start();
    return () => {
      stopScheduled();
      void ctx.sms.stop();
      void ctx.serviceSms.stop();
      void ctx.voterSends.stop();
    };
  };
  if (!worker) {
    // The pid file tells `npm run restore` that the database is in use (the primary's, with several).
    const clearPid = markServerRunning(config.dataDir);
    process.once('exit', clearPid);
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      (leadership?.stop() ?? Promise.resolve()).then(() => app.close()).then(() => process.exit(0), () => process.exit(1));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  if (role.runsJobs) {
    leadership = startJobLeadership({
      databaseUrl: config.databaseUrl,
      lead: startJobs,
      onKick: () => ctx.sms.kick(),
      log: (line) => app.log.info(line),
      retryMs: config.jobsLeaderRetryMs,
    });
  }
  if (!worker) console.log(`Voter Management System is running at http://${config.host}:${config.port}`);
}
