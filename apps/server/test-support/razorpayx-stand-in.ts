// A local stand-in of RazorpayX's payout API over real HTTP (node:http), enforcing its documented
// contract (docs/requirements.md#seller-payouts-rail): Basic auth with the API keys, the mandatory
// X-Payout-Idempotency key (4 to 36 letters, digits, -, _ or space; the same key with another body
// refused), the composite payout's fields (account_number, fund_account_id or a fund_account with
// its bank_account and contact, amount in paise ≥ 100, INR, mode and its limits, purpose, narration,
// reference ids), error answers `{ error: { code: 'BAD_REQUEST_ERROR', description, field, ... } }`,
// the payout's states and their moves, fetch by id, the list with its filters, and payout.* webhooks
// signed with X-Razorpay-Signature (hex HMAC-SHA256 of the raw body with the webhook secret).
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const STAND_IN_KEY = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'thisisatestsecret1234',
  webhookSecret: 'test_webhook_secret_1',
};
export const STAND_IN_ACCOUNT_NUMBER = '7878780080316316';

const STATES = [
  'queued',
  'pending',
  'scheduled',
  'processing',
  'processed',
  'reversed',
  'cancelled',
  'rejected',
  'failed',
] as const;
export type StandInStatus = (typeof STATES)[number];
// RazorpayX, Payout States and Life Cycle: where each state may go
const MOVES: Record<StandInStatus, readonly StandInStatus[]> = {
  pending: ['queued', 'scheduled', 'processing', 'rejected'],
  queued: ['processing', 'cancelled', 'failed'],
  scheduled: ['processing', 'cancelled', 'failed'],
  processing: ['processed', 'reversed', 'failed'],
  processed: ['reversed'],
  failed: ['reversed'],
  reversed: [],
  cancelled: [],
  rejected: [],
};
const EVENT_OF: Partial<Record<StandInStatus, string>> = {
  pending: 'payout.pending',
  queued: 'payout.queued',
  processing: 'payout.initiated',
  processed: 'payout.processed',
  reversed: 'payout.reversed',
  failed: 'payout.failed',
  rejected: 'payout.rejected',
};

const PURPOSES = ['refund', 'cashback', 'payout', 'salary', 'utility bill', 'vendor bill'];
const CONTACT_TYPES = ['vendor', 'customer', 'employee', 'self'];
const MODES = ['IMPS', 'NEFT', 'RTGS', 'UPI'];
const KEY = /^[A-Za-z0-9 _-]{4,36}$/;
const NAME = /^[a-zA-Z0-9 ’\-_/(),.]+$/;
const NARRATION = /^[a-zA-Z0-9 ]{0,30}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT = /^[A-Za-z0-9]{5,35}$/;
const LAKH = 100_000_00;

export type StandInPayout = {
  id: string;
  key: string;
  body: string;
  fundAccountId: string;
  amount: number;
  mode: string;
  purpose: string;
  referenceId: string | null;
  narration: string | null;
  contactType: string | null;
  accountNumber: string | null;
  status: StandInStatus;
  utr: string | null;
  statusDetails: { description: string; source: string; reason: string } | null;
  createdAt: number;
};
export type StandInEvent = { body: string; signature: string; eventId: string };

export type RazorpayXStandIn = {
  url: string;
  /** the payouts made, by idempotency key */
  payouts: Map<string, StandInPayout>;
  byId(id: string): StandInPayout | undefined;
  /** every request: method, path, headers and body as received */
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[];
  /** every refusal answered, newest last */
  refusals: { status: number; description: string; field: string | null }[];
  /** payout.* webhooks, signed, in the order RazorpayX would send them */
  events: StandInEvent[];
  /** moves a payout as RazorpayX would (refusing a move its life cycle does not allow) and queues its webhook */
  move(
    id: string,
    to: StandInStatus,
    details?: { description: string; reason: string; utr?: string },
  ): StandInEvent;
  /** answer 503 to the next n calls */
  failNext(n: number): void;
  /** business account balance in paise: a payout above it is queued (queue_if_low_balance) or failed */
  setBalance(paise: number): void;
  /** RazorpayX's clock, for payouts' created_at (tests that run the shop's clock ahead move it too) */
  setNow(now: () => Date): void;
  close(): Promise<void>;
};

export const signWebhook = (body: string, secret = STAND_IN_KEY.webhookSecret) =>
  createHmac('sha256', secret).update(body).digest('hex');

