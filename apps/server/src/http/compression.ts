import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

export type Encoding = 'br' | 'gzip';

/** Below this many bytes a compressed body saves less than its headers and the work cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
// brotli 5 compresses the 128 KB home page in 1.5 ms (gzip 6: 1.2 ms) to a fifth less than gzip;
// each response in flight holds about 1.4 MB for it. 11 is for build-time files only.
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

const Q_VALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * The encoding to answer with, from an Accept-Encoding header (RFC 9110 §12.5.3): the highest
 * q-value among br and gzip, brotli on a tie; an unknown or malformed entry counts as absent.
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim());
    if (!name) continue;
    let q = 1;
    for (const parameter of parameters) {
      const [key, value = ''] = parameter.split('=').map((part) => part.trim());
      if (key?.toLowerCase() !== 'q') continue;
      q = Q_VALUE.test(value) ? Number(value) : -1;
    }
    if (q >= 0) weights.set(name.toLowerCase(), q);
  }
  const wildcard = weights.get('*') ?? 0;
  const br = weights.get('br') ?? wildcard;
  const gzip = weights.get('gzip') ?? weights.get('x-gzip') ?? wildcard;
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

function isCompressibleType(contentType: string | null): boolean {
  return contentType !== null && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType);
}

/**
 * Compresses pages, API JSON, scripts, styles, SVG and other text on the fly with brotli or gzip
 * (node:zlib). A streamed body keeps streaming: what the app has sent is flushed whenever it pauses,
 * so the shopper's browser gets the page's first part before the rest is rendered.
 * Left alone: HEAD, 204, 206, 304, bodies under 1 KB, images and video (compressed already, SVG
 * aside), responses already encoded (precompressed assets) and those marked `no-transform`.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!isCompressibleType(res.headers.get('content-type'))) return;
    const vary = res.headers.get('vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) {
      res.headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (
      c.req.method === 'HEAD' ||
      !res.body ||
      res.status < 200 ||
      [204, 206, 304].includes(res.status) ||
      res.headers.has('content-encoding') ||
      NO_TRANSFORM.test(res.headers.get('cache-control') ?? '')
    ) {
      return;
    }
    const length = res.headers.get('content-length');
    if (length !== null && Number(length) < COMPRESSION_THRESHOLD_BYTES) return;
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    // a body of unknown length is read until it proves big enough (the first chunk of a page does)
    const head = await readAtLeast(res.body, COMPRESSION_THRESHOLD_BYTES);
    const body = head.done ? joinChunks(head.chunks) : compressStream(head.rest, encoding, head.chunks);
    c.res = new Response(body, res);
    c.res.headers.delete('content-length');
    if (head.done) return;
    c.res.headers.set('content-encoding', encoding);
    const etag = c.res.headers.get('etag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('etag', `W/${etag}`);
  };
}

type Head =
  | { done: true; chunks: Uint8Array[] }
  | { done: false; chunks: Uint8Array[]; rest: ReadableStreamDefaultReader<Uint8Array> };

async function readAtLeast(body: ReadableStream<Uint8Array>, bytes: number): Promise<Head> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < bytes) {
    const { done, value } = await reader.read();
    if (done) return { done: true, chunks };
    chunks.push(value);
    size += value.byteLength;
  }
  return { done: false, chunks, rest: reader };
}

function joinChunks(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}

const PAUSED = Symbol('paused');
const pause = () => new Promise<typeof PAUSED>((resolve) => setImmediate(() => resolve(PAUSED)));

/**
 * The compressed form of `first` chunks followed by the rest of `source`. Chunks that arrive
 * together are compressed together; when the source pauses (a page waiting on its data), what it
 * sent so far is flushed to the client.
 */
export function compressStream(
  source: ReadableStreamDefaultReader<Uint8Array>,
  encoding: Encoding,
  first: Uint8Array[] = [],
): ReadableStream<Uint8Array<ArrayBuffer>> {
  const compressor: BrotliCompress | Gzip =
    encoding === 'br'
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : createGzip({ level: GZIP_LEVEL });
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  const flush = () => new Promise<void>((resolve) => compressor.flush(flushKind, () => resolve()));
  const waiting = [...first];
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  let unflushed = false;
  let ended = false;
  let closed = false;
  const nextChunk = () => {
    const queued = waiting.shift();
    if (queued) return Promise.resolve({ done: false as const, value: queued });
    const read = pending ?? source.read();
    pending = undefined;
    return read;
  };
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      compressor.on('data', (chunk: Buffer) => {
        if (!closed) controller.enqueue(new Uint8Array(chunk));
      });
      compressor.once('end', () => {
        if (!closed) controller.close();
        closed = true;
      });
      compressor.once('error', (error) => {
        if (!closed) controller.error(error);
        closed = true;
      });
    },
    async pull(controller) {
      try {
        while (!ended) {
          const read = nextChunk();
          // only written data is worth a flush; an idle flush would still emit a few bytes
          const result = unflushed ? await Promise.race([read, pause()]) : await read;
          if (result === PAUSED) {
            pending = read;
            unflushed = false;
            await flush();
            return;
          }
          if (ended) return;
          if (result.done) {
            ended = true;
            compressor.end();
            return;
          }
          compressor.write(result.value);
          unflushed = true;
          if ((controller.desiredSize ?? 0) <= 0) return;
        }
      } catch (error) {
        ended = true;
        closed = true;
        compressor.destroy();
        controller.error(error);
      }
    },
    async cancel(reason) {
      ended = true;
      closed = true;
      compressor.destroy();
      pending?.catch(() => undefined);
      await source.cancel(reason);
    },
  });
}
