import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLL_CSV_COLUMNS } from './roll-csv';
import { syntheticVoters, writeLetterPdf, writeSyntheticRoll } from './synthetic-roll.test-helper';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
let dir: string;

async function roll(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/src/cli/roll.ts', ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'roll-command-'));
  await writeSyntheticRoll(path.join(dir, 'roll.pdf'), syntheticVoters(12), { cover: true });
  await writeLetterPdf(path.join(dir, 'letter.pdf'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run roll', { timeout: 180_000 }, () => {
  it('should write one CSV row per voter box and the cover facts on standard error', async () => {
    const out = path.join(dir, 'roll.csv');
    const result = await roll(path.join(dir, 'roll.pdf'), '--out', out);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('cover page 1 | constituency: 12 - Sample Nagar | part: 7');
    expect(result.stderr).toContain('totals: male 6, female 6, third 0, total 12');
    const lines = (await readFile(out, 'utf8')).trim().split('\n');
    expect(lines[0]).toBe(ROLL_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(13);
    expect(lines[1]).toMatch(/^2,7,1,1-Station Road,XYZ\d{7},Asha Rao,father,Ramesh Rao,10,20,Female,false,false,0\.9\d$/u);
    // The box with a failed EPIC check digit is below the review line.
    expect(Number(lines[5]?.split(',').at(-1))).toBeLessThan(0.8);
  });

  it('should exit non-zero with a clear message when the file is not a roll', async () => {
    const result = await roll(path.join(dir, 'letter.pdf'), '--out', path.join(dir, 'letter.csv'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('This file is not an electoral roll PDF');
  });

  it('should print its usage when the output file is not given', async () => {
    const result = await roll(path.join(dir, 'roll.pdf'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run roll -- FILE.pdf --out FILE.csv');
  });
});
