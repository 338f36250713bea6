// The JavaScript a page loads before it is interactive, read from the page's server-rendered HTML:
// the scripts it preloads (<link rel="modulepreload">), its module scripts and the modules its
// inline scripts import. Sizes are those of the built files, compressed as a server would send them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type FirstLoadJs = { files: number; rawBytes: number; gzipBytes: number; brotliBytes: number };

/** The /assets/*.js paths a page's HTML makes the browser fetch before hydration. */
export function firstLoadScripts(html: string): string[] {
  const scripts = new Set<string>();
  const patterns = [
    /<link[^>]*rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"/g,
    /<script[^>]*src="(\/assets\/[^"]+\.js)"/g,
    /import\s*\(\s*"(\/assets\/[^"]+\.js)"\s*\)/g, // import("/assets/entry.client-….js")
    /(?:import|from)\s*"(\/assets\/[^"]+\.js)"/g, // import "/assets/manifest-….js", import * as route0 from "…"
  ];
  for (const pattern of patterns) for (const match of html.matchAll(pattern)) scripts.add(match[1] ?? '');
  scripts.delete('');
  return [...scripts].sort();
}

/** Raw, gzip (level 9) and brotli (quality 11) sizes of those scripts, read from the client build. */
export async function firstLoadJs(html: string, clientDir: string): Promise<FirstLoadJs> {
  const total: FirstLoadJs = { files: 0, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 };
  for (const path of firstLoadScripts(html)) {
    const body = await readFile(join(clientDir, path));
    total.files++;
    total.rawBytes += body.length;
    total.gzipBytes += gzipSync(body, { level: 9 }).length;
    total.brotliBytes += brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }).length;
  }
  return total;
}
