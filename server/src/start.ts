import cluster from 'node:cluster';
import path from 'node:path';
import { loadConfig } from './config';
import { startServer } from './server';
import { PROJECT_ROOT } from './features/upgrades/app-version';
import { ensureWebBuild } from './features/upgrades/web-build';

// `npm start`: rebuild the web app when its sources changed since the last build (an update),
// then serve everything; the server backs the database up before pending migrations.
// With several processes only the primary builds; the workers run this file again.
try {
  const { webDistDir } = loadConfig();
  if (cluster.isPrimary) ensureWebBuild({ webRoot: path.join(PROJECT_ROOT, 'web'), distDir: webDistDir, log: (line) => console.log(line) });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

startServer().catch(async (error: unknown) => {
  // A failed upgrade explains itself (backup, restore command); anything else keeps its stack.
  // Loaded only now: the upgrade code is not needed by a primary that serves nothing.
  const { DatabaseUpgradeError } = await import('./features/upgrades/database-upgrade');
  console.error(error instanceof DatabaseUpgradeError ? error.message : error);
  process.exit(1);
});
