import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export function slugify(text: string, max = 60): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, max).replace(/-+$/, '') || 'item';
}

/**
 * Writes generated media under `<mediaDir>/catalog/<folder>/` with the content hash in the
 * name (served with immutable cache headers) and returns the public path under /media.
 * Identical content is written once.
 */
export class MediaWriter {
  private readonly folders = new Set<string>();
  private readonly written = new Map<string, string>();
  private pending: Promise<void>[] = [];

  constructor(private readonly mediaDir: string) {}

  async svg(folder: string, name: string, content: string): Promise<string> {
    return this.write(folder, name, 'svg', content);
  }

  /** Copies a file shipped with the seed (a film, requirements#home-video-ad) under the same fingerprinted naming. */
  async copy(folder: string, name: string, source: string): Promise<string> {
    const extension = /\.([a-z0-9]+)$/i.exec(source)?.[1]?.toLowerCase() ?? 'bin';
    return this.write(folder, name, extension, await readFile(source));
  }

  private async write(
    folder: string,
    name: string,
    extension: string,
    content: string | Buffer,
  ): Promise<string> {
    const hash = createHash('sha1').update(content).digest('hex').slice(0, 10);
    const file = `${slugify(name)}-${hash}.${extension}`;
    const key = `${folder}/${file}`;
    const known = this.written.get(key);
    if (known) return known;
    const publicPath = `/media/catalog/${key}`;
    this.written.set(key, publicPath);
    const dir = join(this.mediaDir, 'catalog', folder);
    if (!this.folders.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.folders.add(dir);
    }
    // the callback form: the promise API's file handles cost a first start about half a second
    // over the catalog's 8,000 images
    this.pending.push(
      new Promise<void>((written, failed) =>
        writeFile(join(dir, file), content, (error) => (error ? failed(error) : written())),
      ),
    );
    // the files are written while the seed goes on; a bound keeps memory in check at benchmark scale
    if (this.pending.length >= 4096) await this.flush();
    return publicPath;
  }

  private readonly byName = new Map<string, Promise<string>>();

  /** Renders and writes a named image once; later calls with the same name reuse it. */
  svgOnce(folder: string, name: string, render: () => string): Promise<string> {
    const key = `${folder}/${name}`;
    let path = this.byName.get(key);
    if (!path) {
      path = this.svg(folder, name, render());
      this.byName.set(key, path);
    }
    return path;
  }

  async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    await Promise.all(batch);
  }

  get count(): number {
    return this.written.size;
  }
}
