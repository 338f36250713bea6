// requirements#data-export: a seller's own personal data as one machine-readable file (DPDP Act
// s. 11): the seller account's profile, the business and KYC details it gave, its payout accounts
// masked as Seller Central shows them, its pickup and return addresses, the documents it uploaded
// (their names, not the files) and its sign-ins. Secrets and staff internals are left out.
import { createRoute, z } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import { type Executor, sellerBankChanges, sellerDocuments, sellers, sessions, users } from '@marketplace/db';
import { maskAccountNumber } from '@marketplace/domain/sellers/seller-join';
import { guarded, requireSeller } from '../../http/auth.ts';
import { errorResponse } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';

const masked = (number: string | null) => (number ? maskAccountNumber(number) : null);

export async function exportSellerData(db: Executor, sellerId: number, now = new Date()) {
  const [row] = await db
    .select({ seller: sellers, user: users })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId));
  if (!row) throw new Error('the seller to export does not exist');
  const { seller, user } = row;
  const documents = await db
    .select({
      kind: sellerDocuments.kind,
      fileName: sellerDocuments.fileName,
      contentType: sellerDocuments.contentType,
      sizeBytes: sellerDocuments.sizeBytes,
      uploadedAt: sellerDocuments.createdAt,
    })
    .from(sellerDocuments)
    .where(eq(sellerDocuments.sellerId, sellerId))
    .orderBy(sellerDocuments.id);
  const bankChanges = await db
    .select()
    .from(sellerBankChanges)
    .where(eq(sellerBankChanges.sellerId, sellerId))
    .orderBy(desc(sellerBankChanges.id));
  const signIns = await db
    .select({
      startedAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      device: sessions.userAgent,
      ipAddress: sessions.ipAddress,
    })
    .from(sessions)
    .where(eq(sessions.userId, user.id))
    .orderBy(desc(sessions.createdAt));
  return {
    exportedAt: now.toISOString(),
    account: {
      email: user.email,
      mobile: user.mobile,
      firstName: user.firstName,
      lastName: user.lastName,
      emailVerifiedAt: user.emailVerifiedAt,
      mobileVerifiedAt: user.mobileVerifiedAt,
      createdAt: user.createdAt,
      lastActiveAt: user.lastActiveAt,
    },
    business: {
      storeName: seller.name,
      legalName: seller.legalName,
      type: seller.type,
      gstin: seller.gstin,
      gstEnrolmentNo: seller.enrolmentNo,
      pan: seller.pan,
      turnoverBand: seller.turnoverBand,
      contactName: seller.contactName,
      contactEmail: seller.contactEmail,
      contactMobile: seller.contactMobile,
      status: seller.status,
      rejectionReason: seller.rejectionReason,
      suspensionReason: seller.suspensionReason,
      submittedAt: seller.submittedAt,
      decidedAt: seller.decidedAt,
      joinedAt: seller.createdAt,
    },
    addresses: {
      pickup: { address: seller.pickupAddress, pincode: seller.pincode },
      return: { address: seller.returnAddress, pincode: seller.returnPincode },
    },
    payoutAccount: {
      accountName: seller.bankAccountName,
      accountNumber: masked(seller.bankAccountNumber),
      ifsc: seller.bankIfsc,
    },
    payoutAccountChanges: bankChanges.map((change) => ({
      source: change.source,
      status: change.status,
      accountName: change.accountName,
      accountNumber: masked(change.accountNumber),
      ifsc: change.ifsc,
      previousAccountLast4: change.previousLast4,
      nameAtTheBank: change.verifiedName,
      nameMatches: change.nameMatches,
      reason: change.reason,
      requestedAt: change.createdAt,
      decidedAt: change.decidedAt,
      appliedAt: change.appliedAt,
    })),
    documents,
    signIns,
  };
}

const exportRoute = createRoute({
  method: 'get',
  path: '/seller/privacy/export',
  tags: ['Privacy'],
  summary: 'Download the personal data kept about the logged-in seller account',
  description: 'A JSON file (requirements#data-export); bank account numbers masked.',
  responses: {
    200: {
      content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
      description: 'The file',
    },
    401: errorResponse('Not logged in'),
    403: errorResponse('Not a seller account'),
  },
});

/** requirements#data-export: a seller's own data, whatever its status (a rejected seller has rights too). */
export function sellerExportRoutes(db: Executor, options: { now?: () => Date } = {}) {
  return createRouter().openapi(guarded(exportRoute, requireSeller(db, { anyStatus: true })), async (c) => {
    const now = options.now?.() ?? new Date();
    c.header(
      'Content-Disposition',
      `attachment; filename="my-seller-data-${now.toISOString().slice(0, 10)}.json"`,
    );
    return c.json(await exportSellerData(db, c.get('seller').sellerId, now), 200);
  });
}
