import type { Logger } from 'pino';
import type { findSessionUser } from '../modules/sessions/index.ts';
import type { StaffRole } from '@marketplace/domain/admin/console';

/** The reverse proxies whose X-Forwarded-* headers are believed (TRUST_PROXY). */
export type TrustedProxies = { has(address: string): boolean };

/** The logged-in account a requireShopper() route serves. */
export type SessionShopper = { id: number; email: string; sessionTokenHash: string };
/** The seller a requireSeller() route serves. */
export type SessionSeller = { sellerId: number; userId: number; name: string };
/** The staff member a requireStaff() route serves, with its session and whether it entered a right code. */
export type SessionStaff = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  enrolledAt: Date | null;
  /** still the temporary password `npm run staff -- add` printed: only `/api/admin/me` answers */
  passwordIsTemporary: boolean;
  sessionTokenHash: string;
  isVerified: boolean;
};
/** The session's account, or null for a visitor (optionalShopper()). */
export type SessionViewer = Awaited<ReturnType<typeof findSessionUser>>;

/** What every request carries through the middleware chain. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** TRUST_PROXY: whose X-Forwarded-* headers are believed (set for every request by createApp) */
    trustedProxies: TrustedProxies | undefined;
    /** this response's Content-Security-Policy nonce (securityHeaders) */
    nonce: string;
    /** the logged-in account, on routes behind requireShopper() */
    shopper: SessionShopper;
    /** the logged-in seller, on routes behind requireSeller() */
    seller: SessionSeller;
    /** the staff member, on routes behind requireStaff() */
    staff: SessionStaff;
    /** the session's account or null, on routes behind optionalShopper() */
    viewer: SessionViewer;
  };
};
