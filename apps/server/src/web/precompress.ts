import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { getMimeType } from 'hono/utils/mime';
import { COMPRESSION_THRESHOLD_BYTES } from '../http/compression.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type PrecompressResult = { files: number; bytes: number; brotliBytes: number; gzipBytes: number };

/**
 * Writes `name.br` and `name.gz` beside every compressible file of a built folder (scripts,
 * styles, SVG, JSON), at the strongest settings since it happens once per build; serveStatic's
 * `precompressed` option then sends them as they are. A variant no smaller than the file is not written.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressResult> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && !/\.(?:br|gz)$/.test(entry.name))
    .filter((entry) => COMPRESSIBLE_CONTENT_TYPE_REGEX.test(getMimeType(entry.name) ?? ''))
    .map((entry) => join(entry.parentPath, entry.name));
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of files) {
    const content = await readFile(file);
    if (content.byteLength < COMPRESSION_THRESHOLD_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
        },
      }),
      gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    result.files += 1;
    result.bytes += content.byteLength;
    result.brotliBytes += Math.min(br.byteLength, content.byteLength);
    result.gzipBytes += Math.min(gz.byteLength, content.byteLength);
    if (br.byteLength < content.byteLength) await writeWhole(`${file}.br`, br);
    if (gz.byteLength < content.byteLength) await writeWhole(`${file}.gz`, gz);
  }
  return result;
}

/** A file written beside its place and moved there in one rename: a server reading the folder never sees it half-written. */
async function writeWhole(path: string, content: Buffer) {
  const next = `${path}.${process.pid}.tmp`;
  await writeFile(next, content);
  await rename(next, path);
}

const PRECOMPRESSED_MARKER = '.precompressed';

/**
 * Precompresses a published build's client folder unless that was done already (its marker is
 * written last, so a start interrupted while compressing does it again). Answers null when done before.
 */
export async function precompressRelease(releaseDir: string): Promise<PrecompressResult | null> {
  const marker = join(releaseDir, PRECOMPRESSED_MARKER);
  if (existsSync(marker)) return null;
  const result = await precompressDirectory(join(releaseDir, 'client'));
  await writeFile(marker, JSON.stringify(result));
  return result;
}
