import { buildApp } from './app';
import { loadConfig } from './config';
import { markServerRunning } from './features/backups/server-pid';
import { startScheduledJobs } from './features/maintenance/scheduled-jobs';
import { ensureFirstAdmin } from './features/users/bootstrap-admin';
import { removeLeftoverUploads } from './features/voters/voter-import-routes';

// Starts the API (and the built web app, when present) on HOST:PORT.
export async function startServer(): Promise<void> {
  const config = loadConfig();
  const { app, ctx } = await buildApp({ config });
  const admin = await ensureFirstAdmin(ctx.db, { username: config.adminUsername, password: config.adminPassword });
  if (admin.created) {
    const passwordLine = admin.generatedPassword
      ? `Generated password (shown once, change it after signing in): ${admin.generatedPassword}`
      : 'Password: the value of ADMIN_PASSWORD';
    console.log(`\nCreated the first Super Admin.\n  Username: ${admin.username}\n  ${passwordLine}\n`);
  }

  await removeLeftoverUploads(config.dataDir);
  // Retention purge and backups run inside the server; the pid file tells
  // `npm run restore` that the database is in use.
  const stopJobs = startScheduledJobs(ctx, app.log);
  const clearPid = markServerRunning(config.dataDir);
  process.once('exit', clearPid);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopJobs();
      app.close().then(() => process.exit(0), () => process.exit(1));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  ctx.sms.start();
  console.log(`Voter Management System is running at http://${config.host}:${config.port}`);
}
