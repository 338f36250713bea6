// A local stand-in of Shiprocket's external API over real HTTP (node:http), enforcing its documented
// contract (docs/requirements.md#courier-shiprocket): POST /auth/login with the API user's e-mail
// and password gives a bearer token (10 days; `expireTokens()` ends them early), every other call
// needs it (401 "Unauthenticated."); order fields and formats (6-digit pincodes, 10-digit phones,
// weight in kg > 0, sides > 0.5 cm, payment_method COD or Prepaid, order_date yyyy-mm-dd with an
// optional time) refused as Shiprocket refuses them (422 { message: 'Oops! Invalid Data.', errors,
// status_code }); an order id already used answers the order it has; AWB assignment once per
// shipment; pickups, labels, manifests, cancellation until pickup, tracking by AWB, return orders,
// NDR actions, COD remittances; scans moved by the test (`scan`) are sent as tracking webhooks with
// the documented body and the x-api-key token header.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SHIPROCKET_STATUSES } from '../src/modules/couriers/index.ts';

export const SHIPROCKET_STAND_IN = {
  email: 'api-user@bazaar.example',
  password: 'stand-in-password-1',
  pickupLocation: 'Primary',
  webhookToken: 'shiprocket-webhook-token-1',
};
const TOKEN_MS = 10 * 86_400_000;

export type StandInScan = { date: string; status: string; activity: string; location: string; code: number };
export type StandInShipment = {
  orderId: number;
  shipmentId: number;
  channelOrderId: string;
  isReturn: boolean;
  body: Record<string, unknown>;
  awbCode: string | null;
  courierName: string | null;
  statusCode: number;
  scans: StandInScan[];
  pickupToken: string | null;
  cancelled: boolean;
  ndrActions: { action: string; comments: string }[];
};
export type StandInWebhook = { body: string; headers: Record<string, string> };

