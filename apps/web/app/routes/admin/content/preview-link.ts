// requirements#operator-content: a draft travels to the preview page in its address (base64url of
// its JSON), so the preview opens in a frame, or a new tab, without being saved anywhere.
import type { PreviewInput } from '@marketplace/domain/admin/content-api';
import type { z } from 'zod';

export const PREVIEW_PATH = '/admin/content/preview';
/** Drafts are small (a row and one block); an address longer than this is refused by the page. */
export const MAX_DRAFT_CHARS = 12_000;

/** The preview's address for a draft: the API's PreviewInput as sent (before its checks' transforms). */
export function previewHref(draft: z.input<typeof PreviewInput>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(draft));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const encoded = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${PREVIEW_PATH}?draft=${encoded}`;
}

/** The draft of a preview address, as JSON to be checked by the API; null when it cannot be read. */
export function readDraft(encoded: string | null): unknown {
  if (!encoded || encoded.length > MAX_DRAFT_CHARS || !/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return null;
  }
}
