// requirements#operator-sellers: what staff may do to a seller in each of its states. A pending
// application is approved or rejected, an approved seller suspended, a suspended one reinstated;
// nothing else. Rejection and suspension need a reason (the seller reads it).
import type { SellerStatus } from './statuses.ts';

export const SELLER_ACTIONS = ['approve', 'reject', 'suspend', 'reinstate'] as const;
export type SellerAction = (typeof SELLER_ACTIONS)[number];

export const SELLER_TRANSITIONS: Record<
  SellerAction,
  { from: SellerStatus; to: SellerStatus; needsReason: boolean }
> = {
  approve: { from: 'pending', to: 'approved', needsReason: false },
  reject: { from: 'pending', to: 'rejected', needsReason: true },
  suspend: { from: 'approved', to: 'suspended', needsReason: true },
  reinstate: { from: 'suspended', to: 'approved', needsReason: false },
};

export const SELLER_ACTION_LABELS: Record<SellerAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  suspend: 'Suspend',
  reinstate: 'Reinstate',
};

export const SELLER_STATUS_LABELS: Record<SellerStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

/** What each action is refused with when the seller is not in the state it starts from. */
const WHAT_IT_NEEDS: Record<SellerAction, string> = {
  approve: 'Only a pending application can be approved',
  reject: 'Only a pending application can be rejected',
  suspend: 'Only an approved seller can be suspended',
  reinstate: 'Only a suspended seller can be reinstated',
};

export type SellerTransition =
  { ok: true; from: SellerStatus; to: SellerStatus } | { ok: false; message: string };

/** The status `action` moves a seller in `status` to, or why it may not. */
export function sellerTransition(status: SellerStatus, action: SellerAction): SellerTransition {
  const rule = SELLER_TRANSITIONS[action];
  if (rule.from !== status) {
    return {
      ok: false,
      message: `${WHAT_IT_NEEDS[action]}; this seller is ${SELLER_STATUS_LABELS[status].toLowerCase()}.`,
    };
  }
  return { ok: true, from: rule.from, to: rule.to };
}

/** The actions open to a seller in `status`, in the order the console shows them. */
export const sellerActionsFor = (status: SellerStatus): SellerAction[] =>
  SELLER_ACTIONS.filter((action) => SELLER_TRANSITIONS[action].from === status);
