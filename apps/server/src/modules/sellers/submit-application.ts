import { eq, and, inArray } from 'drizzle-orm';
import { type Executor, sellerDocuments, sellers, users } from '@marketplace/db';
import {
  JOIN_DOCUMENT_FIELDS,
  type JoinDocumentField,
  SELLER_JOIN_MESSAGES,
  type SellerJoinInput,
} from '@marketplace/domain/sellers/seller-join';
import { firstFreeDocumentPrefix } from '@marketplace/domain/tax/document-series';
import { isUniqueViolation } from '../profile/index.ts';
import type { UploadStore } from '../uploads/index.ts';
import { type CheckedDocument, putDocument } from './documents.ts';
import { isDisplayNameTaken, placeAndCategoryProblems, takenDocumentPrefixes } from './service.ts';

export type SubmitResult =
  | { code: 'OK'; sellerId: number }
  | { code: 'INVALID'; fields: Record<string, string> }
  | { code: 'NAME_TAKEN' }
  | { code: 'PREFIX_TAKEN' }
  | { code: 'ALREADY_APPLIED' }
  | { code: 'ALREADY_SELLER' }
  | { code: 'NOT_ALLOWED' };

type Documents = Partial<Record<JoinDocumentField, CheckedDocument>>;

/**
 * requirements#seller-onboarding: an account applies to sell, or a rejected seller corrects and
 * sends its application again. The seller row (status pending), its documents and the account's
 * seller role are written in one transaction; files are stored first under random keys and
 * removed again when the transaction does not happen. Two submissions at once make one seller:
 * the unique index on the seller's account decides.
 */
export async function submitApplication(
  db: Executor,
  store: UploadStore,
  args: { userId: number; input: SellerJoinInput; documents: Documents; now?: Date },
): Promise<SubmitResult> {
  const { userId, input, documents } = args;
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!user || user.role === 'admin') return { code: 'NOT_ALLOWED' };
  const [existing] = await db
    .select({ id: sellers.id, status: sellers.status })
    .from(sellers)
    .where(eq(sellers.userId, userId));
  if (existing?.status === 'pending') return { code: 'ALREADY_APPLIED' };
  if (existing && existing.status !== 'rejected') return { code: 'ALREADY_SELLER' };

  const kinds = {
    taxCertificate: JOIN_DOCUMENT_FIELDS.taxCertificate[input.taxStatus],
    cancelledCheque: JOIN_DOCUMENT_FIELDS.cancelledCheque[input.taxStatus],
  };
  const held = existing
    ? new Set(
        (
          await db
            .select({ kind: sellerDocuments.kind })
            .from(sellerDocuments)
            .where(eq(sellerDocuments.sellerId, existing.id))
        ).map((row) => row.kind),
      )
    : new Set<string>();
  // a first application brings both documents; a corrected one only those it replaces
  const fields = await placeAndCategoryProblems(db, input);
  if (!documents.taxCertificate && !held.has(kinds.taxCertificate)) {
    fields.taxCertificate = SELLER_JOIN_MESSAGES.taxCertificate;
  }
  if (!documents.cancelledCheque && !held.has(kinds.cancelledCheque)) {
    fields.cancelledCheque = SELLER_JOIN_MESSAGES.cancelledCheque;
  }
  if (Object.keys(fields).length > 0) return { code: 'INVALID', fields };
  if (await isDisplayNameTaken(db, input.displayName, existing?.id ?? null)) return { code: 'NAME_TAKEN' };
  // requirements#document-series: the chosen prefix, or the first free one of the legal name's initials
  const taken = await takenDocumentPrefixes(db, input.gstin, existing?.id ?? null);
  const documentPrefix = input.documentPrefix ?? firstFreeDocumentPrefix(input.legalName, taken);
  if (documentPrefix === null || taken.has(documentPrefix)) return { code: 'PREFIX_TAKEN' };

  const stored: { field: JoinDocumentField; key: string; document: CheckedDocument }[] = [];
  const removeStored = () => Promise.all(stored.map(({ key }) => store.delete(key).catch(() => undefined)));
  try {
    for (const field of ['taxCertificate', 'cancelledCheque'] as const) {
      const document = documents[field];
      if (document) stored.push({ field, key: await putDocument(store, document), document });
    }
    const now = args.now ?? new Date();
    const details = {
      name: input.displayName,
      legalName: input.legalName,
      gstin: input.gstin,
      pan: input.pan,
      enrolmentNo: input.enrolmentNo,
      documentPrefix,
      pickupAddress: input.pickupAddress,
      pincode: input.pickupPincode,
      returnAddress: input.returnAddress,
      returnPincode: input.returnPincode,
      contactName: input.contactName,
      contactEmail: input.contactEmail,
      contactMobile: input.contactMobile,
      bankAccountName: input.bankAccountName,
      bankAccountNumber: input.bankAccountNumber,
      bankIfsc: input.bankIfsc,
      categoryIds: input.categoryIds,
      shipsWithCourier: input.shippingMethod === 'courier',
      status: 'pending',
      rejectionReason: null,
      submittedAt: now,
      decidedAt: null,
    } as const;
    const outcome = await db.transaction(async (tx) => {
      let sellerId: number;
      let replacedKeys: string[] = [];
      if (existing) {
        const [updated] = await tx
          .update(sellers)
          .set(details)
          .where(and(eq(sellers.id, existing.id), eq(sellers.status, 'rejected')))
          .returning({ id: sellers.id });
        // another submission got there first
        if (!updated) return null;
        sellerId = updated.id;
        const replacedKinds = stored.map(({ field }) => kinds[field]);
        if (replacedKinds.length > 0) {
          const replaced = await tx
            .delete(sellerDocuments)
            .where(and(eq(sellerDocuments.sellerId, sellerId), inArray(sellerDocuments.kind, replacedKinds)))
            .returning({ key: sellerDocuments.key });
          replacedKeys = replaced.map((row) => row.key);
        }
      } else {
        const [inserted] = await tx
          .insert(sellers)
          .values({ ...details, userId })
          .returning({ id: sellers.id });
        if (!inserted) throw new Error('insert returns the row');
        sellerId = inserted.id;
      }
      if (stored.length > 0) {
        await tx.insert(sellerDocuments).values(
          stored.map(({ field, key, document }) => ({
            sellerId,
            kind: kinds[field],
            key,
            fileName: document.fileName,
            contentType: document.contentType,
            sizeBytes: document.sizeBytes,
          })),
        );
      }
      await tx.update(users).set({ role: 'seller' }).where(eq(users.id, userId));
      return { sellerId, replacedKeys };
    });
    if (!outcome) {
      await removeStored();
      return { code: 'ALREADY_APPLIED' };
    }
    await Promise.all(outcome.replacedKeys.map((key) => store.delete(key).catch(() => undefined)));
    return { code: 'OK', sellerId: outcome.sellerId };
  } catch (error) {
    await removeStored();
    if (!isUniqueViolation(error)) throw error;
    // two accounts of one GSTIN applying with one prefix at once: the index decides
    if (isUniqueViolation(error, 'sellers_document_prefix_key')) return { code: 'PREFIX_TAKEN' };
    const [now] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, userId));
    if (now && !existing) return { code: 'ALREADY_APPLIED' };
    return { code: 'NAME_TAKEN' };
  }
}
