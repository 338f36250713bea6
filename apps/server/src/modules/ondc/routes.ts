// The seller app's endpoints on the network (ADR-0062), at {ONDC_SUBSCRIBER_URL}/{action}: every
// request is read whole (at most 1 MB), its context checked, its signature (and the gateway's, for
// search) verified against the registry, its message_id taken once, and its answer queued in the
// same transaction as what it changed. Anything refused is a NACK with ONDC's error code.
import { Hono } from 'hono';
import type { Logger } from 'pino';
import { type Executor, ondcRequests } from '@marketplace/db';
import { isOndcCity } from '@marketplace/domain/ondc/cities';
import { BPP_ACTIONS, isBppAction, type OndcErrorName } from '@marketplace/domain/ondc/protocol';
import { buildCatalog, SearchIntent } from './catalog.ts';
import { queueCallback } from './callbacks.ts';
import type { OndcConfig } from './config.ts';
import { ack, callbackContext, Context, Envelope, nack } from './envelope.ts';
import {
  handleCancel,
  handleConfirm,
  handleInit,
  handleSelect,
  handleStatus,
  handleTrack,
  type Handled,
} from './network-orders.ts';
import type { Registry } from './registry.ts';
import { checkSignature, decryptChallenge, parseAuthorization, signRequestId } from './signing.ts';

export const ONDC_MAX_BODY_BYTES = 1024 * 1024;
/** A request older (or newer) than this by its context timestamp is stale. */
export const STALE_AFTER_MS = 5 * 60_000;

export type OndcDeps = {
  config: OndcConfig;
  registry: Registry;
  logger: Logger;
  now?: () => Date;
  /** the callback job, run now rather than at its next tick */
  notify?: () => void;
};

class Nack extends Error {
  constructor(
    readonly errorName: OndcErrorName,
    readonly detail?: string,
  ) {
    super(errorName);
  }
}

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v.length <= 200 ? v : null);

