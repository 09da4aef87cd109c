import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// npm run bench:initial-js [-- --no-build] [-- <dist folder>]: builds the web app, then sums
// the compressed size of the JavaScript a Karyakarta's phone downloads to reach its first
// screens: what index.html pulls in (its module script, the module preloads and their static
// imports), the sign-in page, My voters (a Karyakarta's home) with what they import, and one
// interface language besides English (the largest of Marathi, Hindi and Gujarati). Brotli at
// quality 11 is what the build writes beside each file and the server sends (issue 21: at most
// 150 KB). Prints one row per file and exits 1 above the limit, or when a first screen's or a
// language's file is not found (a renamed screen must not leave the sum silently short).
// `npm test` runs it after the build (`npm run test:budget`, in test:e2e).
const LIMIT_BYTES = 150 * 1024;
// The Karyakarta's first screens, by the name of their route module (web/src/app/routes). The
// sign-in page is part of index.html's own script (the router imports it), My voters its own file.
const FIRST_SCREENS = ['my-voters-page'];
const LANGUAGES = ['mr', 'hi', 'gu'];

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const dist = path.resolve(root, args.find((arg) => !arg.startsWith('--')) ?? 'web/dist');

if (!args.includes('--no-build')) {
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', path.join(root, 'web/vite.config.ts'), '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

const assets = path.join(dist, 'assets');
const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
const read = (name: string) => readFileSync(path.join(assets, name));

// A chunk's static imports (`import{a}from"./x.js"`, `import"./x.js"`), not its import() calls.
function staticImports(name: string): string[] {
  const code = read(name).toString('utf8');
  return [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]+from\s*)?["']\.\/([\w.-]+\.js)["']/g)].map((match) => match[1] as string);
}

function withImports(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (seen.has(name) || !existsSync(path.join(assets, name))) continue;
    seen.add(name);
    queue.push(...staticImports(name));
  }
  return seen;
}

// The chunk of a route or language module: rolldown names it after the module.
function chunkOf(moduleName: string): string {
  const found = files.find((name) => name.startsWith(`${moduleName}-`) && name.length === moduleName.length + '-12345678.js'.length);
  if (!found) {
    console.error(`No file for ${moduleName} in ${assets}: the sum would leave it out.`);
    process.exit(1);
  }
  return found;
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const fromHtml = [...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map((match) => match[1] as string);

const brotli = (bytes: Buffer) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// Should the sign-in page ever become its own file, it counts too.
const signIn = files.filter((name) => name.startsWith('login-page-'));
const base = withImports([...fromHtml, ...signIn, ...FIRST_SCREENS.map((screen) => chunkOf(screen))]);
// A language is its file of screen texts (the forms' message wording comes with the first form).
const languageSets = LANGUAGES.map((language) => {
  const chunks = withImports([chunkOf(language)]);
  const extra = [...chunks].filter((name) => !base.has(name));
  return { language, chunks: extra, br: extra.reduce((sum, name) => sum + brotli(read(name)), 0) };
});
const heaviestLanguage = languageSets.sort((a, b) => b.br - a.br)[0];
const initial = new Set([...base, ...(heaviestLanguage?.chunks ?? [])]);

const rows = [...initial].map((name) => {
  const bytes = read(name);
  return { name, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, br: brotli(bytes) };
});
rows.sort((a, b) => b.br - a.br);
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, br: sum.br + row.br }), { raw: 0, gzip: 0, br: 0 });
const allJs = files.reduce((sum, name) => sum + read(name).length, 0);

console.log(`Initial JavaScript of a Karyakarta (index.html with the sign-in page, ${FIRST_SCREENS.join(', ')}, language ${heaviestLanguage?.language ?? 'en only'})`);
console.log(`| file | size | gzip | brotli |\n|---|---:|---:|---:|`);
for (const row of rows) console.log(`| ${row.name} | ${kb(row.raw)} | ${kb(row.gzip)} | ${kb(row.br)} |`);
console.log(`| **total (${rows.length} files)** | ${kb(total.raw)} | ${kb(total.gzip)} | **${kb(total.br)}** |`);
console.log(`All JavaScript of the build: ${files.length} files, ${kb(allJs)}; limit for the initial load ${kb(LIMIT_BYTES)} brotli.`);
if (total.br > LIMIT_BYTES) {
  console.error(`Over the limit by ${kb(total.br - LIMIT_BYTES)}.`);
  process.exit(1);
}

// A start's first module (web/src/app/start-early.ts) must run before the libraries: its file
// may not import, even through another file, the libraries' file or the app's entry (decision
// 044: the build's `start-early` group).
const startEarly = files.find((name) => name.startsWith('start-early-'));
const startEarlyImports = startEarly ? [...withImports([startEarly])].filter((name) => name !== startEarly) : [];
const waitsFor = startEarlyImports.filter((name) => name.startsWith('vendor-') || name.startsWith('index-'));
if (!startEarly || waitsFor.length > 0) {
  console.error(startEarly ? `${startEarly} imports ${waitsFor.join(', ')}: a start's first module would wait for the libraries.` : 'No start-early file in the build.');
  process.exit(1);
}
console.log(`${startEarly} imports no library (${startEarlyImports.length} other files).`);
