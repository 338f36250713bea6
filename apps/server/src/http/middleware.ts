import { randomBytes, randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Logger } from 'pino';
import { requestHosts } from './client-address.ts';
import type { AppEnv } from './context.ts';
import { apiError, errorBody } from './errors.ts';
import { refuseUnstorableJson } from './malformed-input.ts';
import { isHttps } from './client-address.ts';
import { type RequestOrigin, storedUserAgent, withOrigin } from './request-origin.ts';
import { requestLanguage } from '@marketplace/domain/i18n/languages';

export const MAX_JSON_BODY_BYTES = 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * A request id on every request and response (a well-formed incoming X-Request-Id is kept), and one
 * log line per request, with the acting account's id once its session was read
 * (requirements#staff-security-events).
 */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('logger', log);
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    const origin: RequestOrigin = {
      ip: null,
      userAgent: storedUserAgent(c.req.header('user-agent')),
      userId: null,
      language: requestLanguage({ referer: c.req.header('referer'), cookie: c.req.header('cookie') }),
    };
    await withOrigin(origin, next);
    c.header('X-Request-Id', requestId);
    const status = c.res.status;
    const fields = {
      method: c.req.method,
      path: c.req.path,
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(origin.userId === null ? {} : { userId: origin.userId }),
    };
    if (status >= 500) log.error(fields, 'request failed');
    else log.info(fields, 'request');
  };
}

/** JSON bodies only, at most 1 MB, every text storable (no NUL, no lone surrogate); the `formPaths` (file uploads) take multipart forms and set their own limits. */
export function jsonBodyGuard({ formPaths = [] }: { formPaths?: string[] } = {}): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: (c) =>
      c.json(
        errorBody(
          'PAYLOAD_TOO_LARGE',
          'The request body is larger than 1 MB.',
          undefined,
          String(c.get('requestId')),
        ),
        413,
      ),
  });
  return async (c, next) => {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(c.req.method)) return next();
    if (formPaths.includes(c.req.path)) return next();
    // a body without Content-Length (chunked) is still checked: the limit counts it as it streams
    const length = c.req.header('content-length');
    const hasBody = length === undefined ? c.req.raw.body !== null : length !== '0';
    // a browser's body-less DELETE sends no length, encoding or type: over HTTP/1.1 it has no body
    const declaresNothing =
      length === undefined && !c.req.header('transfer-encoding') && !c.req.header('content-type');
    if (!hasBody || declaresNothing) return next();
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.');
    }
    let refusal: Response | undefined;
    const result = await limit(c, async () => {
      refusal = await refuseUnstorableJson(c);
      if (!refusal) await next();
    });
    return refusal ?? result;
  };
}

/** A form posted to a page's action: at most 1 MB (files go to the upload endpoint, not to pages). */
export function pageBodyLimit({
  photoPaths = [],
  photoMaxBytes = MAX_JSON_BODY_BYTES,
}: {
  /** pages whose form carries photos when the page's scripts did not run (multipart, `photoMaxBytes`) */
  photoPaths?: readonly string[];
  photoMaxBytes?: number;
} = {}): MiddlewareHandler<AppEnv> {
  const tooLarge = (maxBytes: number) =>
    bodyLimit({
      maxSize: maxBytes,
      onError: (c) =>
        c.json(
          errorBody(
            'PAYLOAD_TOO_LARGE',
            `The form is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`,
            undefined,
            String(c.get('requestId')),
          ),
          413,
        ),
    });
  const limit = tooLarge(MAX_JSON_BODY_BYTES);
  const photoLimit = tooLarge(photoMaxBytes);
  return (c, next) => {
    if (['GET', 'HEAD'].includes(c.req.method)) return next();
    const isMultipart = /^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '');
    return isMultipart && photoPaths.includes(c.req.path.toLowerCase())
      ? photoLimit(c, next)
      : limit(c, next);
  };
}

