// A local stand-in of the ONDC network over real HTTP (node:http): the registry's lookup, a
// gateway and a buyer app (BAP), each signing and verifying as the network does
// (docs/requirements.md#ondc-signing): BLAKE2b-512 digest, Ed25519 over (created) (expires)
// digest, `Authorization` from the buyer app and `X-Gateway-Authorization` from the gateway on
// search; callbacks to the buyer app are refused with 401 and a NACK unless signed by a key the
// registry lists for the seller app. Tests start it; a demo can start it beside `npm start` and point
// ONDC_REGISTRY_URL at its /registry.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  authorizationHeader,
  checkSignature,
  encryptChallenge,
  generateOndcKeys,
  type OndcKeys,
  parseAuthorization,
} from '../src/modules/ondc/index.ts';

export type RegistryEntry = {
  subscriber_id: string;
  ukId: string;
  subscriber_url: string;
  type: 'BAP' | 'BPP' | 'BG';
  signing_public_key: string;
  encr_public_key: string;
  valid_from: string;
  valid_until: string;
  status: 'SUBSCRIBED';
  domain: string;
  country: 'IND';
  city: string;
};

export type ReceivedCallback = { action: string; body: Record<string, unknown>; verified: boolean };

/** How the stand-in reaches the seller app: fetch to its URL, or the app's own request function in tests. */
export type BppSend = (path: string, init: RequestInit) => Promise<Response>;

