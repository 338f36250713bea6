// requirements#e-invoicing: the adapter for the NIC e-invoice API v1.03 (einv-apisandbox.nic.in,
// version1.03): authenticate with the payload encrypted by the portal's public key (RSA, PKCS#1 v1.5)
// and an app key of 32 random bytes, take the session key (SEK) the portal returns encrypted with that
// app key (AES-256-ECB), then send each request's JSON encrypted with the SEK as `Data` and read the
// answer's `Data` the same way; an auth token lasts 6 hours and error 1005 asks for a new one (ADR-0042).
import { createCipheriv, createDecipheriv, publicEncrypt, randomBytes, constants } from 'node:crypto';
import { z } from 'zod';
import type { EwayBill, IrpProvider, PortalError, PortalResult, RegisteredIrn } from './provider.ts';

export type NicConfig = {
  /** e.g. https://einv-apisandbox.nic.in (sandbox) or the production host NIC gives */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** the portal's public key (PEM) that encrypts the authentication payload */
  publicKeyPem: string;
  /** the portal's key (PEM) that checks its signed QR codes, when known */
  signingKeyPem: string | null;
  /** each seller's e-invoice API user, by GSTIN (made on the portal by the seller for this marketplace) */
  users: Readonly<Record<string, { username: string; password: string }>>;
};

export const NIC_PATHS = {
  auth: '/eivital/v1.04/auth',
  invoice: '/eicore/v1.03/Invoice',
  cancel: '/eicore/v1.03/Invoice/Cancel',
  byIrn: (irn: string) => `/eicore/v1.03/Invoice/irn/${encodeURIComponent(irn)}`,
  ewayBill: '/eiewb/v1.03/ewaybill',
} as const;

export function aesEncrypt(plain: Buffer | string, key: Buffer): string {
  const cipher = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
}
export function aesDecrypt(encoded: string, key: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([decipher.update(Buffer.from(encoded, 'base64')), decipher.final()]);
}

const Envelope = z.object({
  Status: z.union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0')]),
  Data: z.unknown().optional(),
  ErrorDetails: z.array(z.object({ ErrorCode: z.coerce.string(), ErrorMessage: z.string() })).nullish(),
});
const AuthData = z.object({
  AuthToken: z.string().min(1),
  Sek: z.string().min(1),
  TokenExpiry: z.string().optional(),
});
const IrnData = z.object({
  AckNo: z.coerce.string(),
  AckDt: z.string(),
  Irn: z.string().length(64),
  SignedInvoice: z.string(),
  SignedQRCode: z.string(),
  Status: z.enum(['ACT', 'CNL']).optional(),
});
const CancelData = z.object({ Irn: z.string(), CancelDate: z.string() });
const EwbData = z.object({
  EwbNo: z.coerce.string(),
  EwbDt: z.string(),
  EwbValidTill: z.string().nullable(),
});

type Session = { token: string; sek: Buffer; expiresAt: number };

const TIMEOUT_MS = 15_000;
const TOKEN_LIFE_MS = 6 * 60 * 60 * 1000 - 10 * 60 * 1000;

