// requirements#e-invoicing: the built-in Invoice Registration Portal, the default (ADR-0042). It takes
// what NIC's portal takes and refuses what it refuses, with NIC's codes where they are published: a
// JSON that is not INV-01 1.1, an IRN registered before (2150, with the earlier acknowledgement), a
// cancellation after 24 hours or of an IRN that is not active. It signs QR codes and invoices with its
// own RSA key, made on first use and kept in `keyFile` when one is given.
import {
  generateKeyPairSync,
  createPrivateKey,
  createPublicKey,
  randomInt,
  type KeyObject,
} from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { canCancelIrn, type Inv01, inv01Problems, qrDataOf } from '@marketplace/domain/tax/e-invoice';
import { EwayPartA, ewayValidUntil } from '@marketplace/domain/tax/eway-bill';
import {
  computeIrn,
  financialYearOfPortalDate,
  type IrpProvider,
  type PortalResult,
  type RegisteredIrn,
} from './provider.ts';
import { signToken } from './signed-token.ts';

/** The codes the sandbox answers with (NIC's for 2150 and 9999; its own, documented, for the others). */
export const SANDBOX_ERRORS = {
  duplicate: { code: '2150', message: 'Duplicate IRN' },
  notActive: { code: '9999', message: 'Invoice is not active' },
  schema: '5002',
  cancelWindow: {
    code: '2270',
    message: 'The allowed cancellation time limit is crossed, you cannot cancel the IRN',
  },
  notFound: { code: '2148', message: 'Requested IRN data is not available' },
  gstinMismatch: { code: '2143', message: 'Invoice does not belong to the user GSTIN' },
  ewayPartA: '4001',
} as const;

