// A local stand-in of Razorpay's settlement recon API over real HTTP (node:http), enforcing its
// documented contract (https://razorpay.com/docs/api/settlements/fetch-recon/): `GET
// /v1/settlements/recon/combined` with Basic auth (key id and secret), `year` (yyyy) and `month` (mm)
// required, `day` (dd) optional, `count` 1 to 1000 and `skip` for pages; errors as
// `{ error: { code: 'BAD_REQUEST_ERROR', description, field } }`; items as the documented recon rows,
// `fee` including its GST `tax`, `credit` − `debit` what each added to the transfer.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReconItem = {
  entity_id: string;
  type: 'payment' | 'refund' | 'adjustment' | 'transfer';
  debit: number;
  credit: number;
  amount: number;
  currency: 'INR';
  fee: number;
  tax: number;
  on_hold: boolean;
  settled: boolean;
  created_at: number;
  settled_at: number | null;
  settlement_id: string | null;
  posted_at: null;
  credit_type: 'default';
  description: string | null;
  notes: string | null;
  payment_id: string | null;
  settlement_utr: string | null;
  order_id: string | null;
  order_receipt: string | null;
  method: string;
  card_network: null;
  card_issuer: null;
  card_type: null;
  dispute_id: null;
};

export type RazorpayReconStandIn = {
  /** the recon endpoint: pass as the adapter's recon URL */
  url: string;
  keyId: string;
  keySecret: string;
  /** adds a settled transfer of these payments and refunds on a day; `fee` on a payment includes 18 % GST */
  settle(input: {
    settlementId: string;
    utr: string;
    settledAt: Date;
    payments: { id: string; amount: number; fee: number }[];
    refunds: { id: string; paymentId: string; amount: number }[];
  }): void;
  requests: string[];
  close(): Promise<void>;
};

export async function startRazorpayReconStandIn(): Promise<RazorpayReconStandIn> {
  const keyId = 'rzp_test_recon00001';
  const keySecret = 'recon-secret-0001';
  const items: ReconItem[] = [];
  const requests: string[] = [];
  const reply = (res: ServerResponse, status: number, json: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  };
  const badRequest = (res: ServerResponse, description: string, field?: string) =>
    reply(res, 400, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        ...(field ? { field } : {}),
      },
    });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(`${req.method ?? ''} ${url.pathname}${url.search}`);
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return reply(res, 401, {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'The api key provided is invalid',
          source: 'NA',
          step: 'NA',
          reason: 'NA',
        },
      });
    if (req.method !== 'GET' || url.pathname !== '/v1/settlements/recon/combined')
      return badRequest(res, 'The requested URL was not found on the server.');
    const year = url.searchParams.get('year') ?? '';
    const month = url.searchParams.get('month') ?? '';
    const day = url.searchParams.get('day');
    if (!/^\d{4}$/.test(year)) return badRequest(res, 'The year field is required.', 'year');
    if (!/^(0[1-9]|1[0-2])$/.test(month))
      return badRequest(res, 'The month must be between 01 and 12.', 'month');
    if (day !== null && !/^(0[1-9]|[12]\d|3[01])$/.test(day))
      return badRequest(res, 'The day must be between 01 and 31.', 'day');
    const count = Number(url.searchParams.get('count') ?? '10');
    const skip = Number(url.searchParams.get('skip') ?? '0');
    if (!Number.isInteger(count) || count < 1)
      return badRequest(res, 'The count must be at least 1.', 'count');
    if (count > 1000) return badRequest(res, 'The count may not be greater than 1000.', 'count');
    if (!Number.isInteger(skip) || skip < 0) return badRequest(res, 'The skip must be at least 0.', 'skip');
    // Razorpay's days are Indian days
    const dayOf = (seconds: number) => new Date(seconds * 1000 + 19_800_000).toISOString().slice(0, 10);
    const wanted = `${year}-${month}${day === null ? '' : `-${day}`}`;
    const matching = items.filter(
      (item) => item.settled_at !== null && dayOf(item.settled_at).startsWith(wanted),
    );
    const page = matching.slice(skip, skip + count);
    return reply(res, 200, { entity: 'collection', count: page.length, items: page });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const base = (id: string, at: Date, settlementId: string, utr: string) => ({
    entity_id: id,
    currency: 'INR' as const,
    on_hold: false,
    settled: true,
    created_at: Math.floor(at.getTime() / 1000) - 172_800,
    settled_at: Math.floor(at.getTime() / 1000),
    settlement_id: settlementId,
    posted_at: null,
    credit_type: 'default' as const,
    description: null,
    notes: null,
    settlement_utr: utr,
    order_id: null,
    order_receipt: null,
    method: 'upi',
    card_network: null,
    card_issuer: null,
    card_type: null,
    dispute_id: null,
  });
  return {
    url: `http://127.0.0.1:${port}/v1/settlements/recon/combined`,
    keyId,
    keySecret,
    settle({ settlementId, utr, settledAt, payments, refunds }) {
      for (const payment of payments)
        items.push({
          ...base(payment.id, settledAt, settlementId, utr),
          type: 'payment',
          debit: 0,
          credit: payment.amount - payment.fee,
          amount: payment.amount,
          fee: payment.fee,
          tax: Math.round((payment.fee * 18) / 118),
          payment_id: null,
        });
      for (const refund of refunds)
        items.push({
          ...base(refund.id, settledAt, settlementId, utr),
          type: 'refund',
          debit: refund.amount,
          credit: 0,
          amount: refund.amount,
          fee: 0,
          tax: 0,
          payment_id: refund.paymentId,
        });
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
