// How many imports this process is running now. The scheduled backup waits for none to be
// running: a backup copies the whole file page by page and, run beside a large import, slows
// both down and captures a half-imported file.
let running = 0;

export async function trackImport<T>(run: () => Promise<T>): Promise<T> {
  running += 1;
  try {
    return await run();
  } finally {
    running -= 1;
  }
}

export function importInProgress(): boolean {
  return running > 0;
}

// How many imports are running (the caller's own included).
export function importsRunning(): number {
  return running;
}
