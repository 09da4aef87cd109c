import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The file in the data folder that holds a running server's process id. This module loads no
// database code: the cluster primary writes the file and opens no database.
export const SERVER_PID_FILE = 'server.pid';

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
