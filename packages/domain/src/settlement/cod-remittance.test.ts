import { describe, expect, it } from 'vitest';
import { remittanceFromForm } from './cod-api.ts';
import { type CodDeduction, remittanceSums, settleReceivable } from './cod-remittance.ts';

describe('a courier’s COD remittance (requirements#cod-remittance)', () => {
  const d = (kind: CodDeduction['kind'], amountPaise: number): CodDeduction => ({ kind, amountPaise });
  it.each([
    // owed, remitted, deductions, accepted, short, unexplained, receivable
    ['remitted in full', 100_000, 100_000, [], 0, 0, 0, 0],
    [
      'COD charges deducted: settled, no receivable',
      100_000,
      98_230,
      [d('cod-charge', 1_770)],
      1_770,
      0,
      0,
      0,
    ],
    [
      'freight set off and COD charges',
      500_000,
      450_000,
      [d('freight', 45_000), d('cod-charge', 5_000)],
      50_000,
      0,
      0,
      0,
    ],
    ['a short payment stays owed', 100_000, 90_000, [d('short-payment', 10_000)], 0, 10_000, 0, 10_000],
    [
      'an unexplained shortfall stays owed',
      100_000,
      95_000,
      [d('cod-charge', 1_000)],
      1_000,
      0,
      4_000,
      4_000,
    ],
    ['nothing remitted yet, all short', 30_000, 0, [], 0, 0, 30_000, 30_000],
    ['one paisa short', 12_345, 12_344, [], 0, 0, 1, 1],
  ] as const)('%s', (_, owed, remitted, deductions, accepted, short, unexplained, receivable) => {
    const sums = remittanceSums(owed, remitted, deductions);
    expect(sums).toEqual({
      ok: true,
      owedPaise: owed,
      remittedPaise: remitted,
      acceptedPaise: accepted,
      shortPaidPaise: short,
      unexplainedPaise: unexplained,
      receivablePaise: receivable,
    });
    if (sums.ok) expect(sums.remittedPaise + sums.acceptedPaise + sums.receivablePaise).toBe(sums.owedPaise);
  });

  it.each([
    ['remitted more than the parcels’ cash', 100_000, 100_001, [], 1],
    ['deducted on top of a full remittance', 100_000, 100_000, [d('cod-charge', 500)], 500],
    ['short payment beyond the cash', 100_000, 50_000, [d('short-payment', 60_000)], 10_000],
  ] as const)('refuses %s', (_, owed, remitted, deductions, over) => {
    expect(remittanceSums(owed, remitted, deductions)).toEqual({
      ok: false,
      code: 'MORE_THAN_OWED',
      overPaise: over,
    });
  });

  it('settles a receivable by at most what is open', () => {
    expect(settleReceivable(10_000, 4_000)).toEqual({ ok: true, leftPaise: 6_000 });
    expect(settleReceivable(10_000, 10_000)).toEqual({ ok: true, leftPaise: 0 });
    expect(settleReceivable(10_000, 10_001)).toEqual({ ok: false, code: 'MORE_THAN_OPEN' });
  });
});

describe('the remittance form in rupees (requirements#cod-remittance)', () => {
  const form = (values: Record<string, string>) => (name: string) => values[name] ?? '';
  it('reads rupees as paise, one deduction per filled field', () => {
    expect(
      remittanceFromForm(
        form({
          carrier: 'Delhivery',
          reference: 'UTR1',
          remittedOn: '2026-12-05',
          remitted: '₹1,23,456.7',
          codCharges: '17.70',
          shortPaid: '0',
        }),
        ['INV-1'],
      ),
    ).toEqual({
      ok: true,
      body: {
        carrier: 'Delhivery',
        invoiceNos: ['INV-1'],
        reference: 'UTR1',
        remittedOn: '2026-12-05',
        remittedPaise: 12_345_670,
        deductions: [{ kind: 'cod-charge', amountPaise: 1_770 }],
      },
    });
  });
  it.each([['-5'], ['1.234'], [''], ['12abc'], ['1e5']])('refuses the amount %j', (remitted) => {
    expect(remittanceFromForm(form({ remitted }), ['INV-1']).ok).toBe(false);
  });
});
