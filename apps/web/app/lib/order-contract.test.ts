import { describe, expect, it } from 'vitest';
import { AfterSalesForm } from '@marketplace/domain/orders/returns';
import { requestApi } from './account-api.ts';

// STYLE.md habit 14: the return form's answer has one schema, which the server's route declares
// (its tests answer 500 on a drifted answer) and the page's client parses with. Renaming a field
// on either side without the other fails here, as it fails the route's tests and typecheck.
const answer: AfterSalesForm = {
  kind: 'return',
  orderNo: 'OD20261124000001',
  sellerId: 3,
  sellerName: 'Agra Leather Craft',
  reasons: [{ id: 9, name: 'Damaged in transit' }],
  items: [
    {
      id: 12,
      productName: 'Leather wallet',
      productImage: '/media/wallet.svg',
      invoiceNo: 'INV-1',
      quantity: 1,
      unitPricePaise: 99_900,
      returnedQuantity: 0,
      replacedQuantity: 0,
      openRequest: null,
      eligibility: { isEligible: true, remaining: 1, byDate: '2026-12-01', pickupDates: ['2026-11-28'] },
      refund: null,
    },
  ],
  requests: [],
};
const answering = (body: unknown) => () => Promise.resolve(Response.json(body));

describe('the return form’s answer, as the page’s client reads it', () => {
  it('is taken when it matches the schema', async () => {
    const result = await requestApi(answering(answer), 'GET', '/api/item-requests/options', AfterSalesForm);
    expect(result).toEqual({ ok: true, data: answer });
  });

  it('is refused when a field drifted (sellerName renamed), as if the server had not answered', async () => {
    const { sellerName, ...rest } = answer;
    const drifted = { ...rest, seller: sellerName };
    const result = await requestApi(answering(drifted), 'GET', '/api/item-requests/options', AfterSalesForm);
    expect(result).toEqual({ ok: false, kind: 'unreachable' });
  });
});
