import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { SpreadsheetError, type SpreadsheetErrorReason } from '../../src/lib/spreadsheets/spreadsheet-error';

// For the spreadsheet library's unit tests: its readers take a path, so each test file saves
// its inputs in a temporary folder of its own, removed when its tests end.
export function useTempFiles(prefix: string): (bytes: Buffer | string, name?: string) => Promise<string> {
  let folder = '';
  let saved = 0;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));
  return async (bytes, name) => {
    saved += 1;
    const file = path.join(folder, name ?? `file-${saved}`);
    await writeFile(file, bytes);
    return file;
  };
}

// What a reading failed with, or undefined when it succeeded.
export function failureOf(reading: Promise<unknown>): Promise<unknown> {
  return reading.then(
    () => undefined,
    (caught: unknown) => caught,
  );
}

// The reason and message a file was refused for; the test fails when it was read or failed otherwise.
export async function refusalOf(reading: Promise<unknown>): Promise<{ reason: SpreadsheetErrorReason; message: string }> {
  const error = await failureOf(reading);
  expect(error).toBeInstanceOf(SpreadsheetError);
  const { reason, message } = error as SpreadsheetError;
  return { reason, message };
}
