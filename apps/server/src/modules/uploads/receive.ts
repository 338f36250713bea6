import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';

/** One file read from a multipart/form-data body into a temporary file. */
export type ReceivedFile = { path: string; size: number; fileName: string };
export type ReceiveResult =
  | { ok: true; file: ReceivedFile }
  | { ok: false; code: 'NOT_MULTIPART' | 'NO_FILE' | 'TOO_MANY_FILES' | 'TOO_LARGE' | 'MALFORMED' };

const TEMP_DIR = join(tmpdir(), 'bazaar-uploads');

/**
 * Streams the form's `file` part to a temporary file, stopping as soon as it passes `maxBytes`
 * (the body is never held in memory). Other parts are skipped; a second file is refused.
 */
export async function receiveFile(request: Request, maxBytes: number): Promise<ReceiveResult> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) return { ok: false, code: 'NOT_MULTIPART' };
  if (!request.body) return { ok: false, code: 'NO_FILE' };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': type },
      // busboy reports its limit on reaching it, so a file of exactly maxBytes needs one byte more
      limits: { files: 2, fileSize: maxBytes + 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 20 },
    });
  } catch {
    return { ok: false, code: 'MALFORMED' };
  }
  await mkdir(TEMP_DIR, { recursive: true });
  const source = Readable.fromWeb(request.body as WebReadableStream);

  return new Promise<ReceiveResult>((resolve) => {
    const written: string[] = [];
    let saving: Promise<ReceivedFile | null> | null = null;
    let failure: Extract<ReceiveResult, { ok: false }>['code'] | null = null;
    let settled = false;
    const settle = (result: ReceiveResult) => {
      if (settled) return;
      settled = true;
      if (!result.ok) {
        source.unpipe(parser);
        source.destroy();
        void Promise.all(written.map((path) => rm(path, { force: true })));
      }
      resolve(result);
    };

    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return;
      }
      if (saving) {
        failure = 'TOO_MANY_FILES';
        stream.resume();
        settle({ ok: false, code: failure });
        return;
      }
      const path = join(TEMP_DIR, randomUUID());
      written.push(path);
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      stream.on('limit', () => {
        failure = 'TOO_LARGE';
        settle({ ok: false, code: failure });
      });
      saving = pipeline(stream, createWriteStream(path)).then(
        () => ({ path, size, fileName: info.filename ?? '' }),
        () => null,
      );
    });
    parser.on('error', () => settle({ ok: false, code: failure ?? 'MALFORMED' }));
    parser.on('close', () => {
      void (async () => {
        const file = saving ? await saving : null;
        if (failure) return settle({ ok: false, code: failure });
        if (!file || file.size === 0) return settle({ ok: false, code: saving ? 'MALFORMED' : 'NO_FILE' });
        settle({ ok: true, file });
      })();
    });
    source.on('error', () => settle({ ok: false, code: failure ?? 'MALFORMED' }));
    source.pipe(parser);
  });
}