function loadKey(keyFile: string | undefined): KeyObject {
  if (keyFile) {
    try {
      return createPrivateKey(readFileSync(keyFile, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  if (keyFile) {
    mkdirSync(dirname(keyFile), { recursive: true });
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  return privateKey;
}

/** 'yyyy-MM-dd HH:mm:ss' in IST, the way NIC writes its acknowledgement and cancellation dates. */
export function portalTimestamp(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}
/** The instant of a NIC timestamp ('yyyy-MM-dd HH:mm:ss', IST). */
export function instantOfPortalTimestamp(text: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text.trim());
  if (!match) return null;
  const at = new Date(`${match[1]}T${match[2]}+05:30`);
  return Number.isNaN(at.getTime()) ? null : at;
}

type Registration = RegisteredIrn & { gstin: string; acknowledgedAt: Date; hasEwayBill: boolean };

export type SandboxIrp = IrpProvider & {
  name: 'sandbox';
  /** What this portal holds, by IRN (a test reads it as the portal's own records). */
  registrations: ReadonlyMap<string, Readonly<Registration>>;
};

export function createSandboxIrp({
  keyFile,
  now = () => new Date(),
}: { keyFile?: string; now?: () => Date } = {}): SandboxIrp {
  let key: KeyObject | null = null;
  const signingKey = () => (key ??= loadKey(keyFile));
  const registrations = new Map<string, Registration>();
  let ackSerial = 0;
  const refused = (code: string, message: string) =>
    Promise.resolve({ outcome: 'refused', errors: [{ code, message }] } as const);
  const done = <T>(value: T): Promise<PortalResult<T>> => Promise.resolve({ outcome: 'done', value });

  return {
    name: 'sandbox',
    registrations,
    generateIrn(gstin, invoice: Inv01) {
      const problems = inv01Problems(invoice);
      if (problems.length > 0)
        return Promise.resolve({
          outcome: 'refused',
          errors: problems.map((message) => ({ code: SANDBOX_ERRORS.schema, message })),
        });
      if (invoice.SellerDtls.Gstin !== gstin)
        return refused(SANDBOX_ERRORS.gstinMismatch.code, SANDBOX_ERRORS.gstinMismatch.message);
      const irn = computeIrn({
        sellerGstin: gstin,
        financialYear: financialYearOfPortalDate(invoice.DocDtls.Dt),
        docType: invoice.DocDtls.Typ === 'CRN' ? 'CRN' : 'INV',
        docNo: invoice.DocDtls.No,
      });
      const earlier = registrations.get(irn);
      if (earlier) {
        // NIC refuses the same IRN twice, cancelled or not, and names the earlier acknowledgement
        return refused(
          SANDBOX_ERRORS.duplicate.code,
          `${SANDBOX_ERRORS.duplicate.message} (acknowledgement ${earlier.ackNo} of ${earlier.ackDate})`,
        );
      }
      const at = now();
      ackSerial += 1;
      const ackNo =
        `1${String(at.getUTCFullYear()).slice(2)}${String(randomInt(10_000_000, 99_999_999))}${String(ackSerial).padStart(4, '0')}`.slice(
          0,
          15,
        );
      const ackDate = portalTimestamp(at);
      const privateKey = signingKey();
      const registration: Registration = {
        irn,
        ackNo,
        ackDate,
        signedInvoice: signToken(
          { ...invoice, Irn: irn, AckNo: Number(ackNo), AckDt: ackDate },
          privateKey,
          'sandbox',
        ),
        signedQrCode: signToken(qrDataOf(invoice, irn, ackDate), privateKey, 'sandbox'),
        status: 'ACT',
        gstin,
        acknowledgedAt: at,
        hasEwayBill: false,
      };
      registrations.set(irn, registration);
      const { gstin: _g, acknowledgedAt: _a, hasEwayBill: _e, ...answer } = registration;
      return done(answer);
    },
    cancelIrn(gstin, { irn, reason, remark }) {
      const registration = registrations.get(irn);
      if (!registration) return refused(SANDBOX_ERRORS.notFound.code, SANDBOX_ERRORS.notFound.message);
      if (registration.gstin !== gstin)
        return refused(SANDBOX_ERRORS.gstinMismatch.code, SANDBOX_ERRORS.gstinMismatch.message);
      if (registration.status !== 'ACT')
        return refused(SANDBOX_ERRORS.notActive.code, SANDBOX_ERRORS.notActive.message);
      if (!['1', '2', '3', '4'].includes(reason) || remark.length > 100)
        return refused(SANDBOX_ERRORS.schema, 'CnlRsn is 1 to 4 and CnlRem at most 100 characters');
      if (registration.hasEwayBill) return refused('4002', 'EwayBill is already generated for this IRN');
      const at = now();
      if (!canCancelIrn(registration.acknowledgedAt, at))
        return refused(SANDBOX_ERRORS.cancelWindow.code, SANDBOX_ERRORS.cancelWindow.message);
      registration.status = 'CNL';
      return done({ irn, cancelDate: portalTimestamp(at) });
    },
    getByIrn(gstin, irn) {
      const registration = registrations.get(irn);
      if (!registration || registration.gstin !== gstin)
        return refused(SANDBOX_ERRORS.notFound.code, SANDBOX_ERRORS.notFound.message);
      const { gstin: _g, acknowledgedAt: _a, hasEwayBill: _e, ...answer } = registration;
      return done(answer);
    },
    generateEwayBill(gstin, { irn, partA }) {
      const parsed = EwayPartA.safeParse(partA);
      if (!parsed.success)
        return refused(
          SANDBOX_ERRORS.ewayPartA,
          parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        );
      if (parsed.data.fromGstin !== gstin)
        return refused(SANDBOX_ERRORS.gstinMismatch.code, SANDBOX_ERRORS.gstinMismatch.message);
      if (irn) {
        const registration = registrations.get(irn);
        if (!registration || registration.status !== 'ACT')
          return refused(SANDBOX_ERRORS.notActive.code, SANDBOX_ERRORS.notActive.message);
        registration.hasEwayBill = true;
      }
      const at = now();
      return done({
        ewbNo: `${randomInt(100_000, 999_999)}${String(randomInt(100_000, 999_999))}`,
        ewbDate: portalTimestamp(at),
        validUntil: portalTimestamp(ewayValidUntil(at, parsed.data.transDistance)),
      });
    },
    signingKey() {
      return Promise.resolve(
        createPublicKey(signingKey()).export({ type: 'spki', format: 'pem' }).toString(),
      );
    },
  };
}
