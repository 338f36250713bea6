// requirements#settlement: cash collected on delivery, owed by couriers until they remit it; the
// console's contract for finance staff.
import { z } from 'zod';
import { optionalIndianDay } from '../admin/staff-api.ts';
import { ORDER_NO_PATTERN } from '../orders/place-order.ts';
import { COD_DEDUCTION_KINDS, type CodDeductionKind } from './cod-remittance.ts';

export const COD_LIMITS = {
  shipmentsPerRemittance: 500,
  referenceMax: 40,
  deductionsPerRemittance: 10,
  reasonMax: 300,
} as const;

export const COD_MESSAGES = {
  shipments: `Choose 1 to ${COD_LIMITS.shipmentsPerRemittance} shipments the remittance covers.`,
  reference: 'Enter the courier’s bank reference (UTR): 6 to 40 letters and digits.',
  remitted: (count: number) => `Remittance recorded for ${count} shipment${count === 1 ? '' : 's'}.`,
} as const;

export const COD_REMITTANCE_MESSAGES = {
  carrier: 'Choose the courier that sent the transfer.',
  remittedOn: 'Enter the day the transfer reached the bank (YYYY-MM-DD), not after today.',
  remitted: 'Enter the amount the courier transferred, in rupees: 0 or more.',
  deductionKind: 'Choose what the courier deducted: COD charges, freight or a short payment.',
  deductionAmount: 'Enter each deduction in rupees, more than 0.',
  deductions: `Give at most ${COD_LIMITS.deductionsPerRemittance} deductions.`,
  moreThanOwed: (over: string) =>
    `The transfer and the deductions come to ${over} more than the parcels’ cash. Check the amounts and the parcels ticked.`,
  duplicateReference: 'This UTR is already recorded. A bank transfer is recorded once.',
  alreadyRemitted: (invoiceNos: readonly string[]) =>
    `Already covered by an earlier remittance: ${invoiceNos.join(', ')}. Untick them and record again.`,
  unknown: (invoiceNos: readonly string[]) => `Not a delivered COD parcel: ${invoiceNos.join(', ')}.`,
  otherCarrier: (invoiceNos: readonly string[]) =>
    `Delivered by another courier: ${invoiceNos.join(', ')}. A transfer covers one courier’s parcels.`,
  settlementKind: 'Choose a later transfer or a write-off.',
  settlementAmount: 'Enter the amount in rupees, more than 0.',
  reason: 'Give the reason for the write-off: 10 to 300 characters.',
  moreThanOpen: 'That is more than the courier still owes on this remittance.',
  notFound: 'No remittance with a receivable has this number.',
  settled: 'Recorded. The courier’s receivable is updated.',
  recorded: (count: number, receivable: string | null) =>
    `Remittance recorded for ${count} shipment${count === 1 ? '' : 's'}.${receivable ? ` ${receivable} stays owed by the courier.` : ''}`,
} as const;

/** Parcels a page: a courier's transfer usually covers one courier's parcels of some days. */
export const COD_PAGE_SIZES = [50, 100, 200, 500] as const;

export const COD_QUERY_MESSAGES = {
  orderNo: 'An order number is OD followed by its digits.',
  carrier: 'Choose a courier from the list.',
  page: 'page must be a whole number from 1.',
  size: `Show ${COD_PAGE_SIZES.join(', ')} parcels a page.`,
  order: 'The first day must not be after the last day.',
} as const;

/** Which waiting parcels to list: an order's, a courier's, those delivered on some Indian days; a page of them. */
export const OutstandingCodQuery = z
  .object({
    orderNo: z.string().regex(ORDER_NO_PATTERN, COD_QUERY_MESSAGES.orderNo).optional(),
    carrier: z
      .string()
      .max(60, COD_QUERY_MESSAGES.carrier)
      .regex(/^\P{Cc}*$/u, COD_QUERY_MESSAGES.carrier)
      .optional(),
    from: optionalIndianDay('from'),
    to: optionalIndianDay('to'),
    page: z
      .string()
      .regex(/^[1-9]\d{0,5}$/, COD_QUERY_MESSAGES.page)
      .default('1')
      .transform(Number),
    size: z
      .enum(['50', '100', '200', '500'], { error: COD_QUERY_MESSAGES.size })
      .default('50')
      .transform(Number),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: COD_QUERY_MESSAGES.order, path: ['to'] });
export type OutstandingCodQuery = z.infer<typeof OutstandingCodQuery>;

/** At most this much in one remittance or settlement: ₹1,000 crore, far above any courier's week. */
export const COD_AMOUNT_MAX_PAISE = 100_000_000_000;

const paise = (message: string, min: number) =>
  z.number({ error: message }).int(message).min(min, message).max(COD_AMOUNT_MAX_PAISE, message);

