import http from 'node:http';
import { createServer } from 'node:net';
import { Client, type Dispatcher } from 'undici';

// What the benchmarks that talk to a server of their own share: one keep-alive connection per
// client (as a browser tab keeps one), a free port, waiting for the server, percentiles.

export interface Answer {
  status: number;
  ok: boolean;
}

// One request on the client's own connection; the body is read to the end.
export function send(agent: http.Agent, url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, method: options.method ?? 'GET', headers: options.headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ok: (response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300 }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

// One keep-alive connection through undici, for a load client that must stay cheap: it shares
// the machine's cores with the server it measures, and node:http costs about three times the
// CPU per request (bench/load-bench.ts prints the client's CPU per request).
export interface Connection {
  send(path: string, options?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer>;
  close(): Promise<void>;
}

export function openConnection(origin: string): Connection {
  const client = new Client(origin, { pipelining: 1, keepAliveTimeout: 120_000, keepAliveMaxTimeout: 120_000 });
  return {
    // undici's dispatch with a handler of our own: no response stream and no body object per
    // request, about a fifth less of the client's CPU than `request` + `body.dump()`.
    send(path, options = {}) {
      return new Promise<Answer>((resolve, reject) => {
        let status = 0;
        const handler: Dispatcher.DispatchHandler = {
          // Its presence tells undici this handler uses the current handler interface.
          onRequestStart() {},
          onResponseStart(_controller, statusCode) {
            status = statusCode;
          },
          // The body is read to the end and dropped.
          onResponseData() {},
          onResponseEnd() {
            resolve({ status, ok: status >= 200 && status < 300 });
          },
          onResponseError(_controller, error) {
            reject(error);
          },
        };
        client.dispatch({ path, method: (options.method ?? 'GET') as Dispatcher.HttpMethod, headers: options.headers, body: options.body }, handler);
      });
    },
    close: () => client.close(),
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

// A server upgrading a large database (a migration, the name keys' fill) may take minutes.
export async function waitUntilUp(base: string, seconds = 600): Promise<void> {
  for (let attempt = 0; attempt < seconds * 4; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}
