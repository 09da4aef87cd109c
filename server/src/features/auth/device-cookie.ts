import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// OWASP's "device cookies": a browser that signed in as a user gets a signed cookie bound to
// that username. Attempts that bring it are limited per cookie, not by the username's
// counter, so strangers guessing a username cannot keep its owner out of their own device.
// The cookie grants nothing else: the password (and code) are still needed.
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 3600;
// Only the sign-in calls need it; nothing else under /api ever sees it.
const DEVICE_COOKIE_PATH = '/api/auth';

// Each username on a shared computer keeps its own cookie; the name does not spell the username.
export function deviceCookieName(username: string): string {
  return `vms_device_${createHash('sha256').update(username.toLowerCase()).digest('hex').slice(0, 16)}`;
}

// A separate key from the token key, derived from the one secret.
function deviceKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('device-cookie').digest();
}

function signature(secret: string, username: string, deviceId: string): string {
  return createHmac('sha256', deviceKey(secret)).update(`${username.toLowerCase()}\n${deviceId}`).digest('base64url');
}

// A fresh cookie value "<device id>.<signature>" for a user who has just signed in.
export function createDeviceCookieValue(secret: string, username: string): string {
  const deviceId = randomBytes(18).toString('base64url');
  return `${deviceId}.${signature(secret, username, deviceId)}`;
}

// The device id of a valid cookie for this username in a Cookie header, or null.
export function readDeviceId(secret: string, username: string, cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const name = deviceCookieName(username);
  for (const part of cookieHeader.split(';')) {
    const [rawName, ...rest] = part.split('=');
    if (rawName?.trim() !== name) continue;
    const [deviceId, signed] = rest.join('=').trim().split('.');
    if (!deviceId || !signed || !/^[\w-]{24}$/.test(deviceId)) continue;
    const expected = Buffer.from(signature(secret, username, deviceId));
    const given = Buffer.from(signed);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return deviceId;
  }
  return null;
}

// HttpOnly so scripts never read it, SameSite=Strict so no other site sends it, Secure
// whenever the request came over HTTPS.
export function deviceCookieHeader(username: string, value: string, secure: boolean): string {
  const parts = [`${deviceCookieName(username)}=${value}`, `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`, `Path=${DEVICE_COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
