import { readFileSync } from 'node:fs';
import path from 'node:path';

// The Node flags `npm start` gives the server (package.json), so a benchmark's server process
// runs as the real one does.
export function serverNodeFlags(): string[] {
  const packageJson = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...words] = packageJson.scripts.start.split(/\s+/);
  if (command !== 'node') return [];
  return words.slice(0, words.indexOf('--import')).filter((word) => word.startsWith('--'));
}
