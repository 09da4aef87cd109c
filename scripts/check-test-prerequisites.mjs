// `npm test` never passes by skipping: it stops here, saying how to get what is missing.
import { existsSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';

const problems = [];

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  problems.push(
    `Chromium was not found at ${chromium}. Install Debian's package (apt-get update && apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`,
  );
}

// Voter slips are read back as a person copying from the PDF would, by poppler's pdftotext.
const pdftotextFound = (process.env.PATH ?? '').split(':').some((folder) => folder && existsSync(`${folder}/pdftotext`));
if (!pdftotextFound) {
  problems.push("pdftotext (poppler) was not found on the PATH. Install Debian's package: apt-get update && apt-get install -y poppler-utils.");
}

// The roll samples are also read re-saved with their fonts re-subset, a copy Ghostscript makes
// (issue 53); the reader itself never needs it.
const ghostscriptFound = (process.env.PATH ?? '').split(':').some((folder) => folder && existsSync(`${folder}/gs`));
if (!ghostscriptFound) {
  problems.push("Ghostscript (gs) was not found on the PATH. Install Debian's package: apt-get update && apt-get install -y ghostscript.");
}

const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  await client.query('SELECT 1');
} catch (error) {
  problems.push(
    `PostgreSQL is not reachable at ${databaseUrl} (${error.message}). Start it (for example: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_DATABASE_URL to a server where the user may create databases.`,
  );
} finally {
  await client.end().catch(() => {});
}

// The several-nodes tests share limits through Redis (decision 043). A PING over a plain socket:
// the answer must be +PONG (a server asking for a password answers -NOAUTH).
const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const redisAnswer = await new Promise((resolve) => {
  const socket = net.connect({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
  const done = (answer) => {
    socket.destroy();
    resolve(answer);
  };
  socket.setTimeout(5000, () => done('no answer within 5 s'));
  socket.once('error', (error) => done(error.message));
  socket.once('connect', () => socket.write('PING\r\n'));
  socket.once('data', (data) => done(data.toString('utf8').trim()));
});
if (redisAnswer !== '+PONG') {
  problems.push(
    `Redis is not answering at ${redisUrl.host} (${redisAnswer}). Install and start it (apt-get install -y redis-server && redis-server --daemonize yes) or set TEST_REDIS_URL to a Redis the tests may write to.`,
  );
}

if (problems.length > 0) {
  console.error('\nThe test suite needs PostgreSQL, Redis, Chromium, pdftotext and Ghostscript; it does not skip what it cannot run.\n');
  for (const problem of problems) console.error(`- ${problem}\n`);
  process.exit(1);
}
console.log('Test prerequisites found: PostgreSQL, Redis, Chromium, pdftotext and Ghostscript.');
