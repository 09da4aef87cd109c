// What an API call needs that no library does: the stored token, the URL and the headers
// (spec sections 4 and 7). lib/api-client.ts makes every call with these; app/start-early.ts
// reads them before the app's code has run (issue 21, decision 044).
export const TOKEN_KEY = 'token';

export function getStoredToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

export type ApiQuery = Record<string, string | number | undefined | null>;

export function apiUrl(path: string, query?: ApiQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

// The server words its error messages in the language on screen (plugins/answer-language.ts).
export function apiHeaders(language: string, token: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}