export type ShiprocketStandIn = {
  url: string;
  shipments: Map<number, StandInShipment>;
  byAwb(awb: string): StandInShipment | undefined;
  requests: { method: string; path: string; status: number; at: number }[];
  /** answer this status (5xx) to the next n calls, or hold them past the client's timeout ('hang') */
  failNext(n: number, how?: number | 'hang'): void;
  /** every token given so far stops working (as after 10 days) */
  expireTokens(): void;
  /** pincodes no courier serves */
  unserviceable: Set<string>;
  /** delivery pincodes where no courier collects cash (every company answers `cod: 0`) */
  noCod: Set<string>;
  /** at most this many tracking calls in any `windowMs` (60 s), then 429 */
  setRateLimit(calls: number, windowMs?: number): void;
  /** COD remittances the account has had */
  remittances: unknown[];
  /** records a scan for the AWB (Shiprocket's status code) and, when `webhookUrl` is set, posts it */
  scan(awb: string, code: number, location?: string, at?: Date): Promise<StandInWebhook>;
  /** where tracking webhooks go, and the token sent with them */
  webhook: { url: string | null; token: string | null };
  close(): Promise<void>;
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const PINCODE = /^[1-9]\d{5}$/;
const PHONE = /^\d{10}$/;
const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
/** Shiprocket's times: IST, "YYYY-MM-DD HH:MM:SS" */
export const istText = (date: Date) =>
  new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
const webhookTime = (date: Date) => {
  const t = istText(date);
  return `${t.slice(8, 10)} ${t.slice(5, 7)} ${t.slice(0, 4)} ${t.slice(11)}`;
};

type Refusal = { status: number; body: Record<string, unknown> };
const invalid = (errors: Record<string, string[]>, message = 'Oops! Invalid Data.'): Refusal => ({
  status: 422,
  body: { message, errors, status_code: 422 },
});

/** The required fields of a custom (forward) order and their formats, as the parameter table lists them */
function checkOrder(body: Record<string, unknown>, isReturn: boolean): Refusal | null {
  const errors: Record<string, string[]> = {};
  const need = (key: string, ok: (v: unknown) => boolean, words: string) => {
    const v = body[key];
    if (v === undefined || v === null || v === '')
      errors[key] = [`The ${key.replaceAll('_', ' ')} field is required.`];
    else if (!ok(v)) errors[key] = [words];
  };
  const str = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
  need(
    'order_id',
    (v) => str(v) && String(v).length <= 50,
    'The order id may not be greater than 50 characters.',
  );
  need(
    'order_date',
    (v) => typeof v === 'string' && DATE.test(v),
    'The order date does not match the format Y-m-d.',
  );
  const people = isReturn ? ['pickup', 'shipping'] : ['billing'];
  if (!isReturn)
    need(
      'pickup_location',
      (v) => v === SHIPROCKET_STAND_IN.pickupLocation,
      'Wrong Pickup location entered.',
    );
  for (const who of people) {
    need(`${who}_customer_name`, str, `The ${who} customer name must be a string.`);
    need(`${who}_address`, str, `The ${who} address must be a string.`);
    need(
      `${who}_city`,
      (v) => str(v) && String(v).length <= 30,
      `The ${who} city may not be greater than 30 characters.`,
    );
    need(`${who}_pincode`, (v) => PINCODE.test(String(v)), `The ${who} pincode must be 6 digits.`);
    need(`${who}_state`, str, `The ${who} state must be a string.`);
    need(`${who}_country`, str, `The ${who} country must be a string.`);
    need(
      `${who}_email`,
      (v) => typeof v === 'string' && /^[^@\s]+@[^@\s]+$/.test(v),
      `The ${who} email must be a valid email address.`,
    );
    need(`${who}_phone`, (v) => PHONE.test(String(v)), 'Not a valid mobile number');
  }
  if (!isReturn)
    need(
      'shipping_is_billing',
      (v) => v === true || v === 1 || v === '1',
      'The shipping is billing field must be true.',
    );
  need(
    'order_items',
    (v) =>
      Array.isArray(v) &&
      v.length > 0 &&
      v.every(
        (i) =>
          isObject(i) &&
          str(i.name) &&
          str(i.sku) &&
          Number(i.units) > 0 &&
          Number.isFinite(Number(i.selling_price)),
      ),
    'The order items must have a name, sku, units and selling price.',
  );
  need(
    'payment_method',
    (v) => (isReturn ? v === 'Prepaid' : v === 'COD' || v === 'Prepaid'),
    'The selected payment method is invalid.',
  );
  need('sub_total', (v) => typeof v === 'number' && v > 0, 'The sub total must be a number.');
  for (const side of ['length', 'breadth', 'height'])
    need(side, (v) => typeof v === 'number' && v > 0.5, `The ${side} must be greater than 0.5.`);
  need(
    'weight',
    (v) => typeof v === 'number' && v > 0 && v < 1000,
    'The weight must be greater than 0 (in kgs).',
  );
  return Object.keys(errors).length > 0 ? invalid(errors) : null;
}

export async function startShiprocketStandIn(): Promise<ShiprocketStandIn> {
  const tokens = new Map<string, number>();
  const shipments = new Map<number, StandInShipment>();
  const byChannelId = new Map<string, number>();
  const requests: ShiprocketStandIn['requests'] = [];
  const unserviceable = new Set<string>();
  const noCod = new Set<string>();
  const remittances: unknown[] = [];
  const webhook: ShiprocketStandIn['webhook'] = { url: null, token: SHIPROCKET_STAND_IN.webhookToken };
  let failures: { left: number; how: number | 'hang' } = { left: 0, how: 503 };
  let limit: { calls: number; windowMs: number } | null = null;
  let nextOrder = 100_001;
  let nextAwb = 1;
  let origin = '';

  const byAwb = (awb: string) => [...shipments.values()].find((s) => s.awbCode === awb);
  const record = (s: StandInShipment, code: number, location: string, at: Date) => {
    s.statusCode = code;
    const label = SHIPROCKET_STATUSES[code]?.label ?? 'NA';
    s.scans.push({ date: istText(at), status: label.toUpperCase(), activity: label, location, code });
  };
  const trackingBody = (s: StandInShipment) => ({
    tracking_data: {
      track_status: 1,
      shipment_status: s.statusCode,
      shipment_track: [
        {
          id: s.shipmentId,
          awb_code: s.awbCode,
          courier_company_id: 51,
          shipment_id: s.shipmentId,
          order_id: s.orderId,
          current_status: SHIPROCKET_STATUSES[s.statusCode]?.label ?? 'NA',
          courier_name: s.courierName,
        },
      ],
      // newest first, as Shiprocket lists them
      shipment_track_activities: [...s.scans].reverse().map((scan) => ({
        date: scan.date,
        status: scan.status,
        activity: scan.activity,
        location: scan.location,
        'sr-status': String(scan.code),
        'sr-status-label': scan.status,
      })),
      track_url: `${origin}/tracking/${s.awbCode}`,
    },
  });

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const pdf = (title: string) =>
    Buffer.from(
      `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${title}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    );

  function route(method: string, path: string, query: URLSearchParams, body: unknown): Refusal {
    const data = isObject(body) ? body : {};
    if (method === 'GET' && path === '/courier/serviceability/') {
      const missing = ['pickup_postcode', 'delivery_postcode', 'weight', 'cod'].filter((k) => !query.get(k));
      if (missing.length > 0)
        return invalid(
          Object.fromEntries(missing.map((k) => [k, [`The ${k.replace('_', ' ')} field is required.`]])),
          'Required field missing',
        );
      const pickup = query.get('pickup_postcode') ?? '';
      const delivery = query.get('delivery_postcode') ?? '';
      if (!PINCODE.test(pickup) || !PINCODE.test(delivery) || !(Number(query.get('weight')) > 0))
        return invalid({ delivery_postcode: ['The postcodes must be 6 digits and the weight in kgs.'] });
      if (unserviceable.has(delivery) || unserviceable.has(pickup))
        return { status: 404, body: { message: 'Delivery postcode not serviceable', status: 404 } };
      const kg = Number(query.get('weight'));
      const same = pickup.slice(0, 3) === delivery.slice(0, 3);
      return {
        status: 200,
        body: {
          status: 200,
          data: {
            recommended_courier_company_id: 51,
            available_courier_companies: [
              {
                courier_company_id: 51,
                courier_name: 'Xpressbees Surface',
                rate: Math.round((same ? 38 : 62) * Math.ceil(kg / 0.5) * 100) / 100,
                estimated_delivery_days: same ? '2' : '5',
                etd: '',
                cod: noCod.has(delivery) ? 0 : 1,
                blocked: 0,
              },
              {
                courier_company_id: 10,
                courier_name: 'Delhivery',
                rate: 99,
                estimated_delivery_days: '4',
                etd: '',
                cod: 0,
                blocked: 0,
              },
            ],
          },
        },
      };
    }
    if (method === 'POST' && (path === '/orders/create/adhoc' || path === '/orders/create/return')) {
      const isReturn = path === '/orders/create/return';
      const refused = checkOrder(data, isReturn);
      if (refused) return refused;
      const channelOrderId = String(data.order_id);
      const had = byChannelId.get(`${isReturn}:${channelOrderId}`);
      const existing = had === undefined ? undefined : shipments.get(had);
      // "order_id field cannot be equal to an already existing id. Doing so does not change or affect the existing order."
      const s: StandInShipment = existing ?? {
        orderId: nextOrder,
        shipmentId: nextOrder + 500_000,
        channelOrderId,
        isReturn,
        body: data,
        awbCode: null,
        courierName: null,
        statusCode: isReturn ? 21 : 1,
        scans: [],
        pickupToken: null,
        cancelled: false,
        ndrActions: [],
      };
      if (!existing) {
        nextOrder++;
        s.statusCode = 0;
        shipments.set(s.shipmentId, s);
        byChannelId.set(`${isReturn}:${channelOrderId}`, s.shipmentId);
      }
      return {
        status: 200,
        body: {
          order_id: s.orderId,
          shipment_id: s.shipmentId,
          status: isReturn ? 'RETURN PENDING' : 'NEW',
          status_code: isReturn ? 21 : 1,
          onboarding_completed_now: 0,
          awb_code: s.awbCode,
          courier_company_id: s.awbCode ? 51 : null,
          courier_name: s.courierName,
        },
      };
    }
    if (method === 'POST' && path === '/courier/assign/awb') {
      if (data.shipment_id === undefined)
        return invalid({ shipment_id: ['The shipment id field is required.'] }, 'Required field missing');
      const s = shipments.get(Number(data.shipment_id));
      if (!s) return { status: 400, body: { message: 'Invalid shipment id', status_code: 400 } };
      if (s.awbCode || s.cancelled)
        return {
          status: 400,
          body: { message: 'Oops! Cannot reassign courier for this shipment.', status_code: 400 },
        };
      s.awbCode = `SR${String(19_041_424_751_540 + nextAwb++)}`;
      s.courierName = data.courier_id === 10 ? 'Delhivery' : 'Xpressbees Surface';
      record(s, 1, 'NA', new Date());
      return {
        status: 200,
        body: {
          awb_assign_status: 1,
          response: {
            data: {
              courier_company_id: data.courier_id ?? 51,
              awb_code: s.awbCode,
              order_id: s.orderId,
              shipment_id: s.shipmentId,
              courier_name: s.courierName,
              awb_code_status: 1,
            },
          },
        },
      };
    }
    const shipmentsOf = (ids: unknown) =>
      Array.isArray(ids) && ids.length > 0 ? ids.map((id) => shipments.get(Number(id))) : null;
    if (method === 'POST' && path === '/courier/generate/pickup') {
      const list = shipmentsOf(data.shipment_id);
      if (!list || list.some((s) => !s?.awbCode || s.cancelled))
        return { status: 400, body: { message: 'Invalid shipment id', status_code: 400 } };
      const date = Array.isArray(data.pickup_date)
        ? String(data.pickup_date[0])
        : istText(new Date()).slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
        return invalid({ pickup_date: ['The pickup date does not match the format Y-m-d.'] });
      const token = `PT${randomBytes(4).toString('hex')}`;
      for (const s of list)
        if (s) {
          s.pickupToken = token;
          record(s, 3, 'NA', new Date());
        }
      return {
        status: 200,
        body: {
          pickup_status: 1,
          response: {
            pickup_scheduled_date: `${date} 10:00:00`,
            pickup_token_number: token,
            status: 3,
            data: `Pickup is scheduled for ${date}`,
          },
        },
      };
    }
    if (method === 'POST' && path === '/courier/generate/label') {
      const list = shipmentsOf(data.shipment_id);
      if (!list) return invalid({ shipment_id: ['The shipment id field is required.'] });
      const ok = list.filter((s) => s?.awbCode);
      if (ok.length === 0)
        return {
          status: 200,
          body: {
            label_created: 0,
            label_url: '',
            response: 'Label could not be created',
            not_created: data.shipment_id,
          },
        };
      return {
        status: 200,
        body: {
          label_created: 1,
          label_url: `${origin}/files/label-${ok.map((s) => s?.shipmentId).join('-')}.pdf`,
          response: 'Label has been created and uploaded successfully!',
          not_created: [],
        },
      };
    }
    if (method === 'POST' && path === '/manifests/generate') {
      const list = shipmentsOf(data.shipment_id);
      if (!list || list.some((s) => !s?.awbCode))
        return { status: 400, body: { message: 'Invalid shipment id', status_code: 400 } };
      if (list.some((s) => s?.scans.some((x) => x.code === 5)))
        return { status: 400, body: { message: 'Manifest already generated.', status_code: 400 } };
      for (const s of list) if (s) record(s, 5, 'NA', new Date());
      return {
        status: 200,
        body: {
          status: 1,
          manifest_url: `${origin}/files/manifest-${list.map((s) => s?.shipmentId).join('-')}.pdf`,
        },
      };
    }
    if (method === 'POST' && path === '/manifests/print') {
      const ids = Array.isArray(data.order_ids) ? data.order_ids.map(Number) : [];
      const list = [...shipments.values()].filter((s) => ids.includes(s.orderId));
      if (list.length === 0) return { status: 400, body: { message: 'Invalid order id', status_code: 400 } };
      return {
        status: 200,
        body: { manifest_url: `${origin}/files/manifest-${list.map((s) => s.shipmentId).join('-')}.pdf` },
      };
    }
    if (method === 'POST' && path === '/orders/cancel') {
      if (!Array.isArray(data.ids) || data.ids.length === 0)
        return invalid({ ids: ['The ids field is required.'] }, 'Required field missing');
      const list = [...shipments.values()].filter((s) =>
        (data.ids as unknown[]).map(Number).includes(s.orderId),
      );
      if (list.length === 0)
        return { status: 404, body: { message: 'Order Id does not exists', status_code: 404 } };
      const picked = (s: StandInShipment) =>
        s.scans.some((x) => x.code === 42 || x.code === 6 || x.code === 18);
      if (list.some(picked))
        return {
          status: 400,
          body: { message: 'Cannot cancel order: shipment already picked up.', status_code: 400 },
        };
      for (const s of list) {
        s.cancelled = true;
        record(s, 8, 'NA', new Date());
      }
      return { status: 200, body: { status: 200, message: 'Order cancelled successfully' } };
    }
    const track = /^\/courier\/track\/awb\/([^/]+)$/.exec(path);
    if (method === 'GET' && track) {
      const s = byAwb(decodeURIComponent(track[1] ?? ''));
      if (!s) return { status: 404, body: { message: '404 Not Found', status_code: 404 } };
      return { status: 200, body: trackingBody(s) };
    }
    const ndr = /^\/ndr\/([^/]+)\/action$/.exec(path);
    if (method === 'POST' && ndr) {
      const s = byAwb(decodeURIComponent(ndr[1] ?? ''));
      if (!s) return { status: 404, body: { message: '404 Not Found', status_code: 404 } };
      if (data.action !== 're-attempt' && data.action !== 'return')
        return invalid({ action: ['The selected action is invalid.'] });
      if (typeof data.comments !== 'string' || data.comments.length === 0)
        return invalid({ comments: ['The comments field is required.'] });
      if (s.statusCode !== 21)
        return { status: 400, body: { message: 'Shipment is not in NDR.', status_code: 400 } };
      s.ndrActions.push({ action: data.action, comments: data.comments });
      return { status: 202, body: { status: 'Data Updated Sucessfully' } };
    }
    if (method === 'GET' && path === '/account/details/remittance') {
      const from = query.get('from') ?? '';
      const to = query.get('to') ?? '';
      return {
        status: 200,
        body: {
          data: remittances.filter(
            (r) =>
              isObject(r) &&
              String(r.remittance_date) >= from &&
              String(r.remittance_date).slice(0, 10) <= to,
          ),
        },
      };
    }
    return { status: 404, body: { message: '404 Not Found', status_code: 404 } };
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', origin);
      const path = url.pathname.replace(/^\/v1\/external/, '');
      const method = req.method ?? 'GET';
      const done = (status: number, body: unknown) => {
        requests.push({ method, path, status, at: Date.now() });
        answer(res, status, body);
      };
      if (limit && path.startsWith('/courier/track/')) {
        const since = Date.now() - limit.windowMs;
        const tracked = requests.filter(
          (r) => r.at > since && r.status !== 429 && r.path.startsWith('/courier/track/'),
        );
        if (tracked.length >= limit.calls)
          return done(429, { message: 'You have exceeded the API call rate limit.', status_code: 429 });
      }
      if (failures.left > 0) {
        failures.left--;
        if (failures.how === 'hang') {
          requests.push({ method, path, status: 0, at: Date.now() });
          return; // never answered: the client's timeout ends it
        }
        return done(failures.how, { message: 'Internal server error.', status_code: failures.how });
      }
      if (path.startsWith('/files/')) {
        requests.push({ method, path, status: 200, at: Date.now() });
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end(pdf(path));
      }
      let body: unknown = null;
      const raw = Buffer.concat(chunks).toString('utf8');
      if (raw.length > 0) {
        if (!String(req.headers['content-type']).includes('application/json'))
          return done(400, { message: 'The request body must be JSON.', status_code: 400 });
        try {
          body = JSON.parse(raw);
        } catch {
          return done(400, { message: 'Invalid JSON.', status_code: 400 });
        }
      }
      if (method === 'POST' && path === '/auth/login') {
        if (!isObject(body) || typeof body.email !== 'string' || typeof body.password !== 'string')
          return done(422, {
            message: 'Oops! Invalid Data.',
            errors: { email: ['The email field is required.'] },
            status_code: 422,
          });
        if (body.email !== SHIPROCKET_STAND_IN.email || body.password !== SHIPROCKET_STAND_IN.password)
          return done(403, { message: 'Invalid email and password combination', status_code: 403 });
        const token = randomBytes(24).toString('base64url');
        tokens.set(token, Date.now() + TOKEN_MS);
        return done(200, { id: 1, first_name: 'API', email: body.email, company_id: 25149, token });
      }
      const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      const expires = bearer ? tokens.get(bearer) : undefined;
      if (!expires || expires < Date.now())
        return done(401, { message: 'Unauthenticated.', status_code: 401 });
      const out = route(method, path, url.searchParams, body);
      done(out.status, out.body);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((ok) => server.once('listening', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}/v1/external`,
    shipments,
    byAwb,
    requests,
    unserviceable,
    noCod,
    remittances,
    webhook,
    failNext(n, how = 503) {
      failures = { left: n, how };
    },
    expireTokens() {
      for (const key of tokens.keys()) tokens.set(key, 0);
    },
    setRateLimit(calls, windowMs = 60_000) {
      limit = { calls, windowMs };
    },
    async scan(awb, code, location = 'Mumbai_Hub (Maharashtra)', at = new Date()) {
      const s = byAwb(awb);
      if (!s) throw new Error(`the stand-in has no AWB ${awb}`);
      record(s, code, location, at);
      const label = SHIPROCKET_STATUSES[code]?.label.toUpperCase() ?? 'NA';
      const body = JSON.stringify({
        awb: s.awbCode,
        courier_name: s.courierName,
        current_status: label,
        current_status_id: code,
        shipment_status: label,
        shipment_status_id: code,
        current_timestamp: webhookTime(at),
        order_id: s.channelOrderId,
        sr_order_id: s.orderId,
        awb_assigned_date: s.scans[0]?.date ?? istText(at),
        pickup_scheduled_date: null,
        etd: istText(new Date(at.getTime() + 3 * 86_400_000)),
        scans: s.scans.map((x) => ({
          date: x.date,
          status: x.status,
          activity: x.activity,
          location: x.location,
          'sr-status': String(x.code),
          'sr-status-label': x.status,
        })),
        is_return: s.isReturn ? 1 : 0,
        channel_id: 3422553,
        pod_status: '',
        pod: 'Not Available',
      });
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (webhook.token) headers['x-api-key'] = webhook.token;
      if (webhook.url) await fetch(webhook.url, { method: 'POST', headers, body });
      return { body, headers };
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
