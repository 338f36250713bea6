import { z } from 'zod';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { categories, type Executor, offers, pincodes, sellerDocuments, sellers } from '@marketplace/db';
import { defaultDocumentPrefix, normaliseDocumentPrefix } from '@marketplace/domain/tax/document-series';
import {
  maskAccountNumber,
  SELLER_JOIN_MESSAGES,
  type SellerBankInput,
  type SellerDocument,
  type SellerProfile,
  type SellerProfileInput,
} from '@marketplace/domain/sellers/seller-join';
import { SELLER_STATUSES } from '@marketplace/domain/sellers/statuses';
import { stateOfGstin } from '@marketplace/domain/sellers/tax-identity';
import type { UploadStore } from '../uploads/index.ts';

const SellerStatusSchema = z.enum(SELLER_STATUSES);

export type Category = { id: number; name: string };

/** Where an account stands as a seller (requirements#seller-onboarding): its status, or null if it never applied. */
export async function sellerStatusOfUser(db: Executor, userId: number) {
  const [row] = await db.select({ status: sellers.status }).from(sellers).where(eq(sellers.userId, userId));
  return row ? SellerStatusSchema.parse(row.status) : null;
}

/** The top categories a seller chooses from when joining, in the shop's order. */
export function topCategories(db: Executor): Promise<Category[]> {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.level, 1))
    .orderBy(asc(categories.position), asc(categories.id));
}

/** Field messages for pincodes we do not know and categories that are not top categories. */
export async function placeAndCategoryProblems(
  db: Executor,
  input: { pickupPincode: string; returnPincode: string; categoryIds: number[] },
): Promise<Record<string, string>> {
  const wanted = [...new Set([input.pickupPincode, input.returnPincode])];
  const [known, tops] = await Promise.all([
    db.select({ pincode: pincodes.pincode }).from(pincodes).where(inArray(pincodes.pincode, wanted)),
    topCategories(db),
  ]);
  const knownSet = new Set(known.map((row) => row.pincode));
  const fields: Record<string, string> = {};
  if (!knownSet.has(input.pickupPincode)) fields.pickupPincode = SELLER_JOIN_MESSAGES.unknownPincode;
  if (!knownSet.has(input.returnPincode)) fields.returnPincode = SELLER_JOIN_MESSAGES.unknownPincode;
  const topIds = new Set(tops.map((category) => category.id));
  if (input.categoryIds.some((id) => !topIds.has(id)))
    fields.categoryIds = SELLER_JOIN_MESSAGES.unknownCategory;
  return fields;
}

/** Whether another seller already shows this name to shoppers (names compare without case, as the unique index does). */
export async function isDisplayNameTaken(db: Executor, name: string, exceptSellerId: number | null) {
  const rows = await db
    .select({ id: sellers.id })
    .from(sellers)
    .where(sql`lower(${sellers.name}) = lower(${name})`);
  return rows.some((row) => row.id !== exceptSellerId);
}

/**
 * requirements#document-series: the prefixes the other seller accounts of a GSTIN number their documents
 * under (a chosen one, or the one its legal name gives while none is chosen), in capitals. Two accounts
 * sharing one would issue one GSTIN's numbers twice (CGST rule 46(b)).
 */
export async function takenDocumentPrefixes(
  db: Executor,
  gstin: string | null,
  exceptSellerId: number | null,
): Promise<Set<string>> {
  if (!gstin) return new Set();
  const rows = await db
    .select({ id: sellers.id, prefix: sellers.documentPrefix, legalName: sellers.legalName })
    .from(sellers)
    .where(eq(sellers.gstin, gstin));
  return new Set(
    rows
      .filter((row) => row.id !== exceptSellerId)
      .map((row) => normaliseDocumentPrefix(row.prefix ?? defaultDocumentPrefix(row.legalName))),
  );
}

/** Whether another account of the GSTIN uses the prefix, whatever its case. */
export async function isDocumentPrefixTaken(
  db: Executor,
  gstin: string | null,
  prefix: string,
  exceptSellerId: number | null,
) {
  return (await takenDocumentPrefixes(db, gstin, exceptSellerId)).has(normaliseDocumentPrefix(prefix));
}

