// Makes the seed's short films once (requirements#home-video-ad): each is the seed's own art (a campaign's banner, a
// product's four views) animated on a canvas and recorded by Chromium's MediaRecorder as WebM
// (VP9 or VP8). The files are committed in packages/db/src/seed/videos/; the seed only copies them.
// Nothing here runs at install, seed or run time. Run it again after changing the art or the list:
//   node --import tsx scripts/make-seed-videos.ts [/path/to/chromium]
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { BRANDS } from '../packages/db/src/seed/data/catalog.ts';
import {
  PRODUCT_VIDEOS,
  VIDEO_CAMPAIGNS,
  VIDEO_DURATION_MS,
  VIDEO_SIZE,
} from '../packages/db/src/seed/data/videos.ts';
import { bannerSvg, productImageSvg } from '../packages/db/src/seed/images.ts';
import { SWATCH_COLOURS } from '../packages/db/src/seed/kinds.ts';

const OUT = join(import.meta.dirname, '..', 'packages', 'db', 'src', 'seed', 'videos');
const MAX_BYTES = 300 * 1024;

type Film = { file: string; frames: string[]; style: 'banner' | 'turntable' };

function films(): Film[] {
  const campaigns = VIDEO_CAMPAIGNS.map((campaign, index): Film => {
    const brand = BRANDS.find((b) => b.name === campaign.brand);
    if (!brand) throw new Error(`unknown brand ${campaign.brand}`);
    const svg = bannerSvg({
      ...VIDEO_SIZE,
      headline: brand.name,
      subline: brand.tagline,
      kind: campaign.kind,
      palette: index * 3 + 1,
    });
    return { file: campaign.file, frames: [svg], style: 'banner' };
  });
  const products = PRODUCT_VIDEOS.map((video): Film => ({
    file: video.file,
    frames: [0, 1, 2, 3].map((view) =>
      productImageSvg({ kind: video.kind, colour: SWATCH_COLOURS[video.colour], title: '', brand: '', view }),
    ),
    style: 'turntable',
  }));
  return [...campaigns, ...products];
}

/** Runs in the page: draws the film on a canvas and records it; resolves to the WebM bytes in base64. */
async function record({
  frames,
  style,
  width,
  height,
  durationMs,
}: {
  frames: string[];
  style: 'banner' | 'turntable';
  width: number;
  height: number;
  durationMs: number;
}): Promise<{ base64: string; mimeType: string; ms: number }> {
  const images = await Promise.all(
    frames.map(
      (svg) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = reject;
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        }),
    ),
  );
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.append(canvas);
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2d canvas');
  const ease = (t: number) => t * t * (3 - 2 * t);
  const draw = (t: number) => {
    g.globalAlpha = 1;
    if (style === 'banner') {
      // a slow push in on the banner, a light sweeping across it, faded in from black and out
      const image = images[0] as HTMLImageElement;
      const zoom = 1 + 0.1 * ease(t);
      g.fillStyle = '#000';
      g.fillRect(0, 0, width, height);
      g.globalAlpha = Math.min(1, t * 6, (1 - t) * 8);
      g.drawImage(
        image,
        (width - width * zoom) / 2,
        (height - height * zoom) / 2,
        width * zoom,
        height * zoom,
      );
      const x = -width * 0.4 + t * width * 1.8;
      const light = g.createLinearGradient(x - 80, 0, x + 80, height);
      light.addColorStop(0, 'rgba(255,255,255,0)');
      light.addColorStop(0.5, 'rgba(255,255,255,0.28)');
      light.addColorStop(1, 'rgba(255,255,255,0)');
      g.fillStyle = light;
      g.fillRect(0, 0, width, height);
    } else {
      // the product turning: its four views cross-fading, on a soft stage
      g.fillStyle = '#f3f5f9';
      g.fillRect(0, 0, width, height);
      const place = t * images.length;
      const index = Math.floor(place) % images.length;
      const next = (index + 1) % images.length;
      const blend = ease(Math.max(0, (place % 1) * 3 - 2));
      const side = height * (0.94 + 0.04 * Math.sin(t * Math.PI));
      const left = (width - side) / 2;
      const top = (height - side) / 2;
      g.globalAlpha = 1;
      g.drawImage(images[index] as HTMLImageElement, left, top, side, side);
      g.globalAlpha = blend;
      g.drawImage(images[next] as HTMLImageElement, left, top, side, side);
    }
  };
  draw(0);
  const stream = canvas.captureStream(30);
  const mimeType = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8'].find((type) =>
    MediaRecorder.isTypeSupported(type),
  );
  if (!mimeType) throw new Error('no WebM encoder in this browser');
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 380_000 });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
  const started = performance.now();
  recorder.start();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const t = (performance.now() - started) / durationMs;
      draw(Math.min(1, t));
      if (t >= 1) {
        clearInterval(timer);
        resolve();
      }
    }, 1000 / 30);
  });
  const ms = performance.now() - started;
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  canvas.remove();
  return { base64: btoa(binary), mimeType, ms };
}

async function main() {
  const executablePath = process.argv[2] ?? '/usr/bin/chromium';
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    // tsx keeps function names with a helper the page does not have
    await page.setContent('<!doctype html><body style="margin:0"></body>');
    await page.evaluate('window.__name = (f) => f');
    await mkdir(OUT, { recursive: true });
    for (const film of films()) {
      const { base64, mimeType, ms } = await page.evaluate(record, {
        frames: film.frames,
        style: film.style,
        ...VIDEO_SIZE,
        durationMs: VIDEO_DURATION_MS,
      });
      // Chromium's recorder finishes the file with its duration, seek head and cues
      const webm = Buffer.from(base64, 'base64');
      if (webm.length > MAX_BYTES) throw new Error(`${film.file} is ${webm.length} bytes, over ${MAX_BYTES}`);
      await writeFile(join(OUT, film.file), webm);
      console.log(`${film.file}: ${(webm.length / 1024).toFixed(0)} KB, ${Math.round(ms)} ms, ${mimeType}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
