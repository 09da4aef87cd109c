import http from 'node:http';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { createVoterGenerator, voterInputOf } from './voter-generator';
import { printTable } from './print-table';

// npm run bench:offline-unlock (issue 57, decision 075): what the PIN of the phone's copy costs a
// field worker. In Chromium (the browser of an Android phone), for UNLOCK_VOTERS voters (default
// 5,000): sealing and storing the copy when the PIN is set, then opening it as the app does at
// each start: PBKDF2-SHA-256 with 310,000 rounds, every record read from IndexedDB and decrypted
// (AES-GCM), the search index built. Once at full speed, once with the CPU slowed 4x (CDP
// Emulation.setCPUThrottlingRate, the offline search bench's stand-in for a cheap phone).
const VOTERS = Number(process.env.UNLOCK_VOTERS ?? 5_000);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// What the page holds (bench/offline-unlock-entry.ts), typed for the evaluated function.
interface BenchDb {
  version: (number: number) => { stores: (schema: Record<string, string>) => void };
  voters: { bulkPut: (rows: unknown[]) => Promise<unknown>; toArray: () => Promise<{ iv: Uint8Array; data: ArrayBuffer }[]> };
}
interface BenchGlobals {
  unlockBench: {
    Dexie: new (name: string) => BenchDb;
    withTerms: (voter: unknown) => unknown;
    entryOf: (voter: unknown) => unknown;
    newestFirst: (a: unknown, b: unknown) => number;
    createLock: (pin: string) => Promise<{ lock: unknown; key: CryptoKey }>;
    openLock: (lock: unknown, pin: string) => Promise<{ status: string; key?: CryptoKey }>;
    seal: (key: CryptoKey, value: unknown) => Promise<{ iv: Uint8Array; data: ArrayBuffer }>;
    unseal: (key: CryptoKey, sealed: { iv: Uint8Array; data: ArrayBuffer }) => Promise<unknown>;
  };
}

interface Timings {
  sealStore: number;
  derive: number;
  readDecrypt: number;
  index: number;
  storedBytes: number;
}

async function main() {
  const next = createVoterGenerator(20261207);
  const voters = Array.from({ length: VOTERS }, (_, index) => ({
    ...voterInputOf(next(index)),
    id: index + 1,
    booth: 'Booth-01',
    voter_image: null,
    version: 1,
    support_level: null,
    last_contact_at: null,
    created_at: new Date(Date.UTC(2026, 10, 1) + index * 60_000).toISOString(),
    updated_at: new Date(Date.UTC(2026, 10, 1) + index * 60_000).toISOString(),
  }));
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, 'offline-unlock-entry.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    minify: true,
    tsconfig: path.join(import.meta.dirname, '..', 'tsconfig.json'),
  });
  // localhost is a secure context: Web Crypto and IndexedDB as on the app's HTTPS origin.
  const server = http.createServer((_request, response) => response.end('<!doctype html><title>unlock bench</title>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const rows: string[][] = [];
  try {
    for (const rate of [1, 4]) {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`http://localhost:${port}/`);
      await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const timings = await page.evaluate(async (voters): Promise<Timings> => {
        const { Dexie, createLock, openLock, seal, unseal, withTerms, entryOf, newestFirst } = (globalThis as unknown as BenchGlobals).unlockBench;
        const db = new Dexie('bench-unlock');
        db.version(1).stores({ voters: 'id' });
        const pin = '482915';
        let started = performance.now();
        const { key } = await createLock(pin);
        const sealed = await Promise.all(voters.map(async (voter) => ({ id: voter.id, ...(await seal(key, withTerms(voter))) })));
        await db.voters.bulkPut(sealed);
        const sealStore = performance.now() - started;
        const storedBytes = sealed.reduce((sum, row) => sum + row.data.byteLength + 12, 0);
        const { lock } = await createLock(pin);
        started = performance.now();
        const opened = await openLock(lock, pin);
        const derive = performance.now() - started;
        if (opened.status !== 'open') throw new Error('the PIN did not open the lock');
        // The copy was sealed under the first key; a fresh lock of the same PIN has its own salt,
        // so the records are read with the first key (the cost per record is the same).
        started = performance.now();
        const stored = await db.voters.toArray();
        const plain = await Promise.all(stored.map((row) => unseal(key, row)));
        const readDecrypt = performance.now() - started;
        started = performance.now();
        plain.map(entryOf).sort(newestFirst);
        const index = performance.now() - started;
        return { sealStore, derive, readDecrypt, index, storedBytes };
      }, voters);
      const ms = (value: number) => `${value.toFixed(0)} ms`;
      rows.push([
        rate === 1 ? 'Chromium, full speed' : 'Chromium, CPU x4',
        ms(timings.sealStore),
        ms(timings.derive),
        ms(timings.readDecrypt),
        ms(timings.index),
        ms(timings.derive + timings.readDecrypt + timings.index),
        `${(timings.storedBytes / 1024 / 1024).toFixed(1)} MB`,
      ]);
      await page.context().close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  printTable([`${VOTERS.toLocaleString('en-IN')} voters`, 'set PIN: seal + store', 'PIN: PBKDF2 310k', 'read + decrypt', 'search index', 'open (PIN to search)', 'sealed size'], rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
