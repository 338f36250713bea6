// requirements#languages, the checkout area: its English catalog says exactly what the domain says
// (the spec's texts, and the server's texts the pages translate), and the server's sentences about a
// product are read back into their parts.
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { ADDRESS_MESSAGES } from '@marketplace/domain/accounts/addresses';
import { CHECKOUT_MESSAGES } from '@marketplace/domain/orders/checkout';
import {
  courierNotDeliverable,
  notDeliverable,
  ORDER_MESSAGES,
  productUnavailable,
} from '@marketplace/domain/orders/messages';
import { businessStateWarning, businessStateWarningText } from '@marketplace/domain/tax/business-buyer';
import { gstinCheckCharacter } from '@marketplace/domain/sellers/tax-identity';
import {
  businessStateNames,
  CHECKOUT_SERVER_TEXTS,
  readServerText,
} from '../components/checkout/checkout-texts.tsx';
import { AREA_CATALOGS } from './catalog.server.ts';

const english = AREA_CATALOGS.checkout.en;
const say = (key: string, values?: Record<string, string | number>) =>
  [new IntlMessageFormat(english[key] ?? '', 'en-IN').format(values)].flat().join('');

describe('the checkout area’s English', () => {
  it.each([
    ['checkout.selectAddress', CHECKOUT_MESSAGES.selectAddress],
    ['checkout.addNewAddress', CHECKOUT_MESSAGES.addNewAddress],
    ['checkout.proceed', CHECKOUT_MESSAGES.proceed],
    ['checkout.deliveryTitle', CHECKOUT_MESSAGES.deliveryTitle],
    ['checkout.finalTitle', CHECKOUT_MESSAGES.finalTitle],
    ['checkout.payNow', CHECKOUT_MESSAGES.payNow],
    ['checkout.payCod', CHECKOUT_MESSAGES.payCod],
    ['checkout.payOnline', CHECKOUT_MESSAGES.payOnline],
    ['checkout.cashOnDelivery', CHECKOUT_MESSAGES.cashOnDelivery],
    ['checkout.changeAddress', CHECKOUT_MESSAGES.changeAddress],
    ['checkout.delete', CHECKOUT_MESSAGES.delete],
    ['checkout.deliveryNotAvailable', CHECKOUT_MESSAGES.deliveryNotAvailable],
    ['checkout.itemUnavailable', CHECKOUT_MESSAGES.itemUnavailable],
    ['checkout.selectDeliveryAddress', CHECKOUT_MESSAGES.selectDeliveryAddress],
    ['checkout.buyNow.invalid', CHECKOUT_MESSAGES.invalidBuyNow],
    ['checkout.noAddresses', CHECKOUT_MESSAGES.noAddresses],
    ['checkout.codUnavailable', CHECKOUT_MESSAGES.codUnavailable],
    ['checkout.quoteFailed', CHECKOUT_MESSAGES.quoteFailed],
    ['checkout.couponDropped', CHECKOUT_MESSAGES.couponDropped],
    ['checkout.order.placeFailed', ORDER_MESSAGES.placeFailed],
    ['checkout.order.noValidProducts', ORDER_MESSAGES.noValidProducts],
    ['checkout.order.codPlaced', ORDER_MESSAGES.codPlaced],
    ['checkout.order.onlinePlaced', ORDER_MESSAGES.onlinePlaced],
    ['checkout.order.notFound', ORDER_MESSAGES.orderNotFound],
    ['checkout.onlinePaymentUnavailable', ORDER_MESSAGES.onlinePaymentUnavailable],
    ['checkout.payment.razorpayNotLoaded', ORDER_MESSAGES.razorpayNotLoaded],
    ['checkout.payment.failed', ORDER_MESSAGES.paymentFailed],
    ['checkout.payment.notVerified', ORDER_MESSAGES.paymentNotVerified],
    ['checkout.payment.expired', ORDER_MESSAGES.orderExpired],
    ['checkout.payment.alreadyPaid', ORDER_MESSAGES.alreadyPaid],
    ['checkout.server.quantity', ORDER_MESSAGES.quantity],
    ['checkout.server.couponNotApplicable', ORDER_MESSAGES.couponNotApplicable],
    ['checkout.server.keyReused', ORDER_MESSAGES.idempotencyKeyReused],
    ['checkout.server.addressNotFound', ADDRESS_MESSAGES.notFound],
    ['checkout.business.gstinRefused', ORDER_MESSAGES.businessGstin],
    ['checkout.business.nameRefused', ORDER_MESSAGES.businessName],
  ])('English %s is the domain’s “%s”', (key, text) => {
    expect(english[key]).toBe(text);
  });

  it('maps every server text it knows to an English message that says the same', () => {
    const wrong = Object.entries(CHECKOUT_SERVER_TEXTS).filter(([text, key]) => english[key] !== text);
    expect(wrong).toEqual([]);
  });

  it('words the sentences with a value as the domain does', () => {
    expect(say('checkout.server.productUnavailable', { id: 42 })).toBe(productUnavailable(42));
    expect(say('checkout.server.notDeliverable', { name: 'Steel Almirah' })).toBe(
      notDeliverable('Steel Almirah'),
    );
    expect(say('checkout.order.placeFailedWhy', { reason: productUnavailable(7) })).toBe(
      `${ORDER_MESSAGES.placeFailed} ${productUnavailable(7)}`,
    );
    expect(
      say('checkout.business.stateWarning', { gstinState: 'Maharashtra', deliveryState: 'Karnataka' }),
    ).toBe(businessStateWarningText('Maharashtra', 'Karnataka'));
  });
});

describe('the server’s checkout texts, read back', () => {
  it('knows the table’s texts, a product by id or name, a courier’s reason and COD refused with one', () => {
    expect(readServerText(ORDER_MESSAGES.quantity)).toEqual({
      kind: 'known',
      key: 'checkout.server.quantity',
    });
    expect(readServerText(productUnavailable(12345))).toEqual({ kind: 'productUnavailable', id: '12345' });
    expect(readServerText(notDeliverable('Brass Diya, set of 2'))).toEqual({
      kind: 'notDeliverable',
      name: 'Brass Diya, set of 2',
      reason: '',
    });
    expect(readServerText(courierNotDeliverable('Teak Stool', 'The courier does not serve 799001.'))).toEqual(
      {
        kind: 'notDeliverable',
        name: 'Teak Stool',
        reason: 'The courier does not serve 799001.',
      },
    );
    expect(readServerText(`${ORDER_MESSAGES.codNotAllowed} The courier takes no cash here.`)).toEqual({
      kind: 'codNotAllowed',
      reason: 'The courier takes no cash here.',
    });
    expect(readServerText('Something the domain never said.')).toEqual({
      kind: 'unknown',
      text: 'Something the domain never said.',
    });
  });

  it('names the states of the GSTIN warning exactly when the domain warns', () => {
    const first14 = '27AAPFU0939F1Z';
    const maharashtra = first14 + gstinCheckCharacter(first14);
    expect(businessStateNames(maharashtra, 'Karnataka')).toEqual({
      gstinState: 'Maharashtra',
      deliveryState: 'Karnataka',
    });
    expect(businessStateWarning(maharashtra, 'Karnataka')).toBe(
      businessStateWarningText('Maharashtra', 'Karnataka'),
    );
    expect(businessStateNames(maharashtra, 'Maharashtra')).toBeNull();
    expect(businessStateNames('not a GSTIN', 'Karnataka')).toBeNull();
  });
});
