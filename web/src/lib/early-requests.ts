// Reads a start asks for before the app's code has run (app/start-early.ts): a signed-in phone's
// first screen needs its list, and the request need not wait for React, the router and the query
// cache to be evaluated (issue 21, decision 044: a warm start to the voter list under 1 s). The
// app's own call for the same URL with the same token takes the answer (lib/api-client.ts), once;
// an answer nobody took within KEEP_MS is dropped, so a later call asks the server again.
const KEEP_MS = 20_000;

interface EarlyRequest {
  token: string;
  response: Promise<Response>;
}

const started = new Map<string, EarlyRequest>();

export function requestEarly(url: string, headers: Record<string, string>, token: string): void {
  if (started.has(url)) return;
  const response = fetch(url, { headers });
  // Taken later, with its error (no connection: the offline copy answers), or dropped.
  response.catch(() => undefined);
  started.set(url, { token, response });
  setTimeout(() => {
    if (started.get(url)?.response === response) started.delete(url);
  }, KEEP_MS);
}

// The early answer for this URL if it was asked with this token; each is taken once.
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  return early.token === token ? early.response : undefined;
}
