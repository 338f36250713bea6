import { describe, expect, it } from 'vitest';
import {
  createRazorpayProvider,
  PaymentProviderError,
  razorpayRefundStatusUrl,
  razorpayRefundUrl,
} from './razorpay.ts';
import { createSandboxProvider } from './sandbox.ts';

// Razorpay's documented refund call, answered by a stand-in: no network
const KEY = { keyId: 'rzp_test_1DP5mmOlF5G5ag', keySecret: 'test_key_secret', webhookSecret: null };
const REFUND = {
  paymentId: 'pay_29QQoUBi66xm2f',
  amountPaise: 49_900,
  idempotencyKey: 'bazaar-refund-17',
  receipt: 'refund-17',
};

function fakeRazorpay(answer: { status: number; body: unknown }) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    calls.push({ url: input instanceof Request ? input.url : input.toString(), init });
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { calls, provider: createRazorpayProvider(KEY, fetchImpl) };
}

describe('Razorpay refund', () => {
  it('posts the amount in paise to the payment’s refund URL with Basic auth and the idempotency header', async () => {
    const { calls, provider } = fakeRazorpay({
      status: 200,
      body: {
        id: 'rfnd_FP8QHiV938haTz',
        entity: 'refund',
        amount: 49_900,
        currency: 'INR',
        status: 'processed',
      },
    });
    await expect(provider.refund(REFUND)).resolves.toEqual({
      providerRefundId: 'rfnd_FP8QHiV938haTz',
      status: 'processed',
    });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f/refund');
    const headers = new Headers(call?.init?.headers);
    expect(headers.get('x-refund-idempotency')).toBe('bazaar-refund-17');
    expect(headers.get('authorization')).toBe(
      `Basic ${Buffer.from(`${KEY.keyId}:${KEY.keySecret}`).toString('base64')}`,
    );
    expect(JSON.parse(typeof call?.init?.body === 'string' ? call.init.body : '')).toEqual({
      amount: 49_900,
      speed: 'normal',
      receipt: 'refund-17',
    });
  });

  it('reads a pending refund as initiated', async () => {
    const { provider } = fakeRazorpay({
      status: 200,
      body: { id: 'rfnd_1', amount: 49_900, status: 'pending' },
    });
    await expect(provider.refund(REFUND)).resolves.toMatchObject({ status: 'initiated' });
  });

  it.each([
    [
      {
        status: 400,
        body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The refund amount is invalid' } },
      },
    ],
    [{ status: 200, body: { id: 'rfnd_1', amount: 49_900, status: 'failed' } }],
    [{ status: 200, body: { id: 'rfnd_1', amount: 100, status: 'processed' } }],
    [{ status: 200, body: 'not json' }],
  ])('refuses %j', async (answer) => {
    await expect(fakeRazorpay(answer).provider.refund(REFUND)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('escapes the payment id in the URL', () => {
    expect(razorpayRefundUrl('pay_1/../orders')).toBe(
      'https://api.razorpay.com/v1/payments/pay_1%2F..%2Forders/refund',
    );
  });
});

describe('sandbox refund', () => {
  it('records a refund once per idempotency key and refuses a different one under the same key', async () => {
    const sandbox = createSandboxProvider({ secret: 'secret' });
    const first = await sandbox.refund(REFUND);
    expect(await sandbox.refund(REFUND)).toEqual(first);
    expect(sandbox.refunds.size).toBe(1);
    await expect(sandbox.refund({ ...REFUND, amountPaise: 1 })).rejects.toThrow();
  });
});

describe('Razorpay refund status', () => {
  // GET /v1/refunds/{id} as Razorpay documents it
  const entity = (status: string) => ({
    id: 'rfnd_DfjjhJC6eDvUAi',
    entity: 'refund',
    amount: 6000,
    currency: 'INR',
    payment_id: 'pay_EpkFDYRirena0f',
    notes: { comment: 'Issuing a normal refund' },
    receipt: null,
    acquirer_data: { arn: status === 'processed' ? '10000000000000' : null },
    created_at: 1589521675,
    batch_id: null,
    status,
    speed_processed: 'normal',
    speed_requested: 'normal',
  });

  it.each([
    ['pending', { state: 'pending' }],
    ['processed', { state: 'settled' }],
    ['failed', { state: 'failed', reason: 'Razorpay could not process the refund' }],
  ])('reads %s as %j', async (status, report) => {
    const { calls, provider } = fakeRazorpay({ status: 200, body: entity(status) });
    await expect(provider.refundStatus('rfnd_DfjjhJC6eDvUAi')).resolves.toEqual(report);
    expect(calls[0]?.url).toBe('https://api.razorpay.com/v1/refunds/rfnd_DfjjhJC6eDvUAi');
    expect(calls[0]?.init?.method ?? 'GET').toBe('GET');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toMatch(/^Basic /);
  });

  it.each([
    [{ status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'not a valid id' } } }],
    [{ status: 200, body: { ...entity('processed'), id: 'rfnd_other' } }],
    [{ status: 200, body: { ...entity('processed'), status: 'reversed' } }],
    [{ status: 200, body: 'not json' }],
  ])('refuses %j', async (answer) => {
    await expect(fakeRazorpay(answer).provider.refundStatus('rfnd_DfjjhJC6eDvUAi')).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });

  it('escapes the refund id in the URL', () => {
    expect(razorpayRefundStatusUrl('rfnd_1/../../payments')).toBe(
      'https://api.razorpay.com/v1/refunds/rfnd_1%2F..%2F..%2Fpayments',
    );
  });
});

describe('sandbox refund status', () => {
  it('settles a sandbox refund on its first check and refuses ids that are not its own', async () => {
    const sandbox = createSandboxProvider({ secret: 'secret' });
    const made = await sandbox.refund(REFUND);
    await expect(sandbox.refundStatus(made.providerRefundId)).resolves.toEqual({ state: 'settled' });
    await expect(sandbox.refundStatus('rfnd_FP8QHiV938haTz')).rejects.toThrow();
  });
});
