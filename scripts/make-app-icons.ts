// Makes the installable app's icons once (requirements#pwa) from the shop's mark, apps/web/public/favicon.svg:
// 192 and 512 px icons as the mark is drawn, and a 512 px maskable one whose mark sits inside the
// middle 60 % (the safe zone a launcher's round, squircle or square mask never cuts), on the brand
// colour to the edges. The PNGs are committed in apps/web/public/icons/; nothing here runs at build
// or run time. Run it again after changing the mark:
//   node --import tsx scripts/make-app-icons.ts
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const PUBLIC = join(import.meta.dirname, '..', 'apps', 'web', 'public');
const OUT = join(PUBLIC, 'icons');
const BRAND = '#131921';

const mark = await readFile(join(PUBLIC, 'favicon.svg'), 'utf8');
// the mark's letter without its rounded square, to place on a full-bleed background
const letter = [...mark.matchAll(/<path [^>]+\/>/g)].map((m) => m[0]).join('');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(12.8 12.8) scale(0.6)">${letter}</g></svg>`;

await mkdir(OUT, { recursive: true });
for (const size of [192, 512]) {
  await sharp(Buffer.from(mark), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(OUT, `icon-${size}.png`));
}
await sharp(Buffer.from(maskable), { density: (72 * 512) / 64 })
  .resize(512, 512)
  .png({ compressionLevel: 9 })
  .toFile(join(OUT, 'icon-maskable-512.png'));
console.log(`icons written to ${OUT}`);
