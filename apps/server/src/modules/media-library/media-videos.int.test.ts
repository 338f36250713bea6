import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mediaVideos } from '@marketplace/db';
import {
  MEDIA_VIDEO_LIMITS,
  MEDIA_VIDEO_MESSAGES,
  MediaVideo,
  MediaVideos,
} from '@marketplace/domain/admin/media-api';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#media-library (ADR-0047): films for video blocks, told by their bytes
let t: TestApp;
let marketing: string;
let owner: string;
let catalog: string;
let finance: string;
let shopper: string;
let seller: string;

beforeAll(async () => {
  t = await createTestApp();
  marketing = (await verifiedStaff(t, 'meera.video@staff.example.com', 'marketing')).cookie;
  owner = (await verifiedStaff(t, 'ojas.video@staff.example.com', 'owner')).cookie;
  catalog = (await verifiedStaff(t, 'kabir.video@staff.example.com', 'catalog')).cookie;
  finance = (await verifiedStaff(t, 'fiona.video@staff.example.com', 'finance')).cookie;
  shopper = await t.loginCookie('priya@example.com');
  seller = await t.loginCookie('dakshin-mart@sellers.example.com');
});
afterAll(() => t.close());

const box = (type: string, body: Uint8Array) => {
  const out = new Uint8Array(8 + body.length);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(body, 8);
  return out;
};
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
/** The start of an MP4 file (its ftyp box), then `fill` bytes of media data. */
const mp4 = (fill = 64, seed = 7) =>
  join(
    box('ftyp', new TextEncoder().encode('isom\0\0\x02\0isomiso2mp41')),
    box('mdat', new Uint8Array(fill).fill(seed)),
  );
/** A WebM file's EBML header (DocType webm), then some bytes. */
const webm = () =>
  new Uint8Array([
    0x1a,
    0x45,
    0xdf,
    0xa3,
    0x9f,
    0x42,
    0x86,
    0x81,
    0x01,
    0x42,
    0xf7,
    0x81,
    0x01,
    0x42,
    0xf2,
    0x81,
    0x04,
    0x42,
    0xf3,
    0x81,
    0x08,
    0x42,
    0x82,
    0x84,
    0x77,
    0x65,
    0x62,
    0x6d,
    0x42,
    0x87,
    0x81,
    0x04,
    0x42,
    0x85,
    0x81,
    0x02,
    ...new Array<number>(64).fill(0),
  ]);
const quicktime = () =>
  join(box('ftyp', new TextEncoder().encode('qt  \0\0\x02\0qt  ')), box('mdat', new Uint8Array(32)));

const upload = (
  parts: { file?: Uint8Array | string; fileName?: string; name?: string },
  cookie = marketing,
) => {
  const form = new FormData();
  if (parts.file !== undefined)
    form.set(
      'file',
      new Blob([typeof parts.file === 'string' ? parts.file : new Uint8Array(parts.file)]),
      parts.fileName ?? 'film.mp4',
    );
  if (parts.name !== undefined) form.set('name', parts.name);
  return t.request('/api/admin/media/videos', { method: 'POST', headers: { cookie }, body: form });
};
const list = (query: string, cookie: string | null = marketing) =>
  t.request(`/api/admin/media/videos${query}`, { headers: cookie ? { cookie } : {} });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe('films in the media library', () => {
  it('adds an MP4 and a WebM as uploaded, served from the media folder, listed first and audited', async () => {
    const res = await upload({ file: mp4(), fileName: 'diwali-brand-film.mp4' });
    expect(res.status, await res.clone().text()).toBe(201);
    const film = MediaVideo.parse(await res.json());
    expect(film).toMatchObject({ name: 'diwali brand film', source: 'library' });
    expect(film.path).toMatch(/^\/media\/library\/videos\/[0-9a-f]{20}\.mp4$/);
    const served = await t.request(film.path);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(mp4());
    // a player seeks with ranges
    const part = await t.request(film.path, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    const other = await upload({ file: webm(), fileName: 'x.webm', name: 'Monsoon teaser' }, owner);
    expect(other.status).toBe(201);
    expect(MediaVideo.parse(await other.json()).path).toMatch(/\.webm$/);
    const [row] = await t.db.select().from(mediaVideos).where(eq(mediaVideos.path, film.path));
    expect(row).toMatchObject({ contentType: 'video/mp4', sizeBytes: mp4().length });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'media.upload'), eq(auditLog.targetType, 'media-video')));
    expect(audit?.after).toMatchObject({ path: film.path, contentType: 'video/mp4' });
    const found = MediaVideos.parse(await (await list('?q=monsoon')).json()).videos;
    expect(found.map((v) => v.name)).toEqual(['Monsoon teaser']);
    const all = MediaVideos.parse(await (await list('')).json()).videos;
    expect(all.slice(0, 2).map((v) => v.source)).toEqual(['library', 'library']);
  });

  it('keeps the same film uploaded twice, or twice at once, as one file and one entry', async () => {
    const answers = await Promise.all([
      upload({ file: mp4(128, 3), name: 'Twice' }),
      upload({ file: mp4(128, 3), name: 'Twice' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const paths = await Promise.all(answers.map(async (a) => MediaVideo.parse(await a.json()).path));
    expect(paths[0]).toBe(paths[1]);
    expect(
      await t.db
        .select()
        .from(mediaVideos)
        .where(eq(mediaVideos.path, paths[0] ?? '')),
    ).toHaveLength(1);
  });

  it.each([
    [
      'an image',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(64).fill(0)]),
      415,
    ],
    ['a QuickTime film', quicktime(), 415],
    ['text named .mp4', '<script>alert(1)</script>', 415],
    ['an empty file', '', 400],
  ])('refuses %s', async (_what, file, status) => {
    const res = await upload({ file, fileName: 'film.mp4' });
    expect(res.status).toBe(status);
    expect((await errorOf(res)).message).toBe(
      status === 415 ? MEDIA_VIDEO_MESSAGES.type : MEDIA_VIDEO_MESSAGES.file,
    );
  });

  it('refuses a film over 50 MB with 413, a bad name with 400, no file, and a body that is not multipart', async () => {
    const big = await upload({ file: mp4(MEDIA_VIDEO_LIMITS.videoBytes + 1) });
    expect(big.status).toBe(413);
    expect((await errorOf(big)).message).toBe(MEDIA_VIDEO_MESSAGES.tooLarge);
    expect((await upload({ file: mp4(), name: 'a\u0000b' })).status).toBe(400);
    expect((await upload({ file: mp4(), name: 'x'.repeat(81) })).status).toBe(400);
    expect((await upload({ name: 'No file' })).status).toBe(400);
    const json = await t.request('/api/admin/media/videos', {
      method: 'POST',
      headers: { cookie: marketing, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    expect((await list('?q=%00')).status).toBe(400);
    expect((await list('?q=%E0%A4%A')).status).not.toBe(500);
    expect((await list(`?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('answers a visitor 401 and a shopper, a seller, catalog and finance staff 403', async () => {
    expect((await list('', null)).status).toBe(401);
    expect((await upload({ file: mp4() }, '')).status).toBe(401);
    for (const cookie of [shopper, seller, catalog, finance]) {
      expect((await list('', cookie)).status).toBe(403);
      expect((await upload({ file: mp4(32, 9) }, cookie)).status).toBe(403);
    }
    expect(
      await t.db
        .select()
        .from(mediaVideos)
        .where(eq(mediaVideos.sizeBytes, mp4(32, 9).length)),
    ).toHaveLength(0);
  });
});
