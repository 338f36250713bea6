import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import {
  SELLER_DOCUMENT_MAX_BYTES,
  SELLER_DOCUMENT_TYPES,
  SELLER_JOIN_MESSAGES,
} from '@marketplace/domain/sellers/seller-join';
import type { UploadStore } from '../uploads/index.ts';

/** A document as the form carried it, checked: its real type by its bytes, within the size limit. */
export type CheckedDocument = { bytes: Uint8Array; fileName: string; contentType: string; sizeBytes: number };
export type DocumentCheck =
  { ok: true; document: CheckedDocument | null } | { ok: false; message: string; tooLarge: boolean };

const TEMP_DIR = join(tmpdir(), 'bazaar-seller-documents');

/**
 * requirements#seller-onboarding: a GST certificate or cancelled cheque is a PDF, JPEG or PNG by
 * its bytes (never its name or the browser's type), at most 5 MB. An empty file part is no file.
 */
export async function checkDocument(part: FormDataEntryValue | null): Promise<DocumentCheck> {
  if (part === null || typeof part === 'string') return { ok: true, document: null };
  if (part.size === 0) return { ok: true, document: null };
  if (part.size > SELLER_DOCUMENT_MAX_BYTES) {
    return { ok: false, message: SELLER_JOIN_MESSAGES.documentTooLarge, tooLarge: true };
  }
  const bytes = new Uint8Array(await part.arrayBuffer());
  const found = await fileTypeFromBuffer(bytes);
  const contentType = found?.mime;
  if (!contentType || !(SELLER_DOCUMENT_TYPES as readonly string[]).includes(contentType)) {
    return { ok: false, message: SELLER_JOIN_MESSAGES.documentType, tooLarge: false };
  }
  return {
    ok: true,
    document: { bytes, fileName: cleanFileName(part.name), contentType, sizeBytes: bytes.length },
  };
}

/** The name shown back to the seller: its last path piece, printable, at most 120 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = base
    .replace(/[\p{Cc}<>"]/gu, '')
    .trim()
    .slice(0, 120);
  return printable || 'document';
}

/** Puts the document in the upload store under a new random key (never derived from its name). */
export async function putDocument(store: UploadStore, document: CheckedDocument): Promise<string> {
  const key = randomBytes(16).toString('hex');
  await mkdir(TEMP_DIR, { recursive: true });
  const path = join(TEMP_DIR, key);
  await writeFile(path, document.bytes);
  try {
    await store.put(key, path, document.contentType);
  } finally {
    await rm(path, { force: true });
  }
  return key;
}