export function createNicIrp(config: NicConfig, now: () => Date = () => new Date()): IrpProvider {
  const sessions = new Map<string, Session>();
  const base = config.baseUrl.replace(/\/+$/, '');

  const send = async (
    path: string,
    init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown },
  ): Promise<{ status: number; json: unknown } | { unavailable: string }> => {
    try {
      const res = await fetch(`${base}${path}`, {
        method: init.method,
        headers: { 'content-type': 'application/json', accept: 'application/json', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (res.status >= 500 || res.status === 429)
        return { unavailable: `the portal answered HTTP ${res.status}` };
      return { status: res.status, json: await res.json().catch(() => null) };
    } catch (error) {
      return { unavailable: `the portal could not be reached: ${(error as Error).message}` };
    }
  };

  const unavailable = (message: string) => ({ outcome: 'unavailable', message }) as const;
  const errorsOf = (envelope: z.infer<typeof Envelope>): PortalError[] =>
    (envelope.ErrorDetails ?? []).map((e) => ({ code: e.ErrorCode, message: e.ErrorMessage }));

  async function authenticate(gstin: string, force = false): Promise<Session | PortalResult<never>> {
    const cached = sessions.get(gstin);
    if (cached && !force && cached.expiresAt > now().getTime()) return cached;
    const user = config.users[gstin];
    if (!user)
      return {
        outcome: 'refused',
        errors: [{ code: 'CONFIG', message: `No e-invoice API user is configured for GSTIN ${gstin}.` }],
      };
    const appKey = randomBytes(32);
    const payload = Buffer.from(
      JSON.stringify({
        UserName: user.username,
        Password: user.password,
        AppKey: appKey.toString('base64'),
        ForceRefreshAccessToken: force,
      }),
    ).toString('base64');
    const data = publicEncrypt(
      { key: config.publicKeyPem, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(payload),
    ).toString('base64');
    const answer = await send(NIC_PATHS.auth, {
      method: 'POST',
      headers: { client_id: config.clientId, client_secret: config.clientSecret, gstin },
      body: { Data: data },
    });
    if ('unavailable' in answer) return unavailable(answer.unavailable);
    const envelope = Envelope.safeParse(answer.json);
    if (!envelope.success)
      return unavailable(`the portal's authentication answer was not understood (HTTP ${answer.status})`);
    if (String(envelope.data.Status) !== '1') return { outcome: 'refused', errors: errorsOf(envelope.data) };
    const auth = AuthData.safeParse(envelope.data.Data);
    if (!auth.success) return unavailable('the portal gave no auth token');
    const session = {
      token: auth.data.AuthToken,
      sek: aesDecrypt(auth.data.Sek, appKey),
      expiresAt: now().getTime() + TOKEN_LIFE_MS,
    };
    sessions.set(gstin, session);
    return session;
  }

  /** One call with the session's headers and encryption; error 1005 (invalid token) authenticates again once. */
  async function call<T>(
    gstin: string,
    path: string,
    method: 'GET' | 'POST',
    body: unknown,
    read: z.ZodType<T>,
  ): Promise<PortalResult<T>> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const session = await authenticate(gstin, attempt > 0);
      if ('outcome' in session) return session;
      const user = config.users[gstin];
      const answer = await send(path, {
        method,
        headers: {
          client_id: config.clientId,
          client_secret: config.clientSecret,
          gstin,
          user_name: user?.username ?? '',
          AuthToken: session.token,
        },
        body: body === undefined ? undefined : { Data: aesEncrypt(JSON.stringify(body), session.sek) },
      });
      if ('unavailable' in answer) return unavailable(answer.unavailable);
      const envelope = Envelope.safeParse(answer.json);
      if (!envelope.success)
        return unavailable(`the portal's answer was not understood (HTTP ${answer.status})`);
      if (String(envelope.data.Status) !== '1') {
        const errors = errorsOf(envelope.data);
        if (attempt === 0 && errors.some((e) => e.code === '1005')) {
          sessions.delete(gstin);
          continue;
        }
        return errors.length > 0
          ? { outcome: 'refused', errors }
          : unavailable('the portal refused without a reason');
      }
      if (typeof envelope.data.Data !== 'string') return unavailable('the portal answered without data');
      let decrypted: unknown;
      try {
        decrypted = JSON.parse(aesDecrypt(envelope.data.Data, session.sek).toString('utf8'));
      } catch {
        return unavailable('the portal’s answer could not be decrypted');
      }
      const value = read.safeParse(decrypted);
      if (!value.success) return unavailable('the portal’s answer lacked fields');
      return { outcome: 'done', value: value.data };
    }
    return unavailable('the portal kept refusing the auth token');
  }

  const registered = (d: z.infer<typeof IrnData>): RegisteredIrn => ({
    irn: d.Irn,
    ackNo: d.AckNo,
    ackDate: d.AckDt,
    signedInvoice: d.SignedInvoice,
    signedQrCode: d.SignedQRCode,
    status: d.Status ?? 'ACT',
  });
  const map = async <A, B>(result: Promise<PortalResult<A>>, f: (a: A) => B): Promise<PortalResult<B>> => {
    const r = await result;
    return r.outcome === 'done' ? { outcome: 'done', value: f(r.value) } : r;
  };

  return {
    name: 'nic',
    generateIrn: (gstin, invoice) =>
      map(call(gstin, NIC_PATHS.invoice, 'POST', invoice, IrnData), registered),
    cancelIrn: (gstin, { irn, reason, remark }) =>
      map(
        call(gstin, NIC_PATHS.cancel, 'POST', { Irn: irn, CnlRsn: reason, CnlRem: remark }, CancelData),
        (d) => ({
          irn: d.Irn,
          cancelDate: d.CancelDate,
        }),
      ),
    getByIrn: (gstin, irn) => map(call(gstin, NIC_PATHS.byIrn(irn), 'GET', undefined, IrnData), registered),
    generateEwayBill: async (gstin, { irn, partA }): Promise<PortalResult<EwayBill>> => {
      if (!irn)
        return {
          outcome: 'refused',
          errors: [
            {
              code: 'NO-IRN',
              message: 'The NIC e-invoice API makes e-way bills for registered e-invoices only.',
            },
          ],
        };
      return map(
        call(
          gstin,
          NIC_PATHS.ewayBill,
          'POST',
          { Irn: irn, Distance: partA.transDistance, TransMode: partA.transMode },
          EwbData,
        ),
        (d) => ({ ewbNo: d.EwbNo, ewbDate: d.EwbDt, validUntil: d.EwbValidTill ?? '' }),
      );
    },
    signingKey: () => Promise.resolve(config.signingKeyPem),
  };
}
