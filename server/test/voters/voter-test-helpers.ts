import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { type VoterFormValues, voterInputSchema } from '@shared/voters/voter-schema';
import type { AppContext } from '../../src/context';
import type { VoterRow } from '../../src/db/schema';
import { insertVoter } from '../../src/features/voters/voters-repository';
import { signInAs, type TestApp } from '../support/test-app';

let counter = 0;

// Consonants only, so the random part of a voter ID never holds the digits or the letter runs
// a test searches for ("7654" in hex failed a search test once).
const ID_LETTERS = 'BCDFGHJKLNPRVWY';
const randomIdLetters = () => [...randomBytes(8)].map((byte) => ID_LETTERS[byte % ID_LETTERS.length]).join('');

// A valid voter form with unique voter_id; overrides win.
export function voterForm(overrides: Partial<Record<keyof VoterFormValues, string | number | boolean | null>> = {}): Record<string, string | number | boolean | null> {
  counter += 1;
  return {
    voter_no: `B1-${String(counter).padStart(2, '0')}`,
    full_name: `Voter ${counter}`,
    voter_id: `TST${randomIdLetters()}${counter}`,
    booth: 'Booth-01',
    ...overrides,
  };
}

// Inserts straight through the repository (no HTTP), for tests that need many voters.
export async function seedVoter(ctx: AppContext, overrides: Parameters<typeof voterForm>[0] = {}): Promise<VoterRow> {
  const input = voterInputSchema.parse(voterForm(overrides));
  return insertVoter(ctx.db, input, { userId: 1, voterImage: null });
}

export interface RoleHeaders {
  admin: { authorization: string };
  superAdmin: { authorization: string };
  supervisor: { authorization: string };
  karyakarta: { authorization: string };
}

// One signed-in user of each role; the two field roles reach only `booth`.
export async function signInEachRole(t: TestApp, booth: string): Promise<RoleHeaders> {
  return {
    admin: (await signInAs(t, 'Admin')).headers,
    superAdmin: (await signInAs(t, 'Super Admin')).headers,
    supervisor: (await signInAs(t, 'Supervisor', { booth_access: [booth] })).headers,
    karyakarta: (await signInAs(t, 'Karyakarta', { booth_access: [booth] })).headers,
  };
}

export interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

// A multipart/form-data body built by hand, as a browser would send it.
export function multipart(fields: Record<string, string | number | boolean | null | undefined>, file?: FilePart): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vmsTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value === null ? '' : String(value)}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'voter_image'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function tinyImage(format: 'jpeg' | 'png' | 'gif' | 'webp', options: { width?: number; height?: number; withGps?: boolean } = {}): Promise<Buffer> {
  let image = sharp({ create: { width: options.width ?? 40, height: options.height ?? 30, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  if (options.withGps) image = image.withExif({ IFD0: { Make: 'SecretPhone', Copyright: 'GPS 20.1N 77.7E' } });
  return image.toFormat(format).toBuffer();
}
