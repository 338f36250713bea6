import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '@marketplace/db';
import { FEEDBACK_MESSAGES, UPLOAD_LIMITS } from '@marketplace/domain/orders/feedback';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { FILES, fileForm, orderItemOf, sellerEmails } from '../../../test-support/feedback.ts';

let t: TestApp;
let priya: string;
let rahul: string;
let item: Awaited<ReturnType<typeof orderItemOf>>;
beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
  rahul = await t.loginCookie('rahul@example.com');
  item = await orderItemOf(t.db, 'priya@example.com', 'delivered');
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type UploadBody = { key: string; kind: string; contentType: string; sizeBytes: number; url: string };

const upload = (
  cookie: string | null,
  query: string,
  body: BodyInit | null,
  headers: Record<string, string> = {},
) =>
  t.request(`/api/uploads?${query}`, {
    method: 'POST',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    body,
  });
const uploadPng = async (cookie = priya, itemId = item.id) => {
  const res = await upload(
    cookie,
    `orderItem=${itemId}&kind=image`,
    fileForm(FILES.png, 'photo.png', 'image/png'),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as UploadBody;
};

describe('POST /api/uploads', () => {
  it('stores an image under a random key, typed by its bytes, whatever its name says', async () => {
    const res = await upload(
      priya,
      `orderItem=${item.id}&kind=image`,
      fileForm(FILES.png, 'holiday.jpg', 'image/jpeg'),
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as UploadBody;
    expect(body).toMatchObject({ kind: 'image', contentType: 'image/png', sizeBytes: FILES.png.length });
    expect(body.key).toMatch(/^[0-9a-f]{32}$/);
    expect(body.url).toBe(`/api/uploads/${body.key}`);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.key, body.key));
    expect(row).toMatchObject({ orderItemId: item.id, kind: 'image', isPublic: false });
  });

  it('stores a video', async () => {
    const res = await upload(
      priya,
      `orderItem=${item.id}&kind=video`,
      fileForm(FILES.mp4, 'unboxing.mp4', 'video/mp4'),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ kind: 'video', contentType: 'video/mp4' });
  });

  it.each([
    [
      'a .jpg that is only text',
      FILES.text,
      'photo.jpg',
      'image/jpeg',
      'image',
      FEEDBACK_MESSAGES.invalidImages,
    ],
    [
      'a video sent as an image',
      FILES.mp4,
      'photo.jpg',
      'image/jpeg',
      'image',
      FEEDBACK_MESSAGES.invalidImages,
    ],
    ['an image sent as a video', FILES.png, 'clip.mp4', 'video/mp4', 'video', FEEDBACK_MESSAGES.invalidVideo],
    [
      'an SVG with a script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      'image/svg+xml',
      'image',
      FEEDBACK_MESSAGES.invalidImages,
    ],
    [
      'an HTML page named .png',
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      'x.png',
      'image/png',
      'image',
      FEEDBACK_MESSAGES.invalidImages,
    ],
  ])('refuses %s with 415 and the spec message', async (_, bytes, name, type, kind, message) => {
    const before = await t.db.select().from(uploads);
    const res = await upload(priya, `orderItem=${item.id}&kind=${kind}`, fileForm(bytes, name, type));
    expect(res.status).toBe(415);
    expect(((await res.json()) as ErrorBody).error.message).toBe(message);
    expect(await t.db.select().from(uploads)).toHaveLength(before.length);
  });

  it('stores an image of exactly 5 MB: the limit is at most 5 MB', async () => {
    const padding = Buffer.alloc(UPLOAD_LIMITS.imageBytes - FILES.png.length);
    const exact = Buffer.concat([FILES.png, padding]);
    const res = await upload(
      priya,
      `orderItem=${item.id}&kind=image`,
      fileForm(exact, 'exact.png', 'image/png'),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ sizeBytes: UPLOAD_LIMITS.imageBytes });
  });

  it('refuses an image one byte over 5 MB with 413', async () => {
    const over = Buffer.concat([FILES.png, Buffer.alloc(UPLOAD_LIMITS.imageBytes + 1 - FILES.png.length)]);
    const res = await upload(
      priya,
      `orderItem=${item.id}&kind=image`,
      fileForm(over, 'over.png', 'image/png'),
    );
    expect(res.status).toBe(413);
  });

  it('refuses an image over 5 MB with 413 while it streams in', async () => {
    const big = Buffer.concat([FILES.png, Buffer.alloc(UPLOAD_LIMITS.imageBytes)]);
    const res = await upload(priya, `orderItem=${item.id}&kind=image`, fileForm(big, 'big.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: FEEDBACK_MESSAGES.imageTooLarge,
    });
  });

  it('refuses a 60 MB video with 413 from its declared length, over real HTTP', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const video = Buffer.concat([FILES.mp4, Buffer.alloc(60 * 1024 * 1024)]);
      const res = await fetch(`http://127.0.0.1:${port}/api/uploads?orderItem=${item.id}&kind=video`, {
        method: 'POST',
        headers: { cookie: priya },
        body: fileForm(video, 'long.mp4', 'video/mp4'),
      });
      expect(res.status).toBe(413);
      expect(((await res.json()) as ErrorBody).error.message).toBe(FEEDBACK_MESSAGES.videoTooLarge);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.each([
    ['no query', '', 'orderItem'],
    ['a hostile item id', 'orderItem=1%20OR%201=1&kind=image', 'orderItem'],
    ['an item id past the integer range', 'orderItem=99999999999&kind=image', 'orderItem'],
    ['an unknown kind', 'orderItem=1&kind=document', 'kind'],
  ])('answers 400 for %s', async (_, query, field) => {
    const res = await upload(priya, query, fileForm(FILES.png, 'a.png', 'image/png'));
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields?.[field]).toBeDefined();
  });

  it('answers 400 for a form without a file part, or with two files', async () => {
    const empty = new FormData();
    empty.append('note', 'hello');
    expect((await upload(priya, `orderItem=${item.id}&kind=image`, empty)).status).toBe(400);
    const two = fileForm(FILES.png, 'a.png', 'image/png');
    two.append('file', new Blob([FILES.png], { type: 'image/png' }), 'b.png');
    expect((await upload(priya, `orderItem=${item.id}&kind=image`, two)).status).toBe(400);
  });

  it('answers 400 for a malformed multipart body and 415 for a body that is not a form', async () => {
    const malformed = await upload(priya, `orderItem=${item.id}&kind=image`, '--x\r\nnonsense', {
      'content-type': 'multipart/form-data; boundary=zzz',
    });
    expect(malformed.status).toBe(400);
    const json = await upload(priya, `orderItem=${item.id}&kind=image`, '{"file":"x"}', {
      'content-type': 'application/json',
    });
    expect(json.status).toBe(415);
  });

  it('answers 401 without a session and 404 for another shopper’s order item', async () => {
    const anonymous = await upload(
      null,
      `orderItem=${item.id}&kind=image`,
      fileForm(FILES.png, 'a.png', 'image/png'),
    );
    expect(anonymous.status).toBe(401);
    const other = await upload(
      rahul,
      `orderItem=${item.id}&kind=image`,
      fileForm(FILES.png, 'a.png', 'image/png'),
    );
    expect(other.status).toBe(404);
  });

  it('lets forms through to the upload endpoint only: other endpoints still take JSON alone', async () => {
    const res = await t.request('/api/feedback', {
      method: 'PUT',
      headers: { cookie: priya },
      body: fileForm(FILES.png, 'a.png', 'image/png'),
    });
    expect(res.status).toBe(415);
  });

  it('refuses an upload sent from another site', async () => {
    const res = await upload(
      priya,
      `orderItem=${item.id}&kind=image`,
      fileForm(FILES.png, 'a.png', 'image/png'),
      {
        origin: 'https://evil.example',
      },
    );
    expect(res.status).toBe(403);
  });
});

describe('GET /api/uploads/{key}', () => {
  it('serves the file to its owner and the item’s seller only; others get 404', async () => {
    const { key } = await uploadPng();
    const { seller, otherSeller } = await sellerEmails(t.db, item.sellerId);
    const get = (cookie: string | null) =>
      t.request(`/api/uploads/${key}`, { headers: cookie ? { cookie } : {} });

    const own = await get(priya);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('cache-control')).toMatch(/^private/);
    expect(own.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await own.arrayBuffer())).toEqual(FILES.png);

    expect((await get(await t.loginCookie(seller))).status).toBe(200);
    expect((await get(await t.loginCookie(otherSeller))).status).toBe(404);
    expect((await get(rahul)).status).toBe(404);
    expect((await get(null)).status).toBe(404);
  });

  it.each([
    ['0123', 400],
    ['..%2F..%2Fetc%2Fpasswd', 400],
    ['ffffffffffffffffffffffffffffffff', 404],
  ])('answers the key %s with %i', async (key, status) => {
    const res = await t.request(`/api/uploads/${key}`, { headers: { cookie: priya } });
    expect(res.status).toBe(status);
  });
});
