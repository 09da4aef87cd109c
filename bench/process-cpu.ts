import { readdirSync, readFileSync } from 'node:fs';

// The CPU time (user and system) the server has used so far, from /proc (Linux); null elsewhere.
// With several processes (APP_WORKERS, decision 039) the server is a primary and its workers:
// the time of the spawned process and of every process below it counts.
export function serverCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stats = new Map<number, { parent: number; ticks: number }>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
        // After the name: the parent is field 2, utime and stime are fields 12 and 13.
        stats.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
      } catch {
        // The process ended while the folder was read.
      }
    }
    if (!stats.has(pid)) return null;
    const inTree = (candidate: number): boolean => {
      for (let at: number | undefined = candidate; at !== undefined && at > 1; at = stats.get(at)?.parent) if (at === pid) return true;
      return false;
    };
    let ticks = 0;
    for (const [candidate, stat] of stats) if (inTree(candidate)) ticks += stat.ticks;
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;
