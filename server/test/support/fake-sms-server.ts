import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP server on 127.0.0.1 that answers like an SMS provider, scripted per test:
// each request takes the next scripted answer (the last one repeats).
export interface ScriptedAnswer {
  status: number;
  body: unknown;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeSmsServer {
  url: string;
  requests: RecordedRequest[];
  script: (answers: ScriptedAnswer[]) => void;
  close: () => Promise<void>;
}

export async function startFakeSmsServer(): Promise<FakeSmsServer> {
  let answers: ScriptedAnswer[] = [{ status: 200, body: {} }];
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.length > 1 ? (answers.shift() as ScriptedAnswer) : (answers[0] as ScriptedAnswer);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (next) => {
      answers = [...next];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
