import { Upload } from '@marketplace/domain/orders/feedback';

export type UploadResult = { ok: true; key: string } | { ok: false; status: number; message: string };

/**
 * Sends one photo or video about the order item from the browser (the page's scripts resized a
 * photo first, requirements#uploads); the answer, checked against its schema, carries the upload's key.
 */
export async function uploadMedia(
  orderItemId: number,
  kind: 'image' | 'video',
  file: Blob,
  name: string,
): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, name);
  const res = await fetch(`/api/uploads?orderItem=${orderItemId}&kind=${kind}`, {
    method: 'POST',
    credentials: 'same-origin',
    body: form,
  });
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const upload = Upload.safeParse(body);
    return upload.success ? { ok: true, key: upload.data.key } : { ok: false, status: 502, message: '' };
  }
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return {
    ok: false,
    status: res.status,
    message: res.status < 500 && typeof message === 'string' ? message : '',
  };
}
