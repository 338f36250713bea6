import { z } from 'zod';
import type { AccountValidator, ValidationReport } from './account-validation.ts';
import { PaymentProviderError } from './razorpay.ts';
import type { RazorpayXConfig } from './razorpayx.ts';

export const RAZORPAYX_VALIDATIONS_URL = 'https://api.razorpay.com/v1/fund_accounts/validations';

/**
 * RazorpayX's fund account validation entity as `POST /v1/fund_accounts/validations` (composite:
 * contact, fund account and validation in one call) and `GET /v1/fund_accounts/validations/{id}`
 * answer it: `created` while the ₹1 is on its way, then `completed` with the bank's answer, or
 * `failed` (docs/requirements.md#payout-account cites the pages).
 */
export const RazorpayXValidation = z.object({
  id: z.string().min(1),
  entity: z.literal('fund_account.validation'),
  status: z.enum(['created', 'completed', 'failed']),
  validation_results: z
    .object({
      account_status: z.enum(['valid', 'invalid']).nullish(),
      registered_name: z.string().nullish(),
      details: z.string().nullish(),
    })
    .nullish(),
  status_details: z
    .object({ description: z.string().nullish(), reason: z.string().nullish() })
    .partial()
    .nullish(),
});
export type RazorpayXValidationEntity = z.infer<typeof RazorpayXValidation>;

/** A RazorpayX validation in our words. */
export function validationReport(entity: RazorpayXValidationEntity): ValidationReport {
  if (entity.status === 'created') return { state: 'pending' };
  const results = entity.validation_results;
  if (entity.status === 'completed' && results?.account_status)
    return {
      state: 'completed',
      accountStatus: results.account_status === 'valid' ? 'active' : 'invalid',
      registeredName: results.registered_name?.trim() || null,
    };
  return {
    state: 'failed',
    reason:
      entity.status_details?.description?.trim() ||
      results?.details?.trim() ||
      `RazorpayX validation ${entity.status}`,
  };
}

// RazorpayX's field rules: names of letters, digits, spaces and ’ - _ / ( ) , . ; references at most 40
const nameText = (value: string, max: number) =>
  value
    .replace(/[^a-zA-Z0-9 ’\-_/(),.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();

async function answer(res: Response): Promise<RazorpayXValidationEntity | null> {
  const body: unknown = await res.json().catch(() => null);
  const parsed = RazorpayXValidation.safeParse(body);
  return res.ok && parsed.success ? parsed.data : null;
}

/**
 * ADR-0049: penny-drop validation through RazorpayX's composite account validation, with the same
 * keys and business account as payouts. `fetch` is passed in so tests need no network. A refusal,
 * an unreachable server or a malformed answer throws a PaymentProviderError: the check stays
 * pending and the validation job asks again.
 */
export function createRazorpayXAccountValidator(
  config: RazorpayXConfig,
  options: { baseUrl?: string; fetchImpl?: typeof fetch } = {},
): AccountValidator {
  const url = options.baseUrl ?? RAZORPAYX_VALIDATIONS_URL;
  const fetchImpl = options.fetchImpl ?? fetch;
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  return {
    name: 'razorpayx',
    async validate(account) {
      const holder = nameText(account.accountName, 120);
      const contactName = nameText(account.contact.name, 50);
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          source_account_number: config.accountNumber,
          validation_type: 'optimized',
          reference_id: account.reference.slice(0, 40),
          notes: { purpose: 'seller payout account' },
          fund_account: {
            account_type: 'bank_account',
            bank_account: { name: holder, ifsc: account.ifsc, account_number: account.accountNumber },
            contact: {
              name: contactName.length >= 3 ? contactName : holder.slice(0, 50),
              email: account.contact.email,
              ...(account.contact.mobile ? { contact: account.contact.mobile } : {}),
              type: 'vendor',
              reference_id: account.contact.referenceId.slice(0, 40),
            },
          },
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const entity = await answer(res);
      if (!entity)
        throw new PaymentProviderError(`RazorpayX refused the account validation (HTTP ${res.status})`);
      return { validationId: entity.id, report: validationReport(entity) };
    },
    async validationStatus(validationId) {
      const res = await fetchImpl(`${url}/${encodeURIComponent(validationId)}`, {
        headers: { authorization: auth },
        signal: AbortSignal.timeout(10_000),
      });
      const entity = await answer(res);
      if (!entity || entity.id !== validationId)
        throw new PaymentProviderError(`RazorpayX did not report the validation (HTTP ${res.status})`);
      return validationReport(entity);
    },
  };
}
