import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, read as a PDF reader reads it (its runs joined by spaces). */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  const pages = pdf.numPages;
  await pdf.destroy();
  return { pages, text: parts.join(' ').replace(/\s+/g, ' ') };
}

/**
 * The images drawn on a page of a PDF, decoded by pdf.js to pixels (RGBA), as a reader shows them:
 * a QR code printed on an invoice is read back from here.
 */
export async function pdfImages(bytes: Uint8Array, pageNumber = 1) {
  const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  const page = await pdf.getPage(pageNumber);
  const operators = await page.getOperatorList();
  const images: { width: number; height: number; rgba: Uint8ClampedArray }[] = [];
  for (const [index, fn] of operators.fnArray.entries()) {
    if (fn !== OPS.paintImageXObject) continue;
    const name = (operators.argsArray[index] as unknown[])[0] as string;
    const image = await new Promise<{ width: number; height: number; data: Uint8ClampedArray; kind: number }>(
      (resolve) => {
        page.objs.get(name, resolve);
      },
    );
    const pixels = image.width * image.height;
    const rgba = new Uint8ClampedArray(pixels * 4);
    const channels = image.data.length / pixels;
    for (let p = 0; p < pixels; p++) {
      if (channels === 1) {
        const v = image.data[p] ?? 0;
        rgba.set([v, v, v, 255], p * 4);
      } else {
        rgba[p * 4] = image.data[p * channels] ?? 0;
        rgba[p * 4 + 1] = image.data[p * channels + 1] ?? 0;
        rgba[p * 4 + 2] = image.data[p * channels + 2] ?? 0;
        rgba[p * 4 + 3] = channels === 4 ? (image.data[p * channels + 3] ?? 255) : 255;
      }
    }
    images.push({ width: image.width, height: image.height, rgba });
  }
  await pdf.destroy();
  return images;
}
