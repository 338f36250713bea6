// A local stand-in of the NIC e-invoice API v1.03, over real HTTP (node:http), enforcing its published
// contract: client_id and client_secret on every call, the authentication payload RSA-encrypted with
// the portal's public key, the AES-256-ECB session key, gstin / user_name / AuthToken headers, request
// and answer `Data` encrypted with the SEK, Status 1 or Status 0 with ErrorDetails. What it decides
// (schema, duplicates, 24 hours) is the built-in sandbox's, so both are held to the same rules.
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  aesDecrypt,
  aesEncrypt,
  createSandboxIrp,
  NIC_PATHS,
  type PortalResult,
  type SandboxIrp,
} from '../src/modules/e-invoices/index.ts';

/** RSA decryption with PKCS#1 v1.5 padding, by hand: Node 20 refuses this padding in privateDecrypt. */
function rsaPkcs1Decrypt(privateKey: KeyObject, cipher: Buffer): Buffer {
  const jwk = privateKey.export({ format: 'jwk' });
  const big = (b64: string | undefined) => BigInt(`0x${Buffer.from(b64 ?? '', 'base64url').toString('hex')}`);
  const n = big(jwk.n);
  const d = big(jwk.d);
  let result = 1n;
  let base = BigInt(`0x${cipher.toString('hex')}`) % n;
  for (let e = d; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * base) % n;
    base = (base * base) % n;
  }
  const size = Buffer.from(jwk.n ?? '', 'base64url').length;
  const block = Buffer.from(result.toString(16).padStart(size * 2, '0'), 'hex');
  if (block[0] !== 0 || block[1] !== 2) throw new Error('not PKCS#1 v1.5');
  const end = block.indexOf(0, 2);
  if (end < 10) throw new Error('bad padding');
  return block.subarray(end + 1);
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}

export type NicStandIn = {
  url: string;
  publicKeyPem: string;
  clientId: string;
  clientSecret: string;
  users: Record<string, { username: string; password: string }>;
  portal: SandboxIrp;
  /** every request as it arrived: path, headers and the decrypted body */
  requests: { path: string; headers: IncomingMessage['headers']; body: unknown }[];
  /** answer 503 to the next n calls */
  failNext(n: number): void;
  /** forget every token, as the portal does when one expires */
  expireTokens(): void;
  close(): Promise<void>;
};

