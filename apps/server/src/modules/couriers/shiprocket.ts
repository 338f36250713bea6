// requirements#courier-shiprocket, ADR-0057: the Shiprocket adapter. Shiprocket's external API
// (https://apiv2.shiprocket.in/v1/external) answers every courier call of the interface: a bearer
// token from POST /auth/login (valid 10 days; kept and renewed on a 401), serviceability and
// rates, an order per shipment reference, its AWB, pickup, label, manifest, tracking, cancel,
// reverse pickups, NDR actions and COD remittances. Calls that time out or answer 5xx/429 are
// tried again with exponential backoff; after the last try the caller is told the courier could
// not be reached.
import type {
  CourierAddress,
  CourierBooked,
  CourierCodRemittance,
  CourierCore,
  CourierNdr,
  CourierPickups,
  CourierRemittances,
  CourierReturns,
  CourierTrackingEvent,
} from './provider.ts';
import { CourierUnreachableError } from './unreachable.ts';
import { shiprocketEventKey, shiprocketScan, shiprocketTime } from './shiprocket-statuses.ts';

export const SHIPROCKET_BASE_URL = 'https://apiv2.shiprocket.in/v1/external';
/** POST /auth/login: "The token is valid for 10 days"; renewed a day early, and at once on a 401 */
export const SHIPROCKET_TOKEN_DAYS = 10;
/**
 * Shiprocket's API documentation ("Errors and Response codes") answers 429 "You have exceeded the
 * API call rate limit" but publishes no number. Tracking polls stay at one call a second, well
 * under any limit it answers 429 at; the polling job never exceeds this (see shiprocket-poll-job.ts).
 */
export const SHIPROCKET_TRACKING_CALLS_PER_MINUTE = 60;
/** The parcel's box when the marketplace knows no size: Shiprocket requires each side > 0.5 cm. */
export const SHIPROCKET_DEFAULT_BOX_CM = { length: 20, breadth: 15, height: 10 };

export type ShiprocketRetry = {
  /** tries in all, the first included */
  attempts: number;
  /** wait before the second try; each further wait doubles (with up to 25% jitter) */
  firstDelayMs: number;
  /** one try is abandoned (and counts as failed) after this long */
  timeoutMs: number;
};
export const SHIPROCKET_RETRY: ShiprocketRetry = { attempts: 4, firstDelayMs: 500, timeoutMs: 10_000 };

export type ShiprocketOptions = {
  baseUrl?: string;
  email: string;
  password: string;
  /** the nickname of the pickup address registered in the Shiprocket account */
  pickupLocation: string;
  /** the e-mail the shipper's notices go to (Shiprocket requires one per order) */
  contactEmail?: string;
  retry?: Partial<ShiprocketRetry>;
};

export { CourierUnreachableError };
export type ShiprocketCourier = CourierCore &
  CourierPickups &
  CourierReturns &
  CourierNdr &
  CourierRemittances;

