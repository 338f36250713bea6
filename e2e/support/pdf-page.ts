// A PDF as a reader shows it: page 1 drawn by pdf.js on a canvas in the browser, and any QR code on
// it read by jsQR from the drawn pixels (as a phone's camera reads the printed code), not from the
// file's insides.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BrowserContext } from 'playwright-core';

const require = createRequire(import.meta.url);

/**
 * The first page of `bytes` drawn at 4 device pixels a point, as a PNG data URL, and the text of the
 * QR code found in its top half (where invoices print it), or null when there is none.
 */
export async function drawFirstPage(
  context: BrowserContext,
  bytes: Uint8Array,
): Promise<{ png: string; qr: string | null }> {
  const page = await context.newPage();
  const pdfjs = await readFile(require.resolve('pdfjs-dist/build/pdf.min.mjs'), 'utf8');
  const worker = await readFile(require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'), 'utf8');
  const scanner = await readFile(require.resolve('jsqr/dist/jsQR.js'), 'utf8');
  await page.route('http://pdf.test/**', (route) => {
    const url = route.request().url();
    if (url.endsWith('pdf.mjs')) return route.fulfill({ body: pdfjs, contentType: 'text/javascript' });
    if (url.endsWith('pdf.worker.mjs'))
      return route.fulfill({ body: worker, contentType: 'text/javascript' });
    if (url.endsWith('jsQR.js')) return route.fulfill({ body: scanner, contentType: 'text/javascript' });
    return route.fulfill({
      body: '<!doctype html><title>PDF</title><canvas id="c"></canvas>',
      contentType: 'text/html',
    });
  });
  await page.goto('http://pdf.test/');
  await page.addScriptTag({ url: 'http://pdf.test/jsQR.js' });
  // a module script of the page's own (kept out of the test's bundler): pdf.js draws page 1 on a canvas
  await page.addScriptTag({
    type: 'module',
    content: `
      import * as lib from 'http://pdf.test/pdf.mjs';
      lib.GlobalWorkerOptions.workerSrc = 'http://pdf.test/pdf.worker.mjs';
      window.renderPdf = async (base64) => {
        const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const pdf = await lib.getDocument({ data }).promise;
        const first = await pdf.getPage(1);
        // 4 device pixels a point: each of the code's modules is some 4 pixels wide, as a phone's camera sees it
        const viewport = first.getViewport({ scale: 4 });
        const canvas = document.getElementById('c');
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        const context = canvas.getContext('2d');
        await first.render({ canvas, canvasContext: context, viewport }).promise;
        const half = Math.round(canvas.height / 2);
        const pixels = context.getImageData(0, 0, canvas.width, half);
        const code = window.jsQR(pixels.data, canvas.width, half);
        return { png: canvas.toDataURL('image/png'), qr: code ? code.data : null };
      };
    `,
  });
  await page.waitForFunction('typeof window.renderPdf === "function"');
  const drawn = await page.evaluate<{ png: string; qr: string | null }>(
    `window.renderPdf(${JSON.stringify(Buffer.from(bytes).toString('base64'))})`,
  );
  await page.close();
  return drawn;
}

/** The drawn page shown as a reader shows it at each width (a phone's and a desktop's), saved as PNGs. */
export async function screenshotDrawnPage(
  context: BrowserContext,
  png: string,
  pathAt: (width: number) => string,
  widths: readonly number[],
) {
  const viewer = await context.newPage();
  await viewer.setContent(
    `<!doctype html><body style="margin:0;background:#525659"><img alt="Page 1" style="display:block;width:100%;max-width:900px;margin:0 auto" src="${png}"></body>`,
  );
  for (const width of widths) {
    await viewer.setViewportSize({ width, height: 900 });
    await viewer.screenshot({ path: pathAt(width), fullPage: true });
  }
  await viewer.close();
}
