import { APP_BUILD_HEADER } from '@shared/health/health-schema';
import { noticeServerBuild } from './app-build';
import { i18n } from './i18n';

// The one door to the API: every call goes to /api with the Bearer token from
// localStorage (spec sections 4 and 7) and errors come back as ApiError with the
// server's message, so screens can show it or fall back to the spec's text.
export const TOKEN_KEY = 'token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    // A 409 to an edit of an older version: the record as it is now (lib/edit-conflicts.ts).
    readonly current?: unknown,
  ) {
    super(message);
  }
}

let onUnauthorized: (() => void) | undefined;

// The session registers this so a revoked or expired token signs the user out.
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

export function getStoredToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

async function readError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { message?: unknown; fields?: Record<string, string>; current?: unknown };
    if (typeof body.message === 'string' && body.message) return new ApiError(response.status, body.message, body.fields, body.current ?? undefined);
  } catch {
    // Not JSON (a proxy's error page, say): fall through to a generic message.
  }
  return new ApiError(response.status, '');
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // The server words its error messages in the language on screen (plugins/answer-language.ts).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language };
  const token = getStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(buildUrl(path, options.query), { method: options.method ?? 'GET', headers, body, signal: options.signal });
  // Every answer names the build the server serves; another than ours offers a reload.
  noticeServerBuild(response.headers.get(APP_BUILD_HEADER));
  if (!response.ok) {
    const error = await readError(response);
    if (response.status === 401 && token) onUnauthorized?.();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

// The server's message when it gave one, else the spec's fallback text (spec section 8).
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
