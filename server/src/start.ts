import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { startServer } from './server';

// `npm start`: build the web app once if it has not been built, then serve everything.
const { webDistDir } = loadConfig();
if (!existsSync(path.join(webDistDir, 'index.html'))) {
  console.log('Building the web app (first start only)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error('Building the web app failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

startServer().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