export type OndcNetworkStandIn = {
  baseUrl: string;
  registryUrl: string;
  buyer: { id: string; uri: string; keys: OndcKeys; ukId: string };
  gateway: { id: string; keys: OndcKeys; ukId: string };
  /** the registry's own X25519 key pair, for on_subscribe challenges */
  registryKeys: OndcKeys;
  entries: RegistryEntry[];
  /** lists a subscriber (the seller app under test) in the registry */
  register(
    entry: Pick<
      RegistryEntry,
      'subscriber_id' | 'ukId' | 'type' | 'signing_public_key' | 'encr_public_key'
    > & { subscriber_url?: string },
  ): void;
  /** lookups asked of the registry, to prove caching */
  lookups: number;
  received: ReceivedCallback[];
  /** the buyer app's request to the seller app (search goes through the gateway) */
  send(
    action: string,
    message: unknown,
    options?: {
      transactionId?: string;
      messageId?: string;
      city?: string;
      domain?: string;
      bppId?: string;
      bppUri?: string;
      timestamp?: string;
      tamper?: (body: string) => string;
      signer?: 'buyer' | 'none' | 'stranger';
      gatewaySigns?: boolean;
      createdAt?: number;
      /** another buyer app listed in the registry, sending in its own name */
      as?: { id: string; ukId: string; privateKey: string };
    },
  ): Promise<{
    status: number;
    body: Record<string, unknown>;
    messageId: string;
    transactionId: string;
    request: string;
  }>;
  /** the callback answering a message, once it arrives */
  callback(action: string, messageId: string): ReceivedCallback | undefined;
  /** the registry's side of on_subscribe: encrypts a challenge for a subscriber */
  challengeFor(subscriberEncryptionPublicKey: string, challenge: string): string;
  close(): Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const ackBody = JSON.stringify({ message: { ack: { status: 'ACK' } } });
const nackBody = (code: string, message: string) =>
  JSON.stringify({ message: { ack: { status: 'NACK' } }, error: { type: 'CONTEXT-ERROR', code, message } });

export async function startOndcNetworkStandIn(bpp: {
  send: BppSend;
  domain?: string;
}): Promise<OndcNetworkStandIn> {
  const received: ReceivedCallback[] = [];
  const entries: RegistryEntry[] = [];
  const buyerKeys = generateOndcKeys();
  const gatewayKeys = generateOndcKeys();
  const registryKeys = generateOndcKeys();
  let lookups = 0;
  const entry = (
    e: Pick<RegistryEntry, 'subscriber_id' | 'ukId' | 'type' | 'signing_public_key' | 'encr_public_key'> & {
      subscriber_url?: string;
    },
  ): RegistryEntry => ({
    subscriber_url: '',
    valid_from: new Date(Date.now() - 86_400_000).toISOString(),
    valid_until: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    status: 'SUBSCRIBED',
    domain: bpp.domain ?? 'ONDC:RET14',
    country: 'IND',
    city: '*',
    ...e,
  });

  const server: Server = createServer((req, res: ServerResponse) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (req.method === 'POST' && url.pathname === '/registry/lookup') {
        lookups++;
        let asked: Record<string, unknown> = {};
        try {
          asked = JSON.parse(body) as Record<string, unknown>;
        } catch {
          res
            .writeHead(400, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: 'not JSON' }));
          return;
        }
        const found = entries.filter(
          (e) =>
            e.subscriber_id === asked.subscriber_id && (asked.ukId === undefined || e.ukId === asked.ukId),
        );
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
        return;
      }
      const callback = /^\/bap\/(on_[a-z]+)$/.exec(url.pathname);
      if (req.method === 'POST' && callback?.[1]) {
        // the buyer app verifies the seller app's signature against the registry, as the network does
        const parsed = parseAuthorization(req.headers.authorization);
        const signer =
          parsed &&
          entries.find(
            (e) =>
              e.subscriber_id === parsed.subscriberId && e.ukId === parsed.uniqueKeyId && e.type === 'BPP',
          );
        const verified =
          !!parsed &&
          !!signer &&
          checkSignature(parsed, body, signer.signing_public_key, Math.floor(Date.now() / 1000)).code ===
            'VALID';
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(body) as Record<string, unknown>;
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' }).end(nackBody('20000', 'not JSON'));
          return;
        }
        received.push({ action: callback[1], body: json, verified });
        if (!verified) {
          res
            .writeHead(401, { 'content-type': 'application/json' })
            .end(nackBody('20001', 'Invalid Signature'));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(ackBody);
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not found' }));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const buyer = { id: 'buyer.stand-in.example', uri: `${baseUrl}/bap`, keys: buyerKeys, ukId: 'bap-k1' };
  const gateway = { id: 'gateway.stand-in.example', keys: gatewayKeys, ukId: 'bg-k1' };
  entries.push(
    entry({
      subscriber_id: buyer.id,
      ukId: buyer.ukId,
      type: 'BAP',
      signing_public_key: buyerKeys.signingPublicKey,
      encr_public_key: buyerKeys.encryptionPublicKey,
      subscriber_url: buyer.uri,
    }),
    entry({
      subscriber_id: gateway.id,
      ukId: gateway.ukId,
      type: 'BG',
      signing_public_key: gatewayKeys.signingPublicKey,
      encr_public_key: gatewayKeys.encryptionPublicKey,
    }),
  );
  const stranger = generateOndcKeys();

  return {
    baseUrl,
    registryUrl: `${baseUrl}/registry`,
    buyer,
    gateway,
    registryKeys,
    entries,
    register: (e) => entries.push(entry(e)),
    get lookups() {
      return lookups;
    },
    received,
    async send(action, message, options = {}) {
      const transactionId = options.transactionId ?? randomUUID();
      const messageId = options.messageId ?? randomUUID();
      const bppEntry = entries.find((e) => e.type === 'BPP');
      const context = {
        domain: options.domain ?? bpp.domain ?? 'ONDC:RET14',
        country: 'IND',
        city: options.city ?? 'std:080',
        action,
        core_version: '1.2.0',
        bap_id: options.as?.id ?? buyer.id,
        bap_uri: buyer.uri,
        ...(action === 'search'
          ? {}
          : {
              bpp_id: options.bppId ?? bppEntry?.subscriber_id,
              bpp_uri: options.bppUri ?? bppEntry?.subscriber_url,
            }),
        transaction_id: transactionId,
        message_id: messageId,
        timestamp: options.timestamp ?? new Date().toISOString(),
        ttl: 'PT30S',
      };
      const request = JSON.stringify({ context, message });
      const now = options.createdAt ?? Math.floor(Date.now() / 1000);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const signer = options.signer ?? 'buyer';
      if (signer !== 'none')
        headers.authorization = authorizationHeader(
          request,
          {
            subscriberId: options.as?.id ?? buyer.id,
            uniqueKeyId: options.as?.ukId ?? buyer.ukId,
            privateKey:
              signer === 'stranger'
                ? stranger.signingPrivateKey
                : (options.as?.privateKey ?? buyerKeys.signingPrivateKey),
          },
          now,
          60,
        );
      if (action === 'search' && options.gatewaySigns !== false)
        headers['x-gateway-authorization'] = authorizationHeader(
          request,
          {
            subscriberId: gateway.id,
            uniqueKeyId: gateway.ukId,
            privateKey: gatewayKeys.signingPrivateKey,
          },
          now,
          60,
        );
      const sent = options.tamper ? options.tamper(request) : request;
      const response = await bpp.send(`/ondc/${action}`, { method: 'POST', headers, body: sent });
      const text = await response.text();
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        parsed = { text };
      }
      return { status: response.status, body: parsed, messageId, transactionId, request };
    },
    callback(action, messageId) {
      return received.find(
        (r) =>
          r.action === action &&
          (r.body.context as Record<string, unknown> | undefined)?.message_id === messageId,
      );
    },
    challengeFor(subscriberEncryptionPublicKey, challenge) {
      return encryptChallenge(challenge, registryKeys.encryptionPrivateKey, subscriberEncryptionPublicKey);
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
