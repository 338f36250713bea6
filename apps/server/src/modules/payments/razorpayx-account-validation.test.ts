import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RazorpayXValidationStandIn,
  startRazorpayXValidationStandIn,
} from '../../../test-support/razorpayx-validation-stand-in.ts';
import type { AccountValidator } from './account-validation.ts';
import { PaymentProviderError } from './razorpay.ts';
import { createRazorpayXAccountValidator } from './razorpayx-account-validation.ts';
import { createSandboxAccountValidator } from './sandbox-account-validation.ts';

// ADR-0049: the RazorpayX account validation adapter against a stand-in of its documented API, and
// the sandbox under the same expectations
let standIn: RazorpayXValidationStandIn;
beforeAll(async () => {
  standIn = await startRazorpayXValidationStandIn();
});
afterAll(() => standIn.close());

const account = (accountNumber: string, accountName = 'Ganga Mercantile') => ({
  accountName,
  accountNumber,
  ifsc: 'ICIC0001234',
  reference: 'seller-bank-change-17',
  contact: {
    name: 'Ganga Mercantile Pvt Ltd',
    email: 'ganga@sellers.example.com',
    mobile: '9800000000',
    referenceId: 'seller-4',
  },
});

/** A check until the bank answered (the stand-in answers on the first question). */
async function settle(validator: AccountValidator, accountNumber: string, name?: string) {
  const { validationId, report } = await validator.validate(account(accountNumber, name));
  return report.state === 'pending' ? validator.validationStatus(validationId) : report;
}

describe.each([
  [
    'RazorpayX',
    () =>
      createRazorpayXAccountValidator(
        { keyId: standIn.keyId, keySecret: standIn.keySecret, accountNumber: standIn.accountNumber },
        { baseUrl: standIn.url },
      ),
  ],
  ['the sandbox', () => createSandboxAccountValidator()],
])('account validation through %s', (_name, make) => {
  it('reports an active account with the name the bank holds', async () => {
    expect(await settle(make(), '000111222333')).toEqual({
      state: 'completed',
      accountStatus: 'active',
      registeredName: 'GANGA MERCANTILE',
    });
  });

  it('reports an account the bank does not have as invalid', async () => {
    expect(await settle(make(), '000111222000')).toMatchObject({
      state: 'completed',
      accountStatus: 'invalid',
    });
  });
});

describe('the RazorpayX adapter’s requests', () => {
  const adapter = () =>
    createRazorpayXAccountValidator(
      { keyId: standIn.keyId, keySecret: standIn.keySecret, accountNumber: standIn.accountNumber },
      { baseUrl: standIn.url },
    );

  it('sends the business account, a vendor contact and the bank account, and is pending until asked again', async () => {
    standIn.holders.set('500100123456789', 'RAVI KUMAR');
    const { validationId, report } = await adapter().validate(
      account('500100123456789', 'Ganga Mercantile & Sons!'),
    );
    expect(report).toEqual({ state: 'pending' });
    const sent = standIn.requests.at(-1)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      source_account_number: standIn.accountNumber,
      validation_type: 'optimized',
      fund_account: {
        account_type: 'bank_account',
        bank_account: {
          name: 'Ganga Mercantile Sons',
          ifsc: 'ICIC0001234',
          account_number: '500100123456789',
        },
        contact: { type: 'vendor', reference_id: 'seller-4' },
      },
    });
    expect(await adapter().validationStatus(validationId)).toEqual({
      state: 'completed',
      accountStatus: 'active',
      registeredName: 'RAVI KUMAR',
    });
  });

  it('throws on a refusal, wrong keys, an outage and an unknown id, never a report', async () => {
    const wrongKeys = createRazorpayXAccountValidator(
      { keyId: standIn.keyId, keySecret: 'wrong', accountNumber: standIn.accountNumber },
      { baseUrl: standIn.url },
    );
    await expect(wrongKeys.validate(account('000111222333'))).rejects.toThrow(PaymentProviderError);
    const otherBusiness = createRazorpayXAccountValidator(
      { keyId: standIn.keyId, keySecret: standIn.keySecret, accountNumber: '1111' },
      { baseUrl: standIn.url },
    );
    await expect(otherBusiness.validate(account('000111222333'))).rejects.toThrow(/HTTP 400/);
    standIn.failNext(1);
    await expect(adapter().validate(account('000111222333'))).rejects.toThrow(/HTTP 503/);
    await expect(adapter().validationStatus('fav_unknown')).rejects.toThrow(/HTTP 400/);
  });
});
