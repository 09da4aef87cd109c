import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_PID_FILE } from './sqlite-backup';

// Records that a server runs on this data folder (read by `npm run restore`).
// Returns the function that removes the mark again at shutdown.
export function markServerRunning(dataDir: string): () => void {
  const file = path.join(dataDir, SERVER_PID_FILE);
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}