const plainText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, message)
    .regex(/^\P{Cc}*$/u, message);

/** A bank day the money moved: an Indian calendar day, never after today (checked by the server's clock). */
const bankDay = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(
      (value) => new Date(Date.parse(`${value}T00:00:00Z`) || 0).toISOString().slice(0, 10) === value,
      message,
    );

const utr = z
  .string({ error: COD_MESSAGES.reference })
  .trim()
  .regex(/^[A-Za-z0-9]{6,40}$/, COD_MESSAGES.reference)
  .transform((value) => value.toUpperCase());

export const CodDeductionInput = z.object({
  kind: z.enum(COD_DEDUCTION_KINDS, { error: COD_REMITTANCE_MESSAGES.deductionKind }),
  amountPaise: paise(COD_REMITTANCE_MESSAGES.deductionAmount, 1),
});

/**
 * requirements#cod-remittance: one bank transfer from a courier: its UTR, the day it arrived, what
 * it remitted, what it deducted by kind, and the parcels whose cash it covers.
 */
export const CodRemittanceInput = z.object({
  carrier: plainText(60, COD_REMITTANCE_MESSAGES.carrier),
  invoiceNos: z
    .array(z.string().regex(/^[A-Za-z0-9-]{1,40}$/, COD_MESSAGES.shipments), {
      error: COD_MESSAGES.shipments,
    })
    .min(1, COD_MESSAGES.shipments)
    .max(COD_LIMITS.shipmentsPerRemittance, COD_MESSAGES.shipments),
  reference: utr,
  remittedOn: bankDay(COD_REMITTANCE_MESSAGES.remittedOn),
  remittedPaise: paise(COD_REMITTANCE_MESSAGES.remitted, 0),
  deductions: z
    .array(CodDeductionInput, { error: COD_REMITTANCE_MESSAGES.deductions })
    .max(COD_LIMITS.deductionsPerRemittance, COD_REMITTANCE_MESSAGES.deductions)
    .default([]),
});
export type CodRemittanceInput = z.input<typeof CodRemittanceInput>;
export type CodRemittanceParsed = z.output<typeof CodRemittanceInput>;

export const CodRemittanceResult = z
  .object({
    message: z.string(),
    remittanceId: z.number().int(),
    remitted: z
      .array(z.string())
      .describe('The shipments the remittance covers, now payable to their sellers'),
    amountPaise: z.number().int().describe('The parcels’ cash the remittance covers'),
    remittedPaise: z.number().int(),
    acceptedPaise: z.number().int().describe('COD charges and freight the marketplace accepts as its cost'),
    receivablePaise: z
      .number()
      .int()
      .describe('Short payments and the unexplained rest: owed by the courier until settled'),
  })
  .meta({ id: 'CodRemittanceResult' });
export type CodRemittanceResult = z.infer<typeof CodRemittanceResult>;

/** A later transfer for a receivable (its UTR), or a write-off (its reason). */
export const CodSettlementInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('remittance'),
      amountPaise: paise(COD_REMITTANCE_MESSAGES.settlementAmount, 1),
      reference: utr,
      settledOn: bankDay(COD_REMITTANCE_MESSAGES.remittedOn),
    }),
    z.object({
      kind: z.literal('write-off'),
      amountPaise: paise(COD_REMITTANCE_MESSAGES.settlementAmount, 1),
      reason: plainText(COD_LIMITS.reasonMax, COD_REMITTANCE_MESSAGES.reason).refine(
        (value) => value.length >= 10,
        COD_REMITTANCE_MESSAGES.reason,
      ),
      settledOn: bankDay(COD_REMITTANCE_MESSAGES.remittedOn),
    }),
  ],
  { error: COD_REMITTANCE_MESSAGES.settlementKind },
);
export type CodSettlementInput = z.input<typeof CodSettlementInput>;
export type CodSettlementParsed = z.output<typeof CodSettlementInput>;

export const CodSettlementResult = z
  .object({ message: z.string(), remittanceId: z.number().int(), openPaise: z.number().int() })
  .meta({ id: 'CodSettlementResult' });
export type CodSettlementResult = z.infer<typeof CodSettlementResult>;

/** Receivables still open (or every one of a courier's, settled too), newest first. */
export const CodReceivableQuery = z.object({
  carrier: z
    .string()
    .max(60, COD_QUERY_MESSAGES.carrier)
    .regex(/^\P{Cc}*$/u, COD_QUERY_MESSAGES.carrier)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, COD_QUERY_MESSAGES.page)
    .default('1')
    .transform(Number),
});
export type CodReceivableQuery = z.infer<typeof CodReceivableQuery>;

