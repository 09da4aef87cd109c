import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const DRIVER = path.join(import.meta.dirname, 'start-reporting-worker.test-helper.ts');

describe('startTypeScriptWorker', () => {
  it('should start a worker without the server’s loader and source maps, under its V8 settings', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--max-semi-space-size=8', '--import', 'tsx', DRIVER], { timeout: 60_000 });
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { execArgv: string[]; sourceMaps: boolean; newSpaceMb: number };
    // Inherited, `--import tsx` turned source maps on in every worker (pdf.js's maps kept parsed).
    expect(report.execArgv).toEqual([]);
    expect(report.sourceMaps).toBe(false);
    // The process's young generation limit (8 MB a semi-space) still holds in the thread.
    expect(report.newSpaceMb).toBeGreaterThan(0);
    expect(report.newSpaceMb).toBeLessThanOrEqual(16);
  }, 90_000);
});
