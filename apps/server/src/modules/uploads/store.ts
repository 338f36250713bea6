import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';

/** Where uploaded files live: a folder under DATA_DIR, or an S3-compatible bucket. */
export type UploadStore = {
  readonly kind: 'disk' | 's3';
  /** Stores the file at `sourcePath` under `key` (the source may be moved away). */
  put(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** The stored bytes, or null when the key holds nothing. */
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  delete(key: string): Promise<void>;
};

// keys are ours (random hex), but a store never trusts a path piece it is handed
const SAFE_KEY = /^[0-9a-f]{32}$/;
function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error('upload key must be 32 hex characters');
  return key;
}

/** Files under `dir`, two hex levels deep so no folder grows to millions of entries. */
export function createDiskUploadStore(dir: string): UploadStore {
  const pathOf = (key: string) => {
    const safe = checkedKey(key);
    return join(dir, safe.slice(0, 2), safe.slice(2, 4), safe);
  };
  return {
    kind: 'disk',
    async put(key, sourcePath) {
      const target = pathOf(key);
      await mkdir(join(target, '..'), { recursive: true });
      try {
        await rename(sourcePath, target);
      } catch (error) {
        // another file system (a temp folder on another disk): copy, then drop the source
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(sourcePath, target);
        await rm(sourcePath, { force: true });
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export type S3Settings = {
  /** e.g. https://s3.ap-south-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://minio:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO...), path-style URLs, SigV4-signed requests. */
export function createS3UploadStore(settings: S3Settings, fetchImpl?: typeof fetch): UploadStore {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
  });
  const base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}/uploads/`;
  const send = async (key: string, init: RequestInit) => {
    const signed = await client.sign(base + checkedKey(key), init);
    return (fetchImpl ?? fetch)(signed);
  };
  const fail = async (what: string, response: Response) => {
    const detail = (await response.text().catch(() => '')).slice(0, 200);
    return new Error(`upload store ${what} failed: HTTP ${response.status} ${detail}`);
  };
  return {
    kind: 's3',
    async put(key, sourcePath, contentType) {
      // S3 needs the length up front; files are at most 50 MB
      const body = await readFile(sourcePath);
      const response = await send(key, { method: 'PUT', body, headers: { 'content-type': contentType } });
      if (!response.ok) throw await fail('put', response);
      await response.body?.cancel();
      await rm(sourcePath, { force: true });
    },
    async get(key) {
      const response = await send(key, { method: 'GET' });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) throw await fail('get', response);
      return { body: response.body, size: Number(response.headers.get('content-length') ?? 0) };
    },
    async delete(key) {
      const response = await send(key, { method: 'DELETE' });
      await response.body?.cancel();
      if (!response.ok && response.status !== 404) throw await fail('delete', response);
    },
  };
}
