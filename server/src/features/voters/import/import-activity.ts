// How many imports this process is running now. The scheduled backup waits for none to be
// running: a backup copies the whole file page by page and, run beside a large import, slows
// both down and captures a half-imported file.
let running = 0;
// Imports running in the server's other processes (decision 039): the primary tells each
// process the others' total, so the process that runs the backups sees them too.
let elsewhere = 0;
let report: ((running: number) => void) | undefined;

export async function trackImport<T>(run: () => Promise<T>): Promise<T> {
  running += 1;
  report?.(running);
  try {
    return await run();
  } finally {
    running -= 1;
    report?.(running);
  }
}

// Any import running in any process of the server.
export function importInProgress(): boolean {
  return running > 0 || elsewhere > 0;
}

// How many imports this process runs (the caller's own included): the checkpoint interval is
// a setting of this process's own connection.
export function importsRunning(): number {
  return running;
}

// Several processes: each reports its count to the primary and hears the others' total.
export function reportImportsTo(send: (running: number) => void): void {
  report = send;
}

export function importsElsewhere(): number {
  return elsewhere;
}

export function setImportsElsewhere(count: number): void {
  elsewhere = count;
}
