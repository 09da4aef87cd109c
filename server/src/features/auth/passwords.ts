import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (OWASP-grade memory cost); the algorithm is
// recorded in the hash string, so parameters can be raised later without a migration.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A hash of a random password, checked when the username is unknown so a wrong
// username takes as long as a wrong password and timing does not reveal which.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

// 24 random characters plus a digit and a symbol, so a generated password passes
// even the strong password policy.
export function generatePassword(): string {
  const digit = String(randomBytes(1).readUInt8(0) % 10);
  return `${randomBytes(18).toString('base64url')}${digit}!`;
}
