import { APP_BUILD_HEADER } from '@shared/health/app-build-header';
import { apiHeaders, type ApiQuery, apiUrl, getStoredToken } from './api-basics';
import { noticeServerBuild } from './app-build';
import { takeEarlyResponse } from './early-requests';
import { i18n } from './i18n';
import { rememberedLanguage } from './language-files';

export { getStoredToken, storeToken, TOKEN_KEY } from './api-basics';

// The one door to the API: every call goes to /api with the Bearer token from
// localStorage (spec sections 4 and 7) and errors come back as ApiError with the
// server's message, so screens can show it or fall back to the spec's text.
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: ApiQuery;
  signal?: AbortSignal;
  // A change queued on the phone (lib/offline/outbox.ts): the server answers each key once.
  idempotencyKey?: string;
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
  const token = getStoredToken();
  // (A start's first calls may leave before i18next has switched: the language it is loading.)
  const headers = apiHeaders(i18n.language || rememberedLanguage() || 'en', token);
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = apiUrl(path, options.query);
  // A read a start asked for already (lib/early-requests.ts) is not asked again.
  const early = (options.method ?? 'GET') === 'GET' ? takeEarlyResponse(url, token) : undefined;
  const response = await (early ?? fetch(url, { method: options.method ?? 'GET', headers, body, signal: options.signal }));
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

// The request never reached the server (no connection, the connection dropped): fetch rejects
// with a TypeError. An aborted request is not one.
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

// The server's message when it gave one, else the spec's fallback text (spec section 8).
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
