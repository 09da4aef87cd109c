import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { requireRollSamples, ROLL_SAMPLES } from './roll-samples';

describe('requireRollSamples', () => {
  const before = process.env.ROLLS_DIR;
  afterEach(() => {
    if (before === undefined) delete process.env.ROLLS_DIR;
    else process.env.ROLLS_DIR = before;
  });

  it('should name every one of the seven sample files when they are missing', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'no-rolls-'));
    try {
      process.env.ROLLS_DIR = empty;
      expect(Object.keys(ROLL_SAMPLES)).toHaveLength(7);
      let message = '';
      try {
        requireRollSamples();
      } catch (error) {
        message = (error as Error).message;
      }
      for (const file of Object.values(ROLL_SAMPLES)) expect(message).toContain(file);
      expect(message).toContain('ROLLS_DIR');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
