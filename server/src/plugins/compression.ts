import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

// Issue 21: answers travel brotli- or gzip-compressed when the browser asks (a Karyakarta's
// phone on 2G/3G data). Only text-like types are compressed (JSON, HTML, CSS, JS, CSV), from
// 1 KB up; photos (WebP), spreadsheets (XLSX, already a zip) and anything sent already
// compressed pass as they are. Brotli at quality 4 costs about as much CPU as gzip while
// answering smaller; the web app's own files are compressed once, at build time, at the
// highest quality (plugins/web-app.ts serves those .br/.gz files).
// Answers held whole in memory (JSON pages, up to SYNC_COMPRESS_BYTES) are compressed in one
// call; the plugin's default on two cores (8 KB) sent a voter list's first page (23 KB) through a
// compression stream on the thread pool, whose set-up cost more than the compression itself:
// 0.9 ms of CPU a page instead of 0.2 (issue 58, bench/request-cpu-bench.ts). The stream would
// only pay off with idle cores beside the event loop, and the server runs a process per core
// (decision 039). Larger answers, and streamed ones (exports, files), still stream.
const SYNC_COMPRESS_BYTES = 64 * 1024;

// Registered before the routes (it adds its hook to each route as it is declared) and after
// the hooks that read or reword a body (answer-language, the build header): those see the
// plain JSON, and the compression runs last.
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: SYNC_COMPRESS_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Compressed request bodies are not part of the API: never inflate what a client sends.
    globalDecompression: false,
  });
}