export const CodReceivable = z.object({
  remittanceId: z.number().int(),
  carrier: z.string(),
  reference: z.string(),
  remittedOn: z.string(),
  owedPaise: z.number().int(),
  remittedPaise: z.number().int(),
  deductions: z.array(z.object({ kind: z.enum(COD_DEDUCTION_KINDS), amountPaise: z.number().int() })),
  receivablePaise: z.number().int(),
  openPaise: z.number().int(),
  settlements: z.array(
    z.object({
      kind: z.enum(['remittance', 'write-off']),
      amountPaise: z.number().int(),
      reference: z.string().nullable(),
      reason: z.string().nullable(),
      settledOn: z.string(),
    }),
  ),
  parcels: z.array(z.object({ invoiceNo: z.string(), orderNo: z.string(), amountPaise: z.number().int() })),
});
export type CodReceivable = z.infer<typeof CodReceivable>;

export const CodReceivables = z
  .object({
    /** every open receivable's rest, by courier */
    byCarrier: z.array(
      z.object({ carrier: z.string(), count: z.number().int(), openPaise: z.number().int() }),
    ),
    openPaise: z.number().int(),
    page: z.number().int(),
    pageCount: z.number().int(),
    receivables: z.array(CodReceivable),
  })
  .meta({ id: 'CodReceivables' });
export type CodReceivables = z.infer<typeof CodReceivables>;

export const COD_RECEIVABLES_PAGE_SIZE = 20;

export const OutstandingCod = z
  .object({
    /** every waiting parcel's cash, whatever the filters */
    totalPaise: z.number().int(),
    count: z.number().int(),
    /** the parcels the filters match, all pages */
    matching: z.object({ count: z.number().int(), totalPaise: z.number().int() }),
    page: z.number().int(),
    pageCount: z.number().int(),
    pageSize: z.number().int(),
    /** the couriers that owe cash, to filter by */
    carriers: z.array(z.string()),
    collections: z.array(
      z.object({
        invoiceNo: z.string(),
        orderNo: z.string(),
        sellerName: z.string(),
        carrier: z.string().nullable(),
        amountPaise: z.number().int(),
        collectedAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'OutstandingCod' });
export type OutstandingCod = z.infer<typeof OutstandingCod>;

/** The remittance form's deduction fields, one per kind, in rupees. */
export const COD_FORM_DEDUCTIONS = [
  { name: 'codCharges', kind: 'cod-charge' },
  { name: 'freight', kind: 'freight' },
  { name: 'shortPaid', kind: 'short-payment' },
] as const;

/** Rupees as finance types them ("1,500", "49.5", "₹ 15000.00") in paise; null when not an amount. */
function rupeesText(text: string): number | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text.replace(/[₹,\s]/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * requirements#cod-remittance: the console's remittance form (rupees typed, a field per deduction
 * kind) as the API's body in paise, or the fields to correct. The API checks the rest.
 */
export function remittanceFromForm(
  text: (name: string) => string,
  invoiceNos: string[],
): { ok: true; body: CodRemittanceInput } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const remitted = rupeesText(text('remitted'));
  if (remitted === null) fields.remitted = COD_REMITTANCE_MESSAGES.remitted;
  const deductions: { kind: CodDeductionKind; amountPaise: number }[] = [];
  for (const { name, kind } of COD_FORM_DEDUCTIONS) {
    const typed = text(name).trim();
    if (typed === '') continue;
    const amount = rupeesText(typed);
    if (amount === null) fields[name] = COD_REMITTANCE_MESSAGES.deductionAmount;
    else if (amount > 0) deductions.push({ kind, amountPaise: amount });
  }
  if (remitted === null || Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    body: {
      carrier: text('carrier'),
      invoiceNos,
      reference: text('reference'),
      remittedOn: text('remittedOn'),
      remittedPaise: remitted,
      deductions,
    },
  };
}

/** The API's field names as the remittance form's. */
export const COD_FORM_FIELD_OF: Record<string, string> = {
  remittedPaise: 'remitted',
  deductions: 'codCharges',
  invoiceNos: 'invoiceNos',
};

/**
 * requirements#cod-remittance: the receivables page's settle forms (the amount in rupees) as the
 * API's body, or the fields to correct.
 */
export function settlementFromForm(
  text: (name: string) => string,
): { ok: true; body: CodSettlementInput } | { ok: false; fields: Record<string, string> } {
  const amount = rupeesText(text('amount'));
  if (amount === null || amount === 0)
    return { ok: false, fields: { amount: COD_REMITTANCE_MESSAGES.settlementAmount } };
  const settledOn = text('settledOn');
  if (text('kind') === 'write-off')
    return { ok: true, body: { kind: 'write-off', amountPaise: amount, reason: text('reason'), settledOn } };
  return {
    ok: true,
    body: { kind: 'remittance', amountPaise: amount, reference: text('reference'), settledOn },
  };
}
