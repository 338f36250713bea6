// requirements#e-invoicing in a browser: a seller declares its turnover above ₹5 crore and its number
// prefix in Seller Central (no scripts needed), a business buys from it, the invoice waits for its IRN
// and is registered from the E-invoices page; the shopper's PDF then prints the IRN and a QR code that,
// rendered by pdf.js and scanned, reads back the invoice's details.
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eInvoices, orderItems, orders, sellers, taxDocuments, users } from '@marketplace/db';
import { gstinCheckCharacter, gstStateCodeOf } from '@marketplace/domain/sellers/tax-identity';
import { readSignedQr } from '@marketplace/domain/tax/e-invoice';
import { E_INVOICE_MESSAGES } from '@marketplace/domain/tax/e-invoice-api';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { pdfText } from '../apps/server/test-support/pdf.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
const SHOTS = '/tmp/shots-einvoice';
const require = createRequire(import.meta.url);

async function shot(name: string, width: number) {
  await mkdir(SHOTS, { recursive: true });
  await store.page.setViewportSize({ width, height: 900 });
  await store.page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

/**
 * The first page of a PDF drawn by pdf.js in the browser, as a PNG, and its QR code as jsQR reads it: read
 * from what a reader shows, not from the file's insides.
 */
async function renderFirstPage(bytes: Uint8Array) {
  const page = await store.page.context().newPage();
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
  // jsQR scans the drawn page where it is drawn, as a phone's camera would read the printed code
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
        // the code is printed in the top half of the page, beside the IRN
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

describe('an e-invoice in the browser', () => {
  // a long journey: two sellers' pages, an order, a PDF drawn and scanned in the browser
  it(
    'a seller above ₹5 crore registers a business’s invoice, and its PDF carries the IRN and a QR code that scans',
    { timeout: 300_000 },
    async () => {
      const address = await defaultAddress(store.db, SHOPPER);
      const registered = await store.db
        .select({ id: sellers.id })
        .from(sellers)
        .where(isNotNull(sellers.gstin));
      const offer = (await deliverableOffers(store.db, address.pincode)).find((c) =>
        registered.some((s) => s.id === c.offer.sellerId),
      );
      if (!offer) throw new Error('a deliverable offer of a registered seller');
      const [seller] = await store.db
        .select({ email: users.email })
        .from(sellers)
        .innerJoin(users, eq(users.id, sellers.userId))
        .where(eq(sellers.id, offer.offer.sellerId));
      if (!seller) throw new Error('the seller has a login');

      // the seller declares its band and prefix, without scripts
      await store.loginAs(seller.email);
      let page = await store.restartPage({ javaScript: false });
      await page.goto(store.url('/sellercentral/e-invoices'));
      await page.getByLabel('Aggregate turnover in the last financial year').selectOption('5cr_to_10cr');
      await page.getByLabel('Invoice number prefix').fill('0ev');
      await page.getByRole('button', { name: 'Save tax settings' }).click();
      await page.getByText('A prefix has only letters, digits, - and /', { exact: false }).first().waitFor();
      await page.getByLabel('Invoice number prefix').fill('ev');
      await page.getByRole('button', { name: 'Save tax settings' }).click();
      await page.getByText(E_INVOICE_MESSAGES.saved).waitFor();

      // a business buys, and the seller ships: the invoice waits for its IRN
      await page.context().clearCookies();
      await store.loginAs(SHOPPER);
      const first14 = `${gstStateCodeOf(address.state) ?? '29'}AAPFU0939F1Z`;
      const placed = await page.request.post(store.url('/api/orders'), {
        data: {
          idempotencyKey: `e2e-e-invoice-${Date.now()}`,
          addressId: address.id,
          paymentMode: 'cod',
          lines: [
            {
              productId: offer.offer.productId,
              sellerId: offer.offer.sellerId,
              quantity: 1,
              deliveryType: 'standard',
            },
          ],
          business: { gstin: first14 + gstinCheckCharacter(first14), name: 'Patel Office Supplies' },
        },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const { orderNo } = (await placed.json()) as { orderNo: string };
      const [order] = await store.db.select().from(orders).where(eq(orders.orderNo, orderNo));
      const [item] = await store.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order?.id ?? 0));
      await page.context().clearCookies();
      await store.loginAs(seller.email);
      const shipped = await page.request.post(store.url(`/api/seller/orders/${orderNo}/shipments`), {
        data: { items: [{ itemId: item?.id }] },
      });
      expect(shipped.status(), await shipped.text()).toBe(201);
      const [invoice] = await store.db
        .select()
        .from(taxDocuments)
        .where(eq(taxDocuments.orderId, order?.id ?? 0));
      if (!invoice) throw new Error('the invoice was issued');
      expect(invoice.number).toMatch(/^EV-I\d{2}\/\d{6}$/);

      await page.goto(store.url('/sellercentral/e-invoices'));
      const row = page.getByRole('row').filter({ hasText: invoice.number });
      await row.getByText('Awaiting IRN').waitFor();
      await row.getByRole('button', { name: 'Register now' }).click();
      await page.getByText(`${invoice.number} is registered: IRN`, { exact: false }).waitFor();
      const [registration] = await store.db
        .select()
        .from(eInvoices)
        .where(eq(eInvoices.documentId, invoice.id));
      expect(registration?.status).toBe('registered');
      const irn = registration?.irn ?? '';
      await page.getByRole('row').filter({ hasText: irn }).waitFor();
      page = await store.restartPage();
      await store.openHydrated('/sellercentral/e-invoices');
      await shot('seller-e-invoices', WIDTHS.mobile);
      await shot('seller-e-invoices', WIDTHS.desktop);
      await store.openHydrated(`/sellercentral/orders/${orderNo}`);
      await page.getByText(`IRN ${irn}`).waitFor();
      await shot('seller-order-irn', WIDTHS.desktop);

      // the shopper's PDF: the IRN in its text, the QR code scanned off the rendered page
      await page.context().clearCookies();
      await store.loginAs(SHOPPER);
      const pdf = await page.request.get(
        store.url(`/api/my-orders/${orderNo}/tax-documents/${invoice.id}/pdf`),
      );
      expect(pdf.status()).toBe(200);
      const bytes = new Uint8Array(await pdf.body());
      expect((await pdfText(bytes)).text).toContain(`IRN: ${irn}`);
      const drawn = await renderFirstPage(bytes);
      await mkdir(SHOTS, { recursive: true });
      await writeFile(`${SHOTS}/invoice-pdf-qr.png`, Buffer.from(drawn.png.split(',')[1] ?? '', 'base64'));
      // the drawn page as a shopper sees it on a phone and on a desktop
      const viewer = await page.context().newPage();
      await viewer.setContent(
        `<!doctype html><body style="margin:0;background:#525659"><img alt="Invoice page 1" style="display:block;width:100%;max-width:900px;margin:0 auto" src="${drawn.png}"></body>`,
      );
      for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
        await viewer.setViewportSize({ width, height: 900 });
        await viewer.screenshot({ path: `${SHOTS}/invoice-pdf-${width}.png`, fullPage: true });
      }
      await viewer.close();
      expect(drawn.qr).toBe(registration?.signedQrCode);
      expect(readSignedQr(drawn.qr ?? '')).toMatchObject({
        DocNo: invoice.number,
        DocTyp: 'INV',
        SellerGstin: invoice.sellerGstin,
        BuyerGstin: invoice.buyerGstin,
        TotInvVal: invoice.valuePaise / 100,
        Irn: irn,
      });
    },
  );
});
