// requirements#e-invoicing in a browser: a seller declares its turnover above ₹5 crore and its number
// prefix in Seller Central (no scripts needed), a business buys from it, the invoice waits for its IRN
// and is registered from the E-invoices page; the shopper's PDF then prints the IRN and a QR code that,
// rendered by pdf.js and scanned, reads back the invoice's details.
import { mkdir, writeFile } from 'node:fs/promises';
import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eInvoices, orderItems, orders, sellers, taxDocuments, users } from '@marketplace/db';
import { gstinCheckCharacter, gstStateCodeOf } from '@marketplace/domain/sellers/tax-identity';
import { readSignedQr } from '@marketplace/domain/tax/e-invoice';
import { E_INVOICE_MESSAGES } from '@marketplace/domain/tax/e-invoice-api';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { pdfText } from '../apps/server/test-support/pdf.ts';
import { drawFirstPage, screenshotDrawnPage } from './support/pdf-page.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
const SHOTS = '/tmp/shots-einvoice';

async function shot(name: string, width: number) {
  await mkdir(SHOTS, { recursive: true });
  await store.page.setViewportSize({ width, height: 900 });
  await store.page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
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
      const drawn = await drawFirstPage(page.context(), bytes);
      await mkdir(SHOTS, { recursive: true });
      await writeFile(`${SHOTS}/invoice-pdf-qr.png`, Buffer.from(drawn.png.split(',')[1] ?? '', 'base64'));
      // the drawn page as a shopper sees it on a phone and on a desktop
      await screenshotDrawnPage(page.context(), drawn.png, (width) => `${SHOTS}/invoice-pdf-${width}.png`, [
        WIDTHS.mobile,
        WIDTHS.desktop,
      ]);
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
