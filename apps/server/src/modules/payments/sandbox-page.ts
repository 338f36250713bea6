import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { type Executor, orders, payments } from '@marketplace/db';
import { formatInr } from '@marketplace/domain';
import type { AppEnv } from '../../http/context.ts';
import { SANDBOX_PAY_PATH, type SandboxProvider } from './sandbox.ts';
import { recordPaymentFailure } from './service.ts';

export const SANDBOX_TEXTS = {
  title: 'Sandbox payment',
  note: 'Test payment page: no money moves. Choose how this payment ends.',
  succeed: 'Pay successfully',
  fail: 'Make the payment fail',
  unknown: 'This test payment does not exist.',
  /** ADR-0017: shown when PAYMENTS_SANDBOX=on lets the sandbox take payments in production */
  productionWarning:
    'Warning: this shop takes test payments in production. No money moves: an order paid here is marked paid without being paid.',
} as const;

const openPayment = async (db: Executor, providerOrderId: string) => {
  const [row] = await db
    .select({ orderNo: orders.orderNo, amountPaise: payments.amountPaise, status: payments.status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.provider, 'sandbox'), eq(payments.providerOrderId, providerOrderId)));
  return row ?? null;
};

const page = (body: ReturnType<typeof html>, nonce: string) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${SANDBOX_TEXTS.title}</title>
        <style nonce="${nonce}">
          body {
            font-family: system-ui, sans-serif;
            background: #f1f3f6;
            margin: 0;
            color: #212121;
          }
          main {
            max-width: 420px;
            margin: 48px auto;
            background: #fff;
            border-radius: 8px;
            padding: 24px;
            box-shadow: 0 1px 4px rgba(0, 0, 0, 0.12);
          }
          h1 {
            font-size: 1.25rem;
            margin: 0 0 4px;
          }
          .amount {
            font-size: 2rem;
            font-weight: 700;
            margin: 16px 0;
          }
          p {
            color: #555;
          }
          form {
            margin-top: 12px;
          }
          button {
            width: 100%;
            padding: 12px;
            font-size: 1rem;
            border: 0;
            border-radius: 4px;
            cursor: pointer;
          }
          .succeed {
            background: #2874f0;
            color: #fff;
          }
          .fail {
            background: #fff;
            color: #c62828;
            border: 1px solid #c62828;
          }
          .warning {
            background: #fdecea;
            color: #8e1b12;
            border: 2px solid #c62828;
            border-radius: 4px;
            padding: 12px;
            font-weight: 700;
          }
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;

/** requirements#payments: the sandbox provider's hosted test page, where the shopper makes a payment succeed or fail. */
export function sandboxPageRoutes(db: Executor, provider: SandboxProvider) {
  return new Hono<AppEnv>()
    .get(`${SANDBOX_PAY_PATH}/:providerOrderId`, async (c) => {
      const providerOrderId = c.req.param('providerOrderId');
      const payment = await openPayment(db, providerOrderId);
      c.header('Cache-Control', 'no-store');
      if (!payment) return c.html(page(html`<h1>${SANDBOX_TEXTS.unknown}</h1>`, c.get('nonce')), 404);
      const action = `${SANDBOX_PAY_PATH}/${encodeURIComponent(providerOrderId)}`;
      return c.html(
        page(
          html`${
              provider.inProduction
                ? html`<p class="warning" role="alert">${SANDBOX_TEXTS.productionWarning}</p>`
                : ''
            }
            <h1>${SANDBOX_TEXTS.title}</h1>
            <p>${SANDBOX_TEXTS.note}</p>
            <p>Order <strong>${payment.orderNo}</strong></p>
            <div class="amount">${formatInr(payment.amountPaise)}</div>
            <form method="post" action="${action}">
              <input type="hidden" name="outcome" value="succeed" />
              <button class="succeed" type="submit">${SANDBOX_TEXTS.succeed}</button>
            </form>
            <form method="post" action="${action}">
              <input type="hidden" name="outcome" value="fail" />
              <button class="fail" type="submit">${SANDBOX_TEXTS.fail}</button>
            </form>`,
          c.get('nonce'),
        ),
      );
    })
    .post(`${SANDBOX_PAY_PATH}/:providerOrderId`, async (c) => {
      const providerOrderId = c.req.param('providerOrderId');
      const payment = await openPayment(db, providerOrderId);
      if (!payment) return c.html(page(html`<h1>${SANDBOX_TEXTS.unknown}</h1>`, c.get('nonce')), 404);
      const form = await c.req.parseBody();
      const back = new URLSearchParams({ order: payment.orderNo });
      if (form.outcome === 'succeed') {
        // like Razorpay's handler: the browser carries the signed result back to the shop
        const { paymentId, signature } = provider.succeed(providerOrderId);
        back.set('provider_order_id', providerOrderId);
        back.set('payment_id', paymentId);
        back.set('signature', signature);
      } else {
        await recordPaymentFailure(db, provider, providerOrderId, 'failed on the sandbox page');
        back.set('payment', 'failed');
      }
      return c.redirect(`/paymentgateway?${back.toString()}`, 303);
    });
}
