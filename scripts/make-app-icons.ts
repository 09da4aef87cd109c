import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

// npx tsx scripts/make-app-icons.ts: the installed app's icons (web/public/icons), drawn from
// the favicon's tick on the app's blue. Run once when the mark changes; the PNGs are committed.
// "any" icons fill their square with rounded corners; the maskable one keeps the tick inside
// the central 80% safe zone on a full-bleed background, as launchers crop it to their shape.
const out = path.resolve(import.meta.dirname, '../web/public/icons');
const BLUE = '#1e3a8a';
const tick = (scale: number, offset: number) =>
  `<path transform="translate(${offset} ${offset}) scale(${scale})" d="M8 16l5 5 11-11" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;

const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${BLUE}"/>${tick(1, 0)}</svg>`;
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BLUE}"/>${tick(0.7, 4.8)}</svg>`;

mkdirSync(out, { recursive: true });
const icons: [string, string, number][] = [
  ['icon-192.png', anyIcon, 192],
  ['icon-512.png', anyIcon, 512],
  ['maskable-512.png', maskableIcon, 512],
  ['apple-touch-icon-180.png', maskableIcon, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
  console.log(`${name}: ${size}×${size}`);
}