export async function startNicStandIn(options: { now?: () => Date } = {}): Promise<NicStandIn> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientId = 'AAAAAAATESTCLIENT';
  const clientSecret = 'test-client-secret-0001';
  const users = { '29AAGCS1234K1Z5': { username: 'sharma_api', password: 'Sharma@1234' } };
  const portal = createSandboxIrp({ now: options.now });
  const tokens = new Map<string, { sek: Buffer; gstin: string; username: string }>();
  const requests: NicStandIn['requests'] = [];
  let failing = 0;

  const reply = (res: ServerResponse, status: number, json: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  };
  const error = (code: string, message: string) => ({
    Status: 0,
    ErrorDetails: [{ ErrorCode: code, ErrorMessage: message }],
    InfoDtls: null,
  });
  const encryptedAnswer = async <T>(
    result: Promise<PortalResult<T>>,
    sek: Buffer,
    shape: (v: T) => unknown,
  ) => {
    const r = await result;
    if (r.outcome === 'done')
      return { Status: 1, Data: aesEncrypt(JSON.stringify(shape(r.value)), sek), ErrorDetails: null };
    if (r.outcome === 'refused')
      return {
        Status: 0,
        ErrorDetails: r.errors.map((e) => ({ ErrorCode: e.code, ErrorMessage: e.message })),
        InfoDtls: null,
      };
    throw new Error(r.message);
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = req.url ?? '';
      const raw = await bodyOf(req);
      if (failing > 0) {
        failing -= 1;
        return reply(res, 503, { message: 'Service Unavailable' });
      }
      if (req.headers.client_id !== clientId || req.headers.client_secret !== clientSecret)
        return reply(res, 200, error('1010', 'Invalid Client-ID/Client-Secret'));
      if (req.headers['content-type'] !== 'application/json' && req.method === 'POST')
        return reply(res, 415, error('5001', 'Content-Type must be application/json'));
      const data = (raw as { Data?: unknown } | null)?.Data;

      if (path === NIC_PATHS.auth && req.method === 'POST') {
        if (typeof data !== 'string') return reply(res, 200, error('5002', 'Data is required'));
        let login: {
          UserName?: string;
          Password?: string;
          AppKey?: string;
          ForceRefreshAccessToken?: boolean;
        };
        try {
          const base64 = rsaPkcs1Decrypt(privateKey, Buffer.from(data, 'base64')).toString('utf8');
          login = JSON.parse(Buffer.from(base64, 'base64').toString('utf8')) as typeof login;
        } catch {
          return reply(res, 200, error('1016', 'Decryption of password failed'));
        }
        requests.push({ path, headers: req.headers, body: { ...login, Password: '***' } });
        const gstin = String(req.headers.gstin ?? '');
        const user = users[gstin as keyof typeof users];
        if (!user || login.UserName !== user.username)
          return reply(res, 200, error('1017', 'Incorrect user id'));
        if (login.Password !== user.password) return reply(res, 200, error('1019', 'Incorrect password'));
        const appKey = Buffer.from(login.AppKey ?? '', 'base64');
        if (appKey.length !== 32) return reply(res, 200, error('1018', 'Invalid AppKey'));
        const token = randomBytes(18).toString('base64url');
        const sek = randomBytes(32);
        tokens.set(token, { sek, gstin, username: user.username });
        return reply(res, 200, {
          Status: 1,
          Data: {
            ClientId: clientId,
            UserName: user.username,
            AuthToken: token,
            Sek: aesEncrypt(sek, appKey),
            TokenExpiry: '2026-12-06 18:00:00',
          },
          ErrorDetails: null,
        });
      }

      const session = tokens.get(String(req.headers.authtoken ?? ''));
      if (!session || session.gstin !== req.headers.gstin || session.username !== req.headers.user_name)
        return reply(res, 200, error('1005', 'Invalid Token'));
      let body: unknown;
      if (req.method === 'POST') {
        if (typeof data !== 'string') return reply(res, 200, error('5002', 'Data is required'));
        try {
          body = JSON.parse(aesDecrypt(data, session.sek).toString('utf8'));
        } catch {
          return reply(res, 200, error('5003', 'Data could not be decrypted with the session key'));
        }
      }
      requests.push({ path, headers: req.headers, body });
      try {
        if (path === NIC_PATHS.invoice && req.method === 'POST') {
          const answer = await encryptedAnswer(
            portal.generateIrn(session.gstin, body as never),
            session.sek,
            (v) => ({
              AckNo: Number(v.ackNo),
              AckDt: v.ackDate,
              Irn: v.irn,
              SignedInvoice: v.signedInvoice,
              SignedQRCode: v.signedQrCode,
              Status: v.status,
              EwbNo: null,
              EwbDt: null,
              EwbValidTill: null,
              Remarks: null,
            }),
          );
          return reply(res, 200, answer);
        }
        if (path === NIC_PATHS.cancel && req.method === 'POST') {
          const b = body as { Irn?: string; CnlRsn?: string; CnlRem?: string };
          if (typeof b.Irn !== 'string' || b.Irn.length !== 64)
            return reply(res, 200, error('2140', 'Invalid IRN'));
          const answer = await encryptedAnswer(
            portal.cancelIrn(session.gstin, {
              irn: b.Irn,
              reason: (b.CnlRsn ?? '') as '1',
              remark: b.CnlRem ?? '',
            }),
            session.sek,
            (v) => ({ Irn: v.irn, CancelDate: v.cancelDate }),
          );
          return reply(res, 200, answer);
        }
        const byIrn = /^\/eicore\/v1\.03\/Invoice\/irn\/([0-9a-f]{64})$/.exec(path);
        if (byIrn?.[1] && req.method === 'GET') {
          const answer = await encryptedAnswer(
            portal.getByIrn(session.gstin, byIrn[1]),
            session.sek,
            (v) => ({
              AckNo: Number(v.ackNo),
              AckDt: v.ackDate,
              Irn: v.irn,
              SignedInvoice: v.signedInvoice,
              SignedQRCode: v.signedQrCode,
              Status: v.status,
            }),
          );
          return reply(res, 200, answer);
        }
        return reply(res, 404, error('404', 'No such API'));
      } catch (e) {
        return reply(res, 500, { message: (e as Error).message });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    clientId,
    clientSecret,
    users,
    portal,
    requests,
    failNext: (n) => {
      failing = n;
    },
    expireTokens: () => tokens.clear(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
