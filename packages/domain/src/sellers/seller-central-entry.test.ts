import { describe, expect, it } from 'vitest';
import { sellerCentralEntry } from './seller-central-entry.ts';

describe('sellerCentralEntry (requirements#seller-central)', () => {
  it.each([
    [null, null],
    ['approved', { label: 'Seller Central', href: '/sellercentral', note: null }],
    ['suspended', { label: 'Seller Central', href: '/sellercentral', note: 'Suspended' }],
    ['pending', { label: 'Your seller application', href: '/sellercentral/join', note: 'Under review' }],
    ['rejected', { label: 'Your seller application', href: '/sellercentral/join', note: 'Not approved' }],
  ] as const)('%s → %o', (status, entry) => {
    expect(sellerCentralEntry(status)).toEqual(entry);
  });
});