type Answer = { status: number; body: unknown };
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const field = (v: unknown, ...path: string[]): unknown => {
  let at = v;
  for (const key of path) at = isObject(at) ? at[key] : undefined;
  return at;
};
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
/** Shiprocket's own words for a refusal: `message`, or the first of `errors{}` (422) */
function messageOf(body: unknown): string {
  const errors = field(body, 'errors');
  if (isObject(errors)) {
    const first = Object.values(errors).flat()[0];
    if (typeof first === 'string') return first;
  }
  return text(field(body, 'message')) ?? 'The courier refused the request.';
}
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const rupees = (paise: number) => Math.round(paise) / 100;
const paise = (rupeesValue: unknown) => {
  const n = typeof rupeesValue === 'number' ? rupeesValue : Number(text(rupeesValue));
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
};
/** Indian calendar day and time of `date`, as Shiprocket's order_date wants it: "YYYY-MM-DD HH:MM" */
export function istDateTime(date: Date) {
  const ist = new Date(date.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 16)}`;
}
/** Our phone numbers may carry +91, spaces or dashes; Shiprocket takes the 10 digits */
export function tenDigitPhone(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  const ten =
    digits.length === 12 && digits.startsWith('91')
      ? digits.slice(2)
      : digits.length === 11 && digits.startsWith('0')
        ? digits.slice(1)
        : digits;
  return /^\d{10}$/.test(ten) ? ten : null;
}

export function createShiprocketCourier(options: ShiprocketOptions): ShiprocketCourier {
  const baseUrl = (options.baseUrl ?? SHIPROCKET_BASE_URL).replace(/\/+$/, '');
  const retry = { ...SHIPROCKET_RETRY, ...options.retry };
  const contactEmail = options.contactEmail ?? options.email;
  let token: { value: string; renewAt: number } | null = null;
  let login: Promise<string> | null = null;
  /** Shiprocket's ids of each AWB we booked or tracked: its other calls take those, not the AWB */
  const idsOfAwb = new Map<string, { orderId: number; shipmentId: number }>();

  /** One HTTP exchange, tried again on a timeout, a broken connection, 5xx or 429. */
  async function exchange(url: string, init: RequestInit): Promise<Response> {
    let problem = '';
    for (let attempt = 1; attempt <= retry.attempts; attempt++) {
      if (attempt > 1) {
        const wait = retry.firstDelayMs * 2 ** (attempt - 2);
        await sleep(wait + Math.random() * wait * 0.25);
      }
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(retry.timeoutMs) });
        if (res.status < 500 && res.status !== 429) return res;
        problem = `HTTP ${res.status}`;
        await res.arrayBuffer().catch(() => undefined);
      } catch (error) {
        problem = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'connection failed';
      }
    }
    throw new CourierUnreachableError(retry.attempts, problem);
  }

  async function freshToken(): Promise<string> {
    login ??= (async () => {
      try {
        const res = await exchange(`${baseUrl}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ email: options.email, password: options.password }),
        });
        const body: unknown = await res.json().catch(() => null);
        const value = text(field(body, 'token'));
        if (res.status !== 200 || !value)
          throw new Error(`Shiprocket refused the API user's login: ${messageOf(body)}`);
        token = { value, renewAt: Date.now() + (SHIPROCKET_TOKEN_DAYS - 1) * 86_400_000 };
        return value;
      } finally {
        login = null;
      }
    })();
    return login;
  }

  /** A JSON call with the bearer token; a 401 logs in again once. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<Answer> {
    const url = `${baseUrl}${path}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;
    for (let round = 0; round < 2; round++) {
      const bearer = token && token.renewAt > Date.now() && round === 0 ? token.value : await freshToken();
      const res = await exchange(url, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (res.status === 401 && round === 0) {
        token = null;
        await res.arrayBuffer().catch(() => undefined);
        continue;
      }
      return { status: res.status, body: await res.json().catch(() => null) };
    }
    throw new Error('unreachable');
  }

  async function download(url: string): Promise<Uint8Array | null> {
    const res = await exchange(url, { method: 'GET' });
    if (res.status !== 200) return null;
    const bytes = new Uint8Array(await res.arrayBuffer());
    return Buffer.from(bytes.subarray(0, 5)).toString() === '%PDF-' ? bytes : null;
  }

  /** Shiprocket's order and shipment ids of an AWB (kept from booking, else read from its tracking) */
  async function idsOf(awbNo: string) {
    const known = idsOfAwb.get(awbNo);
    if (known) return known;
    const answer = await call('GET', `/courier/track/awb/${encodeURIComponent(awbNo)}`);
    const first = field(answer.body, 'tracking_data', 'shipment_track');
    const row = Array.isArray(first) ? (first[0] as unknown) : null;
    const orderId = Number(field(row, 'order_id'));
    const shipmentId = Number(field(row, 'shipment_id'));
    if (answer.status !== 200 || !Number.isInteger(orderId) || !Number.isInteger(shipmentId)) return null;
    const ids = { orderId, shipmentId };
    idsOfAwb.set(awbNo, ids);
    return ids;
  }

  const serviceability = async (input: {
    pickupPincode: string;
    deliveryPincode: string;
    weightGrams: number;
    cod: boolean;
    isReturn?: boolean;
  }) => {
    const answer = await call('GET', '/courier/serviceability/', undefined, {
      pickup_postcode: input.pickupPincode,
      delivery_postcode: input.deliveryPincode,
      weight: String(input.weightGrams / 1000),
      cod: input.cod ? '1' : '0',
      ...(input.isReturn ? { is_return: '1' } : {}),
    });
    const companies = field(answer.body, 'data', 'available_courier_companies');
    const list = (Array.isArray(companies) ? companies : []).filter(
      (c) => field(c, 'blocked') !== 1 && (!input.cod || field(c, 'cod') === 1),
    );
    if (answer.status !== 200 || list.length === 0)
      return {
        serviceable: false as const,
        reason: answer.status === 200 ? 'No courier serves this route.' : messageOf(answer.body),
      };
    const recommended = field(answer.body, 'data', 'recommended_courier_company_id');
    const chosen = (list.find((c) => field(c, 'courier_company_id') === recommended) ?? list[0]) as unknown;
    const days = Number.parseInt(text(field(chosen, 'estimated_delivery_days')) ?? '', 10);
    return {
      serviceable: true as const,
      courierId: Number(field(chosen, 'courier_company_id')),
      courierName: text(field(chosen, 'courier_name')) ?? 'Shiprocket',
      chargePaise: paise(field(chosen, 'rate')),
      transitDays: Number.isInteger(days) && days > 0 ? days : 5,
    };
  };

  /** Orders' address fields, with the checks Shiprocket makes of them (6-digit pincode, 10-digit phone) */
  function addressFields(prefix: 'billing' | 'shipping' | 'pickup', address: CourierAddress) {
    const phone = tenDigitPhone(address.phone);
    if (!phone)
      return {
        problem: `The ${prefix === 'pickup' ? 'pickup' : 'delivery'} address needs a 10-digit phone number.`,
      };
    if (!/^\d{6}$/.test(address.pincode)) return { problem: 'The pincode is not valid.' };
    return {
      fields: {
        [`${prefix}_customer_name`]: address.name.slice(0, 100),
        [`${prefix}_address`]: address.address.slice(0, 190),
        [`${prefix}_city`]: address.city.slice(0, 30),
        [`${prefix}_pincode`]: Number(address.pincode),
        [`${prefix}_state`]: address.state,
        [`${prefix}_country`]: 'India',
        [`${prefix}_email`]: contactEmail,
        [`${prefix}_phone`]: Number(phone),
      } as Record<string, string | number>,
    };
  }

  /** Assigns the AWB of a created shipment (or reads the one it has), remembering its ids */
  async function assignAwb(
    created: Answer,
    courierId: number | null,
    isReturn: boolean,
  ): Promise<CourierBooked | { code: 'ASSIGNED'; awbNo: string; courierName: string | null }> {
    if (created.status !== 200)
      return created.status === 422 || created.status === 400
        ? { code: 'NOT_SERVICEABLE', reason: messageOf(created.body) }
        : { code: 'UNAVAILABLE', reason: messageOf(created.body) };
    const orderId = Number(field(created.body, 'order_id'));
    const shipmentId = Number(field(created.body, 'shipment_id'));
    if (!Number.isInteger(orderId) || !Number.isInteger(shipmentId))
      return { code: 'UNAVAILABLE', reason: 'The courier did not say which shipment it made.' };
    const had = text(field(created.body, 'awb_code'));
    if (had) {
      idsOfAwb.set(had, { orderId, shipmentId });
      return { code: 'ASSIGNED', awbNo: had, courierName: text(field(created.body, 'courier_name')) };
    }
    const assigned = await call('POST', '/courier/assign/awb', {
      shipment_id: shipmentId,
      ...(courierId ? { courier_id: courierId } : {}),
      ...(isReturn ? { is_return: 1 } : {}),
    });
    const awbNo = text(field(assigned.body, 'response', 'data', 'awb_code'));
    if (assigned.status !== 200 || field(assigned.body, 'awb_assign_status') !== 1 || !awbNo)
      return {
        code: 'NOT_SERVICEABLE',
        reason:
          text(field(assigned.body, 'response', 'data', 'awb_assign_error')) ?? messageOf(assigned.body),
      };
    idsOfAwb.set(awbNo, { orderId, shipmentId });
    return {
      code: 'ASSIGNED',
      awbNo,
      courierName: text(field(assigned.body, 'response', 'data', 'courier_name')),
    };
  }

  /** Calls that change nothing at the courier when it cannot be reached answer UNAVAILABLE */
  const orUnavailable = async <T>(
    work: () => Promise<T>,
  ): Promise<T | { code: 'UNAVAILABLE'; reason: string }> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof CourierUnreachableError)
        return { code: 'UNAVAILABLE', reason: `The courier did not answer after ${error.attempts} tries.` };
      throw error;
    }
  };

  const box = SHIPROCKET_DEFAULT_BOX_CM;

  return {
    name: 'shiprocket',

    async quote(input) {
      const found = await serviceability({ ...input, cod: input.paymentMode === 'cod' });
      return found.serviceable
        ? {
            code: 'SERVICEABLE',
            courierName: found.courierName,
            chargePaise: found.chargePaise,
            transitDays: found.transitDays,
          }
        : { code: 'NOT_SERVICEABLE', reason: found.reason };
    },

    async book(input) {
      return orUnavailable(async (): Promise<CourierBooked> => {
        const found = await serviceability({
          pickupPincode: input.pickup.pincode,
          deliveryPincode: input.delivery.pincode,
          weightGrams: input.weightGrams,
          cod: input.paymentMode === 'cod',
        });
        if (!found.serviceable) return { code: 'NOT_SERVICEABLE', reason: found.reason };
        const to = addressFields('billing', input.delivery);
        if (!to.fields) return { code: 'NOT_SERVICEABLE', reason: to.problem };
        const value = rupees(input.paymentMode === 'cod' ? input.codPaise : Math.max(input.codPaise, 100));
        const created = await call('POST', '/orders/create/adhoc', {
          order_id: input.reference,
          order_date: istDateTime(input.bookedAt),
          pickup_location: options.pickupLocation,
          comment: `Reseller: ${input.pickup.name}`.slice(0, 100),
          reseller_name: input.pickup.name.slice(0, 100),
          ...to.fields,
          billing_last_name: '',
          shipping_is_billing: true,
          order_items: [
            {
              name: input.contents.slice(0, 200) || input.orderNo,
              sku: input.reference,
              units: 1,
              selling_price: value,
            },
          ],
          payment_method: input.paymentMode === 'cod' ? 'COD' : 'Prepaid',
          sub_total: value,
          length: box.length,
          breadth: box.breadth,
          height: box.height,
          weight: input.weightGrams / 1000,
        });
        const assigned = await assignAwb(created, found.courierId, false);
        if (assigned.code !== 'ASSIGNED') return assigned;
        return {
          code: 'BOOKED',
          awbNo: assigned.awbNo,
          courierName: assigned.courierName ?? found.courierName,
          chargePaise: found.chargePaise,
        };
      });
    },

    async label(awbNo) {
      const ids = await idsOf(awbNo);
      if (!ids) return null;
      const answer = await call('POST', '/courier/generate/label', { shipment_id: [ids.shipmentId] });
      const url = text(field(answer.body, 'label_url'));
      if (answer.status !== 200 || field(answer.body, 'label_created') !== 1 || !url) return null;
      return download(url);
    },

    async cancel(awbNo) {
      const ids = await idsOf(awbNo);
      if (!ids) return { code: 'NOT_FOUND' };
      const answer = await call('POST', '/orders/cancel', { ids: [ids.orderId] });
      if (answer.status === 200) return { code: 'CANCELLED' };
      if (answer.status === 404) return { code: 'NOT_FOUND' };
      return { code: 'TOO_LATE' };
    },

    async track(awbNo) {
      const answer = await call('GET', `/courier/track/awb/${encodeURIComponent(awbNo)}`);
      if (answer.status !== 200 || field(answer.body, 'tracking_data', 'track_status') !== 1) return [];
      const activities = field(answer.body, 'tracking_data', 'shipment_track_activities');
      const events = (Array.isArray(activities) ? activities : []).flatMap(
        (activity): CourierTrackingEvent[] => {
          const code = field(activity, 'sr-status');
          const scan = shiprocketScan(code);
          const at = shiprocketTime(field(activity, 'date'));
          const location = text(field(activity, 'location'));
          if (!scan || !at) return [];
          return [
            {
              awbNo,
              eventKey: shiprocketEventKey(awbNo, text(code) ?? '', at),
              scan,
              location: location && location !== 'NA' ? location : null,
              occurredAt: at,
            },
          ];
        },
      );
      // Shiprocket lists the newest first; the marketplace applies them in the order they happened
      return events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    },

    async schedulePickup({ awbNos, pickupDate }) {
      return orUnavailable(async () => {
        const ids = await Promise.all(awbNos.map((awb) => idsOf(awb)));
        const unknown = awbNos.filter((_, i) => !ids[i]);
        if (unknown.length > 0)
          return { code: 'REFUSED' as const, reason: `The courier does not know AWB ${unknown.join(', ')}.` };
        const answer = await call('POST', '/courier/generate/pickup', {
          shipment_id: ids.map((i) => i?.shipmentId),
          pickup_date: [pickupDate],
        });
        const reference = text(field(answer.body, 'response', 'pickup_token_number'));
        if (answer.status !== 200 || field(answer.body, 'pickup_status') !== 1 || !reference)
          return { code: 'REFUSED' as const, reason: messageOf(answer.body) };
        const scheduled = text(field(answer.body, 'response', 'pickup_scheduled_date'));
        return {
          code: 'SCHEDULED' as const,
          pickupReference: reference,
          pickupDate: scheduled?.slice(0, 10) ?? pickupDate,
        };
      });
    },

    async manifest(awbNos) {
      const ids = await Promise.all(awbNos.map((awb) => idsOf(awb)));
      if (ids.length === 0 || ids.some((i) => !i)) return null;
      const made = await call('POST', '/manifests/generate', { shipment_id: ids.map((i) => i?.shipmentId) });
      let url = made.status === 200 ? text(field(made.body, 'manifest_url')) : null;
      if (!url) {
        // "Manifest already generated": the printed copy is asked for by Shiprocket's order ids
        const printed = await call('POST', '/manifests/print', { order_ids: ids.map((i) => i?.orderId) });
        url = printed.status === 200 ? text(field(printed.body, 'manifest_url')) : null;
      }
      return url ? download(url) : null;
    },

    async bookReversePickup(input) {
      return orUnavailable(async (): Promise<CourierBooked> => {
        const found = await serviceability({
          pickupPincode: input.pickup.pincode,
          deliveryPincode: input.delivery.pincode,
          weightGrams: input.weightGrams,
          cod: false,
          isReturn: true,
        });
        if (!found.serviceable) return { code: 'NOT_SERVICEABLE', reason: found.reason };
        const from = addressFields('pickup', input.pickup);
        if (!from.fields) return { code: 'NOT_SERVICEABLE', reason: from.problem };
        const to = addressFields('shipping', input.delivery);
        if (!to.fields) return { code: 'NOT_SERVICEABLE', reason: to.problem };
        const created = await call('POST', '/orders/create/return', {
          order_id: input.reference,
          order_date: istDateTime(input.bookedAt),
          ...from.fields,
          ...to.fields,
          order_items: [
            {
              name: input.contents.slice(0, 200) || input.orderNo,
              sku: input.reference,
              units: 1,
              selling_price: 1,
              ...(input.qualityCheckNotes.length > 0
                ? {
                    qc_enable: true,
                    qc_product_name: input.contents.slice(0, 200),
                    qc_brand: input.qualityCheckNotes.join('; ').slice(0, 200),
                  }
                : {}),
            },
          ],
          payment_method: 'Prepaid',
          sub_total: 1,
          length: box.length,
          breadth: box.breadth,
          height: box.height,
          weight: input.weightGrams / 1000,
        });
        const assigned = await assignAwb(created, found.courierId, true);
        if (assigned.code !== 'ASSIGNED') return assigned;
        return {
          code: 'BOOKED',
          awbNo: assigned.awbNo,
          courierName: assigned.courierName ?? found.courierName,
          chargePaise: found.chargePaise,
        };
      });
    },

    async ndrAction(awbNo, action) {
      // Shiprocket's NDR action takes "re-attempt" or "return" with comments: a new address or
      // phone is a re-attempt whose comments carry it to the delivery agent
      const body =
        action.action === 'return_to_origin'
          ? { action: 'return', comments: 'Return to the seller.' }
          : action.action === 're_attempt'
            ? {
                action: 're-attempt',
                comments: `Please deliver again on ${action.date}.`,
                deferred_date: action.date,
              }
            : action.action === 'change_phone'
              ? {
                  action: 're-attempt',
                  comments: `Please deliver again; call ${action.phone}.`,
                  phone: action.phone,
                }
              : {
                  action: 're-attempt',
                  comments: `Please deliver again at: ${action.address}, ${action.pincode}.`.slice(0, 250),
                  address1: action.address,
                  ...(action.phone ? { phone: action.phone } : {}),
                };
      const answer = await call('POST', `/ndr/${encodeURIComponent(awbNo)}/action`, body);
      if (answer.status === 200 || answer.status === 202) return { code: 'ACCEPTED' };
      if (answer.status === 404) return { code: 'NOT_FOUND' };
      return { code: 'REFUSED', reason: messageOf(answer.body) };
    },

    async codRemittances({ from, to }) {
      const answer = await call('GET', '/account/details/remittance', undefined, { from, to });
      const rows = field(answer.body, 'data');
      if (answer.status !== 200 || !Array.isArray(rows)) return [];
      return rows.flatMap((row): CourierCodRemittance[] => {
        const utr = text(field(row, 'utr'));
        const remittedOn = text(field(row, 'remittance_date'))?.slice(0, 10);
        const parcels = field(row, 'awbs');
        if (!utr || !remittedOn || !/^\d{4}-\d{2}-\d{2}$/.test(remittedOn)) return [];
        return [
          {
            utr,
            remittedOn,
            amountPaise: paise(field(row, 'remitted_amount')),
            parcels: (Array.isArray(parcels) ? parcels : []).flatMap((p) => {
              const awbNo = text(field(p, 'awb'));
              return awbNo
                ? [
                    {
                      awbNo,
                      codPaise: paise(field(p, 'cod_amount')),
                      deductionPaise: paise(field(p, 'deductions')),
                    },
                  ]
                : [];
            }),
          },
        ];
      });
    },
  };
}
