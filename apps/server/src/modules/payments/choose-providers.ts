import type { Config } from '../../env.ts';
import type { AccountValidator } from './account-validation.ts';
import type { PayoutProvider } from './payouts.ts';
import { createRazorpayXAccountValidator } from './razorpayx-account-validation.ts';
import { createSandboxAccountValidator } from './sandbox-account-validation.ts';
import type { PaymentProvider } from './provider.ts';
import { createRazorpayProvider } from './razorpay.ts';
import { createRazorpayXPayoutProvider } from './razorpayx.ts';
import { createSandboxPayoutProvider } from './sandbox-payouts.ts';
import { createSandboxProvider } from './sandbox.ts';

export type PaymentProviders = {
  /** null: no online payment is offered, only Cash on Delivery */
  payments: PaymentProvider | null;
  /** null: cash refunds wait until a payout provider is configured */
  payouts: PayoutProvider | null;
  /** ADR-0049: penny-drop checks of sellers' payout accounts, through the payout provider; null with none */
  accountValidator: AccountValidator | null;
  /** what the server must say at start, loudly */
  warnings: string[];
};

/**
 * ADR-0017: the configured providers (Razorpay, RazorpayX), else the built-in sandbox where it is
 * allowed, else none. The sandbox moves no money, so in production it only stands in when
 * PAYMENTS_SANDBOX=on, and then the server warns about it.
 */
export function choosePaymentProviders(
  config: Pick<Config, 'razorpay' | 'razorpayx' | 'paymentsSandbox'>,
): PaymentProviders {
  const sandbox = config.paymentsSandbox !== 'off';
  const inProduction = config.paymentsSandbox === 'in-production';
  const payments = config.razorpay
    ? createRazorpayProvider(config.razorpay)
    : sandbox
      ? createSandboxProvider({ inProduction })
      : null;
  const payouts = config.razorpayx
    ? createRazorpayXPayoutProvider(config.razorpayx)
    : sandbox
      ? createSandboxPayoutProvider()
      : null;
  const accountValidator = config.razorpayx
    ? createRazorpayXAccountValidator(config.razorpayx)
    : payouts
      ? createSandboxAccountValidator()
      : null;
  const warnings: string[] = [];
  if (inProduction && payments?.name === 'sandbox')
    warnings.push(
      'PAYMENTS_SANDBOX=on in production: online orders are "paid" on the test sandbox page and NO MONEY IS TAKEN. Configure RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET for real payments.',
    );
  if (inProduction && payouts?.name === 'sandbox')
    warnings.push(
      'PAYMENTS_SANDBOX=on in production: cash refunds are marked paid by the test sandbox and NO MONEY IS SENT. Configure RAZORPAYX_ACCOUNT_NUMBER for real payouts.',
    );
  if (!payments)
    warnings.push(
      'No payment provider: online payment is not offered, only Cash on Delivery. Configure RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET to take payments online.',
    );
  if (!payouts)
    warnings.push(
      'No payout provider: cash refunds wait until RAZORPAYX_ACCOUNT_NUMBER is configured (with the Razorpay keys).',
    );
  return { payments, payouts, accountValidator, warnings };
}