type Refusal = { status: number; description: string; field: string | null; code?: string };
const refuse = (description: string, field: string | null = null, status = 400): Refusal => ({
  status,
  description,
  field,
});

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** The composite (or plain) payout body's checks, as the API reference lists them; null when it is valid. */
function validatePayout(body: unknown, accountNumber: string): Refusal | null {
  if (!isObject(body)) return refuse('The request body should be a JSON object');
  const allowed = new Set([
    'account_number',
    'fund_account_id',
    'fund_account',
    'amount',
    'currency',
    'mode',
    'purpose',
    'queue_if_low_balance',
    'reference_id',
    'narration',
    'notes',
  ]);
  const extra = Object.keys(body).filter((k) => !allowed.has(k));
  if (extra.length > 0)
    return refuse(`${extra.join(', ')} is/are not required and should not be sent`, extra[0]);
  if (str(body.account_number) === null)
    return refuse('The account number field is required.', 'account_number');
  if (body.account_number !== accountNumber)
    return refuse('The account number is invalid.', 'account_number');
  if (body.amount === undefined) return refuse('The amount field is required.', 'amount');
  if (typeof body.amount !== 'number' || !Number.isInteger(body.amount))
    return refuse('The amount must be an integer.', 'amount');
  if (body.amount < 100) return refuse('The amount must be atleast INR 1.00', 'amount');
  if (body.currency !== 'INR') return refuse('The currency field is required and must be INR.', 'currency');
  if (typeof body.mode !== 'string' || !MODES.includes(body.mode))
    return refuse('The selected mode is invalid.', 'mode');
  if (typeof body.purpose !== 'string' || !PURPOSES.includes(body.purpose))
    return refuse('The selected purpose is invalid.', 'purpose');
  if (body.queue_if_low_balance !== undefined && typeof body.queue_if_low_balance !== 'boolean')
    return refuse('The queue if low balance field must be true or false.', 'queue_if_low_balance');
  if (
    body.reference_id !== undefined &&
    (str(body.reference_id) === null || (body.reference_id as string).length > 40)
  )
    return refuse('The reference id may not be greater than 40 characters.', 'reference_id');
  if (
    body.narration !== undefined &&
    (str(body.narration) === null || !NARRATION.test(body.narration as string))
  )
    return refuse('The narration may only contain alphabets, numbers and spaces, at most 30.', 'narration');
  if (body.notes !== undefined) {
    if (!isObject(body.notes) || Object.keys(body.notes).length > 15)
      return refuse('Number of fields in notes should be less than or equal to 15', 'notes');
    if (Object.values(body.notes).some((v) => typeof v !== 'string' || v.length > 256))
      return refuse('Notes values may not be greater than 256 characters', 'notes');
  }
  const hasId = body.fund_account_id !== undefined;
  const fund = body.fund_account;
  if (hasId === (fund !== undefined))
    return refuse('Either fund_account_id or fund_account must be sent, not both', 'fund_account');
  if (hasId) {
    if (typeof body.fund_account_id !== 'string' || !/^fa_[A-Za-z0-9]{14}$/.test(body.fund_account_id))
      return refuse('The id provided does not exist', 'fund_account_id');
    return null;
  }
  if (!isObject(fund)) return refuse('The fund account field must be an object.', 'fund_account');
  if (fund.account_type !== 'bank_account' && fund.account_type !== 'vpa')
    return refuse('The selected account type is invalid.', 'fund_account.account_type');
  if (fund.account_type === 'bank_account') {
    const bank = fund.bank_account;
    if (!isObject(bank)) return refuse('The bank account field is required.', 'fund_account.bank_account');
    const name = str(bank.name);
    if (name === null || name.length < 4 || name.length > 120 || !NAME.test(name))
      return refuse('The name format is invalid.', 'fund_account.bank_account.name');
    if (str(bank.ifsc) === null || !IFSC.test(bank.ifsc as string))
      return refuse('Invalid IFSC Code in Bank Account', 'fund_account.bank_account.ifsc');
    if (str(bank.account_number) === null || !ACCOUNT.test(bank.account_number as string))
      return refuse('The account number format is invalid.', 'fund_account.bank_account.account_number');
    if (body.mode === 'UPI') return refuse('UPI mode is only for vpa fund accounts', 'mode');
  }
  if (fund.account_type === 'vpa' && body.mode !== 'UPI') return refuse('A vpa is paid by UPI only', 'mode');
  const contact = fund.contact;
  if (!isObject(contact)) return refuse('The contact field is required.', 'fund_account.contact');
  const contactName = str(contact.name);
  if (contactName === null || contactName.length < 3 || contactName.length > 50 || !NAME.test(contactName))
    return refuse('The name format is invalid.', 'fund_account.contact.name');
  if (
    contact.email !== undefined &&
    (str(contact.email) === null || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(contact.email as string))
  )
    return refuse('The email must be a valid email address.', 'fund_account.contact.email');
  if (
    contact.contact !== undefined &&
    (str(contact.contact) === null || !/^\+?\d{8,15}$/.test(contact.contact as string))
  )
    return refuse('The contact format is invalid.', 'fund_account.contact.contact');
  if (
    contact.type !== undefined &&
    (typeof contact.type !== 'string' || !CONTACT_TYPES.includes(contact.type))
  )
    return refuse(`Invalid type: ${JSON.stringify(contact.type)}`, 'fund_account.contact.type');
  if (
    contact.reference_id !== undefined &&
    (str(contact.reference_id) === null || (contact.reference_id as string).length > 40)
  )
    return refuse(
      'The reference id may not be greater than 40 characters.',
      'fund_account.contact.reference_id',
    );
  // RazorpayX, About Payouts, Payout Modes: IMPS up to ₹5 lakh, RTGS above ₹2 lakh, UPI up to ₹1 lakh
  if (body.mode === 'IMPS' && body.amount > 5 * LAKH)
    return refuse('Amount exceeds the maximum amount allowed for IMPS', 'amount');
  if (body.mode === 'RTGS' && body.amount <= 2 * LAKH)
    return refuse('RTGS is allowed only for amounts above INR 2,00,000', 'amount');
  if (body.mode === 'UPI' && body.amount > LAKH)
    return refuse('Amount exceeds the maximum amount allowed for UPI', 'amount');
  return null;
}

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const id14 = () =>
  randomBytes(10)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(14, 'x')
    .slice(0, 14);

