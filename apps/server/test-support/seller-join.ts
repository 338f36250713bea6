// A joining form as a new seller sends it, for the sellers module's tests and the end-to-end journey.
import { gstinCheckCharacter } from '@marketplace/domain/sellers/tax-identity';

export const TEST_GSTIN = `29AAPFU0939F1Z${gstinCheckCharacter('29AAPFU0939F1Z')}`;

/** The smallest real PNG (1×1) and a PDF header: what the byte sniffing recognises. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);
export const PDF_BYTES = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** Text fields of a valid application from Bengaluru, registered for GST; `change` overrides any. */
export function joinFields(change: Record<string, string | string[] | undefined> = {}) {
  return {
    legalName: 'Sri Lakshmi Traders Private Limited',
    displayName: 'Lakshmi Traders',
    taxStatus: 'registered',
    gstin: TEST_GSTIN,
    pan: 'AAPFU0939F',
    pickupAddress: '12, 4th Cross, Gandhi Nagar',
    pickupPincode: '560009',
    returnAddress: '12, 4th Cross, Gandhi Nagar',
    returnPincode: '560009',
    contactName: 'Lakshmi Rao',
    contactEmail: 'lakshmi@example.com',
    contactMobile: '9845012345',
    bankAccountName: 'Sri Lakshmi Traders',
    bankAccountNumber: '123456789012',
    bankIfsc: 'SBIN0001234',
    ...change,
  };
}

/** The multipart form: fields, the ticked categories and the two documents (null leaves one out). */
export function joinForm(
  fields: Record<string, string | string[] | undefined>,
  categoryIds: number[],
  documents: { taxCertificate?: Blob | null; cancelledCheque?: Blob | null } = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.set(name, value);
  }
  for (const id of categoryIds) form.append('categoryIds', String(id));
  const tax = documents.taxCertificate === undefined ? new Blob([PDF_BYTES]) : documents.taxCertificate;
  const cheque = documents.cancelledCheque === undefined ? new Blob([PNG_BYTES]) : documents.cancelledCheque;
  if (tax) form.set('taxCertificate', tax, 'gst-certificate.pdf');
  if (cheque) form.set('cancelledCheque', cheque, 'cheque.png');
  return form;
}
