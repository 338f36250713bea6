// requirements#languages on the checkout pages: what the server says in English (a refused order, a
// line that cannot be ordered, a payment that failed) in the page's language, and the GSTIN's
// state warning with its states as the GST list names them.
import type { ReactNode } from 'react';
import { ADDRESS_MESSAGES } from '@marketplace/domain/accounts/addresses';
import { notDeliverable, ORDER_MESSAGES, productUnavailable } from '@marketplace/domain/orders/messages';
import { GST_STATE_CODES, gstStateCodeOf } from '@marketplace/domain/sellers/tax-identity';
import { businessStateWarning } from '@marketplace/domain/tax/business-buyer';
import { type MessageKey, useRichT, useServerText, useT } from '../../i18n/intl.tsx';

/** The domain's English texts the checkout pages may be sent, and their keys. */
export const CHECKOUT_SERVER_TEXTS: Readonly<Record<string, MessageKey>> = {
  [ORDER_MESSAGES.placeFailed]: 'checkout.order.placeFailed',
  [ORDER_MESSAGES.noValidProducts]: 'checkout.order.noValidProducts',
  [ORDER_MESSAGES.codPlaced]: 'checkout.order.codPlaced',
  [ORDER_MESSAGES.onlinePlaced]: 'checkout.order.onlinePlaced',
  [ORDER_MESSAGES.razorpayNotLoaded]: 'checkout.payment.razorpayNotLoaded',
  [ORDER_MESSAGES.couponNotApplicable]: 'checkout.server.couponNotApplicable',
  // the same text as CHECKOUT_MESSAGES.codUnavailable
  [ORDER_MESSAGES.codNotAllowed]: 'checkout.codUnavailable',
  [ORDER_MESSAGES.quantity]: 'checkout.server.quantity',
  [ORDER_MESSAGES.orderNotFound]: 'checkout.order.notFound',
  [ORDER_MESSAGES.paymentFailed]: 'checkout.payment.failed',
  [ORDER_MESSAGES.paymentNotVerified]: 'checkout.payment.notVerified',
  [ORDER_MESSAGES.orderExpired]: 'checkout.payment.expired',
  [ORDER_MESSAGES.alreadyPaid]: 'checkout.payment.alreadyPaid',
  [ORDER_MESSAGES.idempotencyKeyReused]: 'checkout.server.keyReused',
  [ORDER_MESSAGES.businessGstin]: 'checkout.business.gstinRefused',
  [ORDER_MESSAGES.businessName]: 'checkout.business.nameRefused',
  [ORDER_MESSAGES.onlinePaymentUnavailable]: 'checkout.onlinePaymentUnavailable',
  [ADDRESS_MESSAGES.notFound]: 'checkout.server.addressNotFound',
};

/** A domain sentence built around one value, as the text before and after it. */
function around(sentence: (value: string) => string) {
  const [before = '', after = ''] = sentence('\u0000').split('\u0000');
  return { before, after };
}
const PRODUCT_UNAVAILABLE = around(productUnavailable);
const NOT_DELIVERABLE = around(notDeliverable);

/**
 * What a server text is: one of the table's, a sentence about a product (its id or name, and a
 * courier's own reason after it), Cash on Delivery refused with a courier's reason, or unknown.
 */
export type ServerText =
  | { kind: 'known'; key: MessageKey }
  | { kind: 'productUnavailable'; id: string }
  | { kind: 'notDeliverable'; name: string; reason: string }
  | { kind: 'codNotAllowed'; reason: string }
  | { kind: 'unknown'; text: string };

export function readServerText(text: string): ServerText {
  const key = Object.hasOwn(CHECKOUT_SERVER_TEXTS, text) ? CHECKOUT_SERVER_TEXTS[text] : undefined;
  if (key) return { kind: 'known', key };
  const { before: idBefore, after: idAfter } = PRODUCT_UNAVAILABLE;
  if (text.startsWith(idBefore) && text.endsWith(idAfter)) {
    const id = text.slice(idBefore.length, text.length - idAfter.length);
    if (/^[0-9]+$/.test(id)) return { kind: 'productUnavailable', id };
  }
  const at = NOT_DELIVERABLE.after ? text.indexOf(NOT_DELIVERABLE.after) : -1;
  if (at > NOT_DELIVERABLE.before.length && text.startsWith(NOT_DELIVERABLE.before)) {
    const name = text.slice(NOT_DELIVERABLE.before.length, at);
    return { kind: 'notDeliverable', name, reason: text.slice(at + NOT_DELIVERABLE.after.length).trim() };
  }
  if (text.startsWith(`${ORDER_MESSAGES.codNotAllowed} `))
    return { kind: 'codNotAllowed', reason: text.slice(ORDER_MESSAGES.codNotAllowed.length + 1) };
  return { kind: 'unknown', text };
}

/**
 * The server's English texts in the page's language: `text` for a notice, `node` for a page part,
 * where a product's name stays as stored (translate="no") and a courier's own reason, which comes in
 * English, is marked so. Anything unknown shows as sent.
 */
export function useCheckoutServerText() {
  const t = useT();
  const rich = useRichT();
  // the table's texts, and anything unknown as sent
  const known = useServerText(CHECKOUT_SERVER_TEXTS);
  const text = (sent: string): string => {
    const read = readServerText(sent);
    switch (read.kind) {
      case 'known':
      case 'unknown':
        return known(sent);
      case 'productUnavailable':
        return t('checkout.server.productUnavailable', { id: read.id });
      case 'notDeliverable': {
        const said = t('checkout.server.notDeliverable', { name: read.name });
        return read.reason ? `${said} ${read.reason}` : said;
      }
      case 'codNotAllowed':
        return `${t('checkout.codUnavailable')} ${read.reason}`;
    }
  };
  const reasonOf = (reason: string) =>
    reason ? (
      <>
        {' '}
        <span lang="en">{reason}</span>
      </>
    ) : null;
  const node = (sent: string): ReactNode => {
    const read = readServerText(sent);
    switch (read.kind) {
      case 'notDeliverable':
        return (
          <>
            {rich('checkout.server.notDeliverable', { name: <span translate="no">{read.name}</span> })}
            {reasonOf(read.reason)}
          </>
        );
      case 'codNotAllowed':
        return (
          <>
            {t('checkout.codUnavailable')}
            {reasonOf(read.reason)}
          </>
        );
      default:
        return text(sent);
    }
  };
  return { text, node };
}

/** The states of requirements#b2b-place-of-supply's warning, as the GST list names them; null when none. */
export function businessStateNames(
  gstin: string,
  deliveryState: string,
): { gstinState: string; deliveryState: string } | null {
  if (businessStateWarning(gstin, deliveryState) === null) return null;
  const registered = GST_STATE_CODES[gstin.replace(/\s+/g, '').toUpperCase().slice(0, 2)];
  const delivery = GST_STATE_CODES[gstStateCodeOf(deliveryState) ?? ''];
  return registered && delivery ? { gstinState: registered, deliveryState: delivery } : null;
}

/** The warning itself, the states' names as stored. */
export function BusinessStateWarningText({
  states,
}: {
  states: { gstinState: string; deliveryState: string };
}) {
  const rich = useRichT();
  return rich('checkout.business.stateWarning', {
    gstinState: <span translate="no">{states.gstinState}</span>,
    deliveryState: <span translate="no">{states.deliveryState}</span>,
  });
}