export async function startRazorpayXStandIn(options: { now?: () => Date } = {}): Promise<RazorpayXStandIn> {
  let clock = options.now ?? (() => new Date());
  const now = () => clock();
  const payouts = new Map<string, StandInPayout>();
  const requests: RazorpayXStandIn['requests'] = [];
  const refusals: RazorpayXStandIn['refusals'] = [];
  const events: StandInEvent[] = [];
  let failing = 0;
  let balance = Number.POSITIVE_INFINITY;
  const byId = (id: string) => [...payouts.values()].find((p) => p.id === id);

  const entity = (p: StandInPayout) => ({
    id: p.id,
    entity: 'payout',
    fund_account_id: p.fundAccountId,
    amount: p.amount,
    currency: 'INR',
    notes: {},
    fees: p.status === 'queued' ? 0 : 590,
    tax: p.status === 'queued' ? 0 : 90,
    status: p.status,
    purpose: p.purpose,
    utr: p.utr,
    mode: p.mode,
    reference_id: p.referenceId,
    narration: p.narration,
    batch_id: null,
    status_details: p.statusDetails,
    created_at: p.createdAt,
    fee_type: '',
  });
  const reply = (res: ServerResponse, status: number, json: unknown) => {
    // no keep-alive: a pooled socket closed by the server between tests would reset the next call
    res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
    res.end(JSON.stringify(json));
  };
  const error = (res: ServerResponse, r: Refusal) => {
    refusals.push({ status: r.status, description: r.description, field: r.field });
    reply(res, r.status, {
      error: {
        code: r.code ?? 'BAD_REQUEST_ERROR',
        description: r.description,
        source: 'business',
        step: 'NA',
        reason: 'input_validation_failed',
        metadata: {},
        field: r.field,
      },
    });
  };
  const event = (p: StandInPayout, name: string): StandInEvent => {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_BfVUrG6tDiL7H0',
      event: name,
      contains: ['payout'],
      payload: { payout: { entity: entity(p) } },
      created_at: Math.floor(now().getTime() / 1000),
    });
    const made = { body, signature: signWebhook(body), eventId: `evt_${id14()}` };
    events.push(made);
    return made;
  };
  const expectedAuth = `Basic ${Buffer.from(`${STAND_IN_KEY.keyId}:${STAND_IN_KEY.keySecret}`).toString('base64')}`;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await read(req);
      const url = new URL(req.url ?? '/', 'http://stand-in');
      requests.push({
        method: req.method ?? '',
        path: url.pathname + url.search,
        headers: req.headers,
        body: raw,
      });
      if (failing > 0) {
        failing -= 1;
        return reply(res, 503, {
          error: {
            code: 'SERVER_ERROR',
            description:
              'We are facing some trouble completing your request at the moment. Please try again shortly.',
          },
        });
      }
      if (req.headers.authorization !== expectedAuth)
        return error(res, { status: 401, description: 'The api key provided is invalid', field: null });

      if (url.pathname === '/v1/payouts' && req.method === 'POST') {
        if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
          return error(res, refuse('Content-Type must be application/json'));
        const key = req.headers['x-payout-idempotency'];
        if (typeof key !== 'string' || key === '')
          return error(
            res,
            refuse(
              'Idempotency key is missing. Include idempotency header and key in the request.',
              'X-Payout-Idempotency',
            ),
          );
        if (!KEY.test(key))
          return error(
            res,
            refuse(
              'The idempotency key must be between 4 and 36 characters and contain only alphabets, numbers, hyphens, underscores and space',
              'X-Payout-Idempotency',
            ),
          );
        const earlier = payouts.get(key);
        if (earlier) {
          if (earlier.body !== raw)
            return error(
              res,
              refuse('Different request body sent for the same idempotency key', 'X-Payout-Idempotency'),
            );
          return reply(res, 200, entity(earlier));
        }
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          return error(res, refuse('The request body is not valid JSON'));
        }
        const invalid = validatePayout(body, STAND_IN_ACCOUNT_NUMBER);
        if (invalid) return error(res, invalid);
        const b = body as Record<string, unknown>;
        const fund = isObject(b.fund_account) ? b.fund_account : null;
        const contact = fund && isObject(fund.contact) ? fund.contact : null;
        const bank = fund && isObject(fund.bank_account) ? fund.bank_account : null;
        const amount = b.amount as number;
        const low = amount > balance;
        if (low && b.queue_if_low_balance !== true)
          return error(
            res,
            refuse('Your account does not have enough balance to carry out the payout operation.', null),
          );
        const payout: StandInPayout = {
          id: `pout_${id14()}`,
          key,
          body: raw,
          fundAccountId: typeof b.fund_account_id === 'string' ? b.fund_account_id : `fa_${id14()}`,
          amount,
          mode: b.mode as string,
          purpose: b.purpose as string,
          referenceId: str(b.reference_id),
          narration: str(b.narration),
          contactType: contact ? str(contact.type) : null,
          accountNumber: bank ? str(bank.account_number) : null,
          status: low ? 'queued' : 'processing',
          utr: null,
          statusDetails: low
            ? {
                description:
                  'Payout is queued as there is insufficient balance in your business account to process the payout',
                source: 'business',
                reason: 'low_balance',
              }
            : null,
          createdAt: Math.floor(now().getTime() / 1000),
        };
        if (!low) balance -= amount;
        payouts.set(key, payout);
        event(payout, low ? 'payout.queued' : 'payout.initiated');
        return reply(res, 200, entity(payout));
      }

      if (url.pathname === '/v1/payouts' && req.method === 'GET') {
        if (url.searchParams.get('account_number') !== STAND_IN_ACCOUNT_NUMBER)
          return error(res, refuse('The account number field is required.', 'account_number'));
        const status = url.searchParams.get('status');
        if (status !== null && !STATES.includes(status as StandInStatus))
          return error(res, refuse('The selected status is invalid.', 'status'));
        const count = Number(url.searchParams.get('count') ?? '10');
        const skip = Number(url.searchParams.get('skip') ?? '0');
        if (!Number.isInteger(count) || count < 1 || count > 100)
          return error(res, refuse('The count must be between 1 and 100.', 'count'));
        if (!Number.isInteger(skip) || skip < 0)
          return error(res, refuse('The skip must be at least 0.', 'skip'));
        const from = Number(url.searchParams.get('from') ?? '0');
        const to = Number(url.searchParams.get('to') ?? String(Number.MAX_SAFE_INTEGER));
        const items = [...payouts.values()]
          .filter((p) => (status === null || p.status === status) && p.createdAt >= from && p.createdAt <= to)
          .sort((a, b) => b.createdAt - a.createdAt)
          .slice(skip, skip + count)
          .map(entity);
        return reply(res, 200, { entity: 'collection', count: items.length, items });
      }

      const one = /^\/v1\/payouts\/([^/]+)$/.exec(url.pathname);
      if (one?.[1] && req.method === 'GET') {
        const payout = byId(decodeURIComponent(one[1]));
        if (!payout) return error(res, refuse('The id provided does not exist', 'id'));
        return reply(res, 200, entity(payout));
      }
      return error(res, {
        status: 404,
        description: 'The requested URL was not found on the server.',
        field: null,
        code: 'NOT_FOUND',
      });
    })().catch((e: unknown) => reply(res, 500, { error: { code: 'SERVER_ERROR', description: String(e) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    payouts,
    byId,
    requests,
    refusals,
    events,
    move(id, to, details) {
      const payout = byId(id);
      if (!payout) throw new Error(`no payout ${id}`);
      if (!MOVES[payout.status].includes(to))
        throw new Error(`RazorpayX does not move a payout from ${payout.status} to ${to}`);
      payout.status = to;
      if (details?.utr) payout.utr = details.utr;
      payout.statusDetails = details
        ? { description: details.description, source: 'beneficiary_bank', reason: details.reason }
        : null;
      const name = EVENT_OF[to];
      if (!name) throw new Error(`no webhook for ${to}`);
      return event(payout, name);
    },
    failNext: (n) => {
      failing = n;
    },
    setBalance: (paise) => {
      balance = paise;
    },
    setNow: (next) => {
      clock = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
