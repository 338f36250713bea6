import type { FeedbackInput, FeedbackKind } from '@marketplace/domain/orders/feedback';
import { callApi } from '../components/account/account-api.ts';

export type FeedbackMedia = { key: string; url: string };
export type SavedFeedback = {
  kind: FeedbackKind;
  stars: number;
  text: string;
  images: FeedbackMedia[];
  video: FeedbackMedia | null;
  updatedAt: string;
};
export type ItemFeedback = {
  item: {
    id: number;
    orderNo: string;
    productName: string;
    productImage: string;
    sellerName: string;
    quantity: number;
    isDelivered: boolean;
  };
  feedback: Record<FeedbackKind, SavedFeedback | null>;
};

/** Sends one photo or video about the order item; the answer carries the upload's key. */
export async function uploadMedia(orderItemId: number, kind: 'image' | 'video', file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  const res = await fetch(`/api/uploads?orderItem=${orderItemId}&kind=${kind}`, {
    method: 'POST',
    credentials: 'same-origin',
    body: form,
  });
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) return { ok: true as const, key: (body as { key: string }).key };
  const message = (body as { error?: { message?: string } } | null)?.error?.message;
  return { ok: false as const, status: res.status, message: res.status < 500 ? (message ?? '') : '' };
}

export const saveFeedback = (input: FeedbackInput) =>
  callApi<{ feedback: SavedFeedback; message: string }>('/api/feedback', { method: 'PUT', body: input });