/** Headers every response gets, and on HTML pages a Content-Security-Policy with a fresh nonce (ADR-0018). */
export function securityHeaders(options: { mediaOrigin?: string | null } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const nonce = randomBytes(16).toString('base64');
    c.set('nonce', nonce);
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    // requirements#operator-content: only the console's content preview may be framed, by our own console page
    const framable = c.req.path === CONTENT_PREVIEW_PATH;
    c.header('X-Frame-Options', framable ? 'SAMEORIGIN' : 'DENY');
    c.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (isHttps(c)) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const isHtml = /^text\/html/i.test(c.res.headers.get('content-type') ?? '');
    if (isHtml && !c.res.headers.has('Content-Security-Policy'))
      c.header(
        'Content-Security-Policy',
        contentSecurityPolicy(nonce, {
          framedBySelf: framable,
          framesSelf: c.req.path === CONSOLE_PATH || c.req.path.startsWith(`${CONSOLE_PATH}/`),
          mediaOrigin: options.mediaOrigin ?? null,
        }),
      );
  };
}

/**
 * The console, whose content screens show the preview of a draft in frames at phone and desktop widths
 * (the whole console: a page's policy is the one its document loaded with, before moving between screens).
 */
export const CONSOLE_PATH = '/admin';
export const CONTENT_PREVIEW_PATH = '/admin/content/preview';

/** requirements#payment-page-scripts: where browsers send what a page's policy blocked (outside /api). */
export const CSP_REPORT_PATH = '/csp-reports';

// Razorpay's checkout: its script, the frames it opens and the calls it makes (ADR-0009)
const RAZORPAY = 'https://checkout.razorpay.com https://api.razorpay.com';
// product videos may be YouTube or Vimeo players (domain/catalog/product-detail videoSource)
const VIDEO_PLAYERS = 'https://www.youtube-nocookie.com https://player.vimeo.com';

/**
 * Scripts and style elements run only with this response's nonce; style attributes are allowed
 * (React writes them on the server; ADR-0018). Images and media from us (and the photos a shopper
 * picks, as blob: URLs), frames only for payment and video players, nothing may frame our pages.
 */
export function contentSecurityPolicy(
  nonce: string,
  {
    framedBySelf = false,
    framesSelf = false,
    mediaOrigin = null,
  }: { framedBySelf?: boolean; framesSelf?: boolean; mediaOrigin?: string | null } = {},
): string {
  // requirements#media-store: images linked from MEDIA_BASE_URL's host (a CDN or the bucket)
  const media = mediaOrigin ? ` ${mediaOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${RAZORPAY}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob: https://cdn.razorpay.com${media}`,
    "media-src 'self' blob: https:",
    `frame-src ${framesSelf ? "'self' " : ''}${RAZORPAY} ${VIDEO_PLAYERS}`,
    `connect-src 'self' ${RAZORPAY} https://lumberjack.razorpay.com`,
    "font-src 'self'",
    `frame-ancestors ${framedBySelf ? "'self'" : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ');
}

// the shop asks for the location (nearest pincode) and Razorpay for payments; nothing else
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=(self)',
  'payment=(self "https://checkout.razorpay.com" "https://api.razorpay.com")',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
].join(', ');

/**
 * Writes only from our own pages: a browser's cross-site POST, PUT, PATCH or DELETE (told by
 * Sec-Fetch-Site or an Origin of another host) is refused, so no other site can act for a shopper.
 */
export function sameOriginWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    let crossSite = site === 'cross-site' || site === 'same-site';
    if (!crossSite && origin !== undefined) {
      try {
        crossSite = origin === 'null' || !requestHosts(c).includes(new URL(origin).host);
      } catch {
        crossSite = true;
      }
    }
    if (crossSite) return apiError(c, 'FORBIDDEN', 'Requests from other sites are not accepted.');
    return next();
  };
}

/**
 * An answer given before the request's body was read (a 401 or 413 at the door) closes the
 * connection: the rest of the body would otherwise be read as the next request, or the server
 * gives up draining it and drops a connection the client was told it could reuse (RFC 9112 §9.6).
 */
export function closeAfterUnreadBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const env: unknown = c.env;
    if (!env || typeof env !== 'object' || !('incoming' in env)) return; // in-process requests
    const incoming = env.incoming;
    if (incoming && typeof incoming === 'object' && 'complete' in incoming && incoming.complete === false)
      c.res.headers.set('Connection', 'close');
  };
}
