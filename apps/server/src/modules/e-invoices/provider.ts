// requirements#e-invoicing: every call to an Invoice Registration Portal goes through this interface;
// the built-in sandbox (sandbox.ts) and the NIC e-invoice API v1.03 adapter (nic.ts) implement it (ADR-0042).
import { createHash } from 'node:crypto';
import type { CancelReason, Inv01 } from '@marketplace/domain/tax/e-invoice';
import { irnText, type EInvoiceDocType } from '@marketplace/domain/tax/e-invoice';
import type { EwayPartA } from '@marketplace/domain/tax/eway-bill';

/** One of the portal's errors, as it reports them: NIC's ErrorCode and ErrorMessage. */
export type PortalError = { code: string; message: string };

/**
 * A portal's answer: done, refused (the portal read the request and said no: its errors, shown to the
 * seller; trying again unchanged will not help), or unavailable (not reached, timed out, a server error:
 * tried again later with backoff).
 */
export type PortalResult<T> =
  | { outcome: 'done'; value: T }
  | { outcome: 'refused'; errors: readonly PortalError[] }
  | { outcome: 'unavailable'; message: string };

/** A registered e-invoice, as generate and get-by-IRN answer it. */
export type RegisteredIrn = {
  irn: string;
  ackNo: string;
  /** NIC's acknowledgement date, 'yyyy-MM-dd HH:mm:ss' in IST */
  ackDate: string;
  signedInvoice: string;
  signedQrCode: string;
  status: 'ACT' | 'CNL';
};

export type EwayBill = { ewbNo: string; ewbDate: string; validUntil: string };

export type IrpProvider = {
  name: 'sandbox' | 'nic';
  /** Registers INV-01 for the seller's GSTIN; NIC error 2150 refuses an IRN registered before. */
  generateIrn(gstin: string, invoice: Inv01): Promise<PortalResult<RegisteredIrn>>;
  /** Cancels a registered IRN, within 24 hours of its acknowledgement. */
  cancelIrn(
    gstin: string,
    args: { irn: string; reason: CancelReason; remark: string },
  ): Promise<PortalResult<{ irn: string; cancelDate: string }>>;
  getByIrn(gstin: string, irn: string): Promise<PortalResult<RegisteredIrn>>;
  /** Part A of an e-way bill for a consignment (with the IRN of its e-invoice when it has one). */
  generateEwayBill(
    gstin: string,
    args: { irn: string | null; partA: EwayPartA },
  ): Promise<PortalResult<EwayBill>>;
  /** The portal's public key (PEM) that checks its signed QR codes and invoices. */
  signingKey(): Promise<string | null>;
};

/** NIC's IRN: the SHA-256 (hex) of the supplier's GSTIN, financial year, document type and number. */
export function computeIrn(args: {
  sellerGstin: string;
  financialYear: string;
  docType: EInvoiceDocType;
  docNo: string;
}): string {
  return createHash('sha256').update(irnText(args)).digest('hex');
}

/** The financial year ('2026-27') of a document date as the schema writes it ('06/12/2026'). */
export function financialYearOfPortalDate(date: string): string {
  const [, month, year] = date.split('/').map(Number);
  const start = (month ?? 1) >= 4 ? (year ?? 0) : (year ?? 0) - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