async function readBody(request: Request, limit: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

type Verified = { ok: true; subscriberId: string } | { ok: false; status: 401 | 503; detail: string };

export function ondcRoutes(db: Executor, deps: OndcDeps) {
  const { config, registry, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const routes = new Hono();
  const self = { subscriberId: config.subscriberId, subscriberUrl: config.subscriberUrl };
  const basePath = new URL(config.subscriberUrl).pathname.replace(/\/+$/, '');

  const verify = async (
    header: string | undefined,
    body: Uint8Array,
    type: 'BAP' | 'BG',
    expectId?: string,
  ): Promise<Verified> => {
    const parsed = parseAuthorization(header);
    if (!parsed) return { ok: false, status: 401, detail: 'missing or malformed signature' };
    if (expectId && parsed.subscriberId !== expectId)
      return { ok: false, status: 401, detail: 'signed by another subscriber' };
    let subscriber;
    try {
      subscriber = await registry.lookup(parsed.subscriberId, parsed.uniqueKeyId);
    } catch (error) {
      logger.warn({ err: error }, 'ONDC registry lookup failed');
      return { ok: false, status: 503, detail: 'the registry could not be reached' };
    }
    if (!subscriber) return { ok: false, status: 401, detail: 'key not in the registry' };
    if (subscriber.type && subscriber.type !== type)
      return { ok: false, status: 401, detail: `not a ${type}` };
    const check = checkSignature(
      parsed,
      body,
      subscriber.signingPublicKey,
      Math.floor(now().getTime() / 1000),
    );
    if (check.code === 'EXPIRED') return { ok: false, status: 401, detail: 'signature expired' };
    if (check.code !== 'VALID') return { ok: false, status: 401, detail: 'signature does not verify' };
    return { ok: true, subscriberId: parsed.subscriberId };
  };

  const unauthorized = (result: Exclude<Verified, { ok: true }>) =>
    new Response(
      JSON.stringify(nack(result.status === 503 ? 'invalidRequest' : 'invalidSignature', result.detail)),
      {
        status: result.status,
        headers: {
          'content-type': 'application/json',
          'www-authenticate': `Signature realm="${config.subscriberId}",headers="(created) (expires) digest"`,
        },
      },
    );

  // the registry's challenge at subscription (docs/requirements.md#ondc-registry)
  routes.post(`${basePath}/on_subscribe`, async (c) => {
    const raw = await readBody(c.req.raw, 16 * 1024);
    if (raw === null) return c.json({ error: 'body too large' }, 413);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.from(raw).toString('utf8'));
    } catch {
      return c.json({ error: 'the body is not JSON' }, 400);
    }
    const challenge = str(rec(body).challenge);
    if (str(rec(body).subscriber_id) !== config.subscriberId || !challenge)
      return c.json({ error: 'not a challenge for this subscriber' }, 400);
    if (!config.registryEncryptionPublicKey) return c.json({ error: 'no registry key is configured' }, 404);
    const answer = decryptChallenge(
      challenge,
      config.keys.encryptionPrivateKey,
      config.registryEncryptionPublicKey,
    );
    if (answer === null) return c.json({ error: 'the challenge does not decrypt' }, 400);
    return c.json({ answer });
  });

  routes.post(`${basePath}/:action`, async (c) => {
    const action = c.req.param('action');
    if (!isBppAction(action)) return c.json(nack('actionNotApplicable', action.slice(0, 40)), 404);
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > ONDC_MAX_BODY_BYTES) return c.json(nack('invalidRequest', 'body too large'), 413);
    const raw = await readBody(c.req.raw, ONDC_MAX_BODY_BYTES);
    if (raw === null) return c.json(nack('invalidRequest', 'body too large'), 413);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
    } catch {
      return c.json(nack('invalidRequest', 'the body is not JSON'), 400);
    }
    const envelope = Envelope.safeParse(json);
    if (!envelope.success) return c.json(nack('invalidRequest', 'context and message are required'), 400);
    const parsedContext = Context.safeParse(envelope.data.context);
    if (!parsedContext.success) {
      const issue = parsedContext.error.issues[0];
      return c.json(
        nack('invalidRequest', `context.${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim()),
        400,
      );
    }
    const context = parsedContext.data;
    if (context.action !== action)
      return c.json(nack('invalidRequest', 'context.action differs from the path'), 400);
    if (action !== 'search' && context.bpp_id !== config.subscriberId)
      return c.json(nack('invalidRequest', 'context.bpp_id is not this seller app'), 400);

    const signed = await verify(c.req.header('authorization'), raw, 'BAP', context.bap_id);
    if (!signed.ok) return unauthorized(signed);
    if (action === 'search') {
      // a search reaches sellers through the gateway, which signs it too
      const relayed = await verify(c.req.header('x-gateway-authorization'), raw, 'BG');
      if (!relayed.ok) return unauthorized(relayed);
    }
    const at = now();
    if (Math.abs(at.getTime() - Date.parse(context.timestamp)) > STALE_AFTER_MS)
      return c.json(nack('staleRequest', 'context.timestamp'), 400);
    if (action === 'search' && !isOndcCity(context.city))
      return c.json(nack('invalidRequest', 'context.city is not a city this seller app serves'), 400);

    const message = envelope.data.message;
    try {
      await db.transaction(async (tx) => {
        const [recorded] = await tx
          .insert(ondcRequests)
          .values({
            senderId: context.bap_id,
            action,
            messageId: context.message_id,
            transactionId: context.transaction_id,
            receivedAt: at,
          })
          .onConflictDoNothing()
          .returning({ id: ondcRequests.id });
        if (!recorded) throw new Nack('staleRequest', 'message_id already received');
        let handled: Handled;
        if (action === 'search')
          handled = { ok: true, message: { build: 'catalog', intent: searchIntent(context, message) } };
        // every read inside the request's transaction: the embedded database has one connection,
        // so a read through `db` here would wait for this transaction forever
        else if (action === 'select') handled = await handleSelect(tx, message, at);
        else if (action === 'init') handled = await handleInit(tx, context, message, at);
        else if (action === 'confirm') handled = await handleConfirm(tx, context, message, at);
        else if (action === 'status') handled = await handleStatus(tx, context, message);
        else if (action === 'cancel') handled = await handleCancel(tx, context, message, at);
        else if (action === 'track') handled = await handleTrack(tx, context, message);
        else handled = { ok: false, error: 'actionNotApplicable' };
        if (!handled.ok) throw new Nack(handled.error, handled.detail);
        const answer = BPP_ACTIONS[action];
        const callback = callbackContext(context, answer, self, at);
        await queueCallback(
          tx,
          {
            action: answer,
            bapUri: context.bap_uri,
            bapId: context.bap_id,
            messageId: context.message_id,
            transactionId: context.transaction_id,
            body:
              action === 'search'
                ? { build: 'catalog', context: callback, intent: rec(handled.message).intent }
                : { context: callback, message: handled.message },
          },
          at,
        );
      });
    } catch (error) {
      if (error instanceof Nack) return c.json(nack(error.errorName, error.detail), 400);
      throw error;
    }
    deps.notify?.();
    return c.json(ack(), 200);
  });

  routes.get('/ondc-site-verification.html', (c) => {
    const requestId = config.siteVerificationRequestId;
    if (!requestId) return c.text('Not found', 404);
    const signed = signRequestId(requestId, config.keys.signingPrivateKey);
    return c.html(
      `<!--Contents of ondc-site-verification.html. -->\n<html>\n  <head>\n    <meta name="ondc-site-verification" content="${signed}" />\n  </head>\n  <body>\n    ONDC Site Verification Page\n  </body>\n</html>\n`,
    );
  });

  return routes;
}

function searchIntent(context: Context, message: Rec): SearchIntent {
  const intent = rec(message.intent);
  const pincode = str(rec(rec(rec(rec(intent.fulfillment).end).location).address).area_code);
  return {
    city: context.city,
    domain: context.domain,
    pincode: pincode && /^[1-9]\d{5}$/.test(pincode) ? pincode : null,
    itemName: str(rec(rec(intent.item).descriptor).name)?.slice(0, 100) ?? null,
    categoryId: str(rec(intent.category).id)?.slice(0, 100) ?? null,
    providerId: str(rec(intent.provider).id)?.slice(0, 20) ?? null,
  };
}

/** Builds a queued on_search: the catalog read at sending time. */
export function callbackBuilder(db: Executor, config: OndcConfig, now: () => Date = () => new Date()) {
  return async (body: unknown) => {
    const queued = rec(body);
    const intent = SearchIntent.safeParse(queued.intent);
    const catalog = intent.success ? await buildCatalog(db, config, intent.data, now()) : null;
    return {
      context: queued.context,
      message: catalog ?? {
        catalog: { 'bpp/fulfillments': [], 'bpp/descriptor': { name: config.name }, 'bpp/providers': [] },
      },
    };
  };
}