const profileColumns = {
  sellerId: sellers.id,
  status: sellers.status,
  rejectionReason: sellers.rejectionReason,
  suspensionReason: sellers.suspensionReason,
  legalName: sellers.legalName,
  displayName: sellers.name,
  gstin: sellers.gstin,
  pan: sellers.pan,
  enrolmentNo: sellers.enrolmentNo,
  documentPrefix: sellers.documentPrefix,
  pickupAddress: sellers.pickupAddress,
  pickupPincode: sellers.pincode,
  returnAddress: sellers.returnAddress,
  returnPincode: sellers.returnPincode,
  contactName: sellers.contactName,
  contactEmail: sellers.contactEmail,
  contactMobile: sellers.contactMobile,
  bankAccountName: sellers.bankAccountName,
  bankAccountNumber: sellers.bankAccountNumber,
  bankIfsc: sellers.bankIfsc,
  categoryIds: sellers.categoryIds,
  submittedAt: sellers.submittedAt,
  decidedAt: sellers.decidedAt,
};

/** The documents of one seller, newest first: only ever asked for with the session's seller. */
export async function documentsOf(db: Executor, sellerId: number): Promise<SellerDocument[]> {
  const rows = await db
    .select({
      id: sellerDocuments.id,
      kind: sellerDocuments.kind,
      fileName: sellerDocuments.fileName,
      contentType: sellerDocuments.contentType,
      sizeBytes: sellerDocuments.sizeBytes,
      createdAt: sellerDocuments.createdAt,
    })
    .from(sellerDocuments)
    .where(eq(sellerDocuments.sellerId, sellerId))
    .orderBy(asc(sellerDocuments.kind), asc(sellerDocuments.id));
  return rows.map((row) => ({
    ...row,
    kind: row.kind as SellerDocument['kind'],
    createdAt: row.createdAt.toISOString(),
  }));
}

/** requirements#seller-onboarding: the account's seller application and business details, or null when it has none. */
export async function profileOfUser(db: Executor, userId: number): Promise<SellerProfile | null> {
  const [row] = await db.select(profileColumns).from(sellers).where(eq(sellers.userId, userId));
  if (!row) return null;
  const [documents, tops] = await Promise.all([documentsOf(db, row.sellerId), topCategories(db)]);
  const { bankAccountNumber, categoryIds, ...rest } = row;
  const identity = row.gstin ?? row.enrolmentNo;
  return {
    ...rest,
    status: row.status as SellerProfile['status'],
    documentPrefix: row.documentPrefix ?? defaultDocumentPrefix(row.legalName),
    taxStatus: row.gstin ? 'registered' : 'unregistered',
    state: identity ? stateOfGstin(identity) : null,
    pickupAddress: row.pickupAddress ?? '',
    returnAddress: row.returnAddress ?? '',
    returnPincode: row.returnPincode ?? '',
    contactName: row.contactName ?? '',
    contactEmail: row.contactEmail ?? '',
    contactMobile: row.contactMobile ?? '',
    bankAccountName: row.bankAccountName ?? '',
    bankAccountMasked: bankAccountNumber ? maskAccountNumber(bankAccountNumber) : '',
    bankIfsc: row.bankIfsc ?? '',
    categories: tops.filter((category) => categoryIds.includes(category.id)),
    documents,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * An approved seller's own business details. A new pickup pincode moves where its offers ship
 * from too (offers keep the seller's pincode for the delivery engine, requirements#delivery-serviceability).
 */
export async function updateProfile(db: Executor, sellerId: number, input: SellerProfileInput) {
  await db.transaction(async (tx) => {
    await tx
      .update(sellers)
      .set({
        name: input.displayName,
        pickupAddress: input.pickupAddress,
        pincode: input.pickupPincode,
        returnAddress: input.returnAddress,
        returnPincode: input.returnPincode,
        contactName: input.contactName,
        contactEmail: input.contactEmail,
        contactMobile: input.contactMobile,
        categoryIds: input.categoryIds,
      })
      .where(eq(sellers.id, sellerId));
    await tx.update(offers).set({ sellerPincode: input.pickupPincode }).where(eq(offers.sellerId, sellerId));
  });
}

/** The payout account, replaced whole. */
export async function updateBank(db: Executor, sellerId: number, input: SellerBankInput) {
  await db
    .update(sellers)
    .set({
      bankAccountName: input.bankAccountName,
      bankAccountNumber: input.bankAccountNumber,
      bankIfsc: input.bankIfsc,
    })
    .where(eq(sellers.id, sellerId));
}

/** One of the seller's own documents with its bytes; null for another seller's (a 404, never a 403). */
export async function openDocument(db: Executor, store: UploadStore, sellerId: number, documentId: number) {
  const [row] = await db
    .select({
      key: sellerDocuments.key,
      kind: sellerDocuments.kind,
      fileName: sellerDocuments.fileName,
      contentType: sellerDocuments.contentType,
    })
    .from(sellerDocuments)
    .where(and(eq(sellerDocuments.id, documentId), eq(sellerDocuments.sellerId, sellerId)));
  if (!row) return null;
  const file = await store.get(row.key);
  return file ? { ...row, ...file } : null;
}
