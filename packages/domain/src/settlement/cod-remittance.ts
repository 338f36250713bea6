// requirements#cod-remittance: what a courier's COD remittance settles. The courier owes the cash of
// the parcels it covers; it remits some, and deducts its COD charges and freight (costs the
// marketplace accepts) and short payments (which it does not). What the transfer and the accepted
// deductions leave of the parcels' cash stays owed by the courier, a receivable, until a later
// remittance or a write-off with a reason settles it. Pure and integer paise.

export const COD_DEDUCTION_KINDS = ['cod-charge', 'freight', 'short-payment'] as const;
export type CodDeductionKind = (typeof COD_DEDUCTION_KINDS)[number];

export const COD_DEDUCTION_LABELS: Record<CodDeductionKind, string> = {
  'cod-charge': 'COD charges',
  freight: 'Freight set off',
  'short-payment': 'Short payment',
};

/** Deductions the marketplace accepts as its cost of the courier's service: they settle cash owed. */
export const ACCEPTED_DEDUCTIONS: readonly CodDeductionKind[] = ['cod-charge', 'freight'];

export type CodDeduction = { kind: CodDeductionKind; amountPaise: number };

export type RemittanceSums =
  | {
      ok: true;
      /** the parcels' cash */
      owedPaise: number;
      remittedPaise: number;
      /** COD charges and freight: settled as the marketplace's cost */
      acceptedPaise: number;
      /** the short payments the courier declared */
      shortPaidPaise: number;
      /** what the courier neither remitted nor explained */
      unexplainedPaise: number;
      /** short payments and the unexplained rest: owed by the courier until settled */
      receivablePaise: number;
    }
  | { ok: false; code: 'MORE_THAN_OWED'; overPaise: number };

/**
 * The remittance's sums. The transfer and every deduction together may not exceed the parcels'
 * cash: a courier cannot remit or deduct more than it collected for the parcels it names.
 */
export function remittanceSums(
  owedPaise: number,
  remittedPaise: number,
  deductions: readonly CodDeduction[],
): RemittanceSums {
  let acceptedPaise = 0;
  let shortPaidPaise = 0;
  for (const d of deductions)
    if (ACCEPTED_DEDUCTIONS.includes(d.kind)) acceptedPaise += d.amountPaise;
    else shortPaidPaise += d.amountPaise;
  const accounted = remittedPaise + acceptedPaise + shortPaidPaise;
  if (accounted > owedPaise) return { ok: false, code: 'MORE_THAN_OWED', overPaise: accounted - owedPaise };
  const unexplainedPaise = owedPaise - accounted;
  return {
    ok: true,
    owedPaise,
    remittedPaise,
    acceptedPaise,
    shortPaidPaise,
    unexplainedPaise,
    receivablePaise: shortPaidPaise + unexplainedPaise,
  };
}

/** What is still owed on a receivable after its settlements; a settlement may not exceed it. */
export function settleReceivable(
  openPaise: number,
  amountPaise: number,
): { ok: true; leftPaise: number } | { ok: false; code: 'MORE_THAN_OPEN' } {
  if (amountPaise > openPaise) return { ok: false, code: 'MORE_THAN_OPEN' };
  return { ok: true, leftPaise: openPaise - amountPaise };
}
