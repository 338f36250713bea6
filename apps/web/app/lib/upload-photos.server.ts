import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES, Upload } from '@marketplace/domain/orders/feedback';
import type { AppLoadContext } from 'react-router';
import { requestApi } from './account-api.ts';

/** The files a form posted under a name, without the empty part a browser sends when none was picked. */
export function postedFiles(form: FormData, name: string): File[] {
  return form.getAll(name).filter((value): value is File => typeof value !== 'string' && value.size > 0);
}

export type PostedPhotos =
  { ok: true; uploads: { key: string; url: string }[] } | { ok: false; status: number; message: string };

/**
 * Photos a form carried because the page's scripts did not run (they upload them first
 * otherwise): each goes to the upload endpoint in-process, as the browser would have sent it, so
 * the same checks apply (its bytes must be an image, at most 5 MB, 60 an hour). The first refusal
 * stops the rest. ADR-0014.
 */
export async function uploadPostedPhotos(
  context: AppLoadContext,
  orderItemId: number,
  files: readonly File[],
  alreadyKept: number,
): Promise<PostedPhotos> {
  if (alreadyKept + files.length > FEEDBACK_LIMITS.images)
    return { ok: false, status: 400, message: FEEDBACK_MESSAGES.tooManyImages };
  const uploads: { key: string; url: string }[] = [];
  for (const file of files) {
    const body = new FormData();
    body.append('file', file, file.name || 'photo');
    const result = await requestApi(
      (path, init) => context.api(path, init),
      'POST',
      `/api/uploads?orderItem=${orderItemId}&kind=image`,
      Upload,
      body,
    );
    if (result.ok) uploads.push({ key: result.data.key, url: result.data.url });
    else if (result.kind === 'refused')
      return { ok: false, status: result.status, message: result.message || FEEDBACK_MESSAGES.invalidImages };
    else return { ok: false, status: 503, message: '' };
  }
  return { ok: true, uploads };
}
