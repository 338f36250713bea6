import { describe, expect, it } from 'vitest';
import { SELLER_ACTIONS, type SellerAction, sellerActionsFor, sellerTransition } from './status-changes.ts';
import { SELLER_STATUSES, type SellerStatus } from './statuses.ts';

// requirements#operator-sellers: every (status, action) pair, written out: null where it is refused
const TABLE: Record<SellerStatus, Record<SellerAction, SellerStatus | null>> = {
  pending: { approve: 'approved', reject: 'rejected', suspend: null, reinstate: null },
  approved: { approve: null, reject: null, suspend: 'suspended', reinstate: null },
  rejected: { approve: null, reject: null, suspend: null, reinstate: null },
  suspended: { approve: null, reject: null, suspend: null, reinstate: 'approved' },
};

describe('what staff may do to a seller', () => {
  for (const status of SELLER_STATUSES) {
    for (const action of SELLER_ACTIONS) {
      const expected = TABLE[status][action];
      it(`${action} a ${status} seller: ${expected ?? 'refused'}`, () => {
        const result = sellerTransition(status, action);
        if (expected === null) {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.message).toMatch(new RegExp(`this seller is ${status}\\.$`));
        } else expect(result).toEqual({ ok: true, from: status, to: expected });
      });
    }
    it(`offers a ${status} seller exactly its allowed actions`, () => {
      expect(sellerActionsFor(status)).toEqual(SELLER_ACTIONS.filter((a) => TABLE[status][a] !== null));
    });
  }

  it('says what the action needs', () => {
    expect(sellerTransition('approved', 'approve')).toEqual({
      ok: false,
      message: 'Only a pending application can be approved; this seller is approved.',
    });
    expect(sellerTransition('pending', 'suspend')).toEqual({
      ok: false,
      message: 'Only an approved seller can be suspended; this seller is pending.',
    });
  });
});
