// What the shop tells shoppers and sellers as an order moves (requirements#order-notices): each
// notice's SMS text as registered with DLT, its email subject, its WhatsApp template, and whether
// the shopper may turn it off.
import type { Language } from '@marketplace/domain/i18n/languages';
import { type ShopperNoticeKind, TRANSLATED_NOTICES } from './words.ts';

/**
 * Who may turn a notice off. `transactional`: the order or the law needs it (a confirmation, a
 * refund, a failed delivery the shopper must answer, a booked pickup): always sent. `update`:
 * optional progress of a parcel, per channel on the shopper's preferences page.
 */
export type NoticeCategory = 'transactional' | 'update';

export type NoticeKind =
  | 'order-placed'
  | 'order-shipped'
  | 'out-for-delivery'
  | 'order-delivered'
  | 'delivery-attempted'
  | 'return-pickup-booked'
  | 'refund-started'
  | 'refund-completed'
  | 'seller-new-order'
  | 'seller-delivery-attempted'
  | 'seller-return-requested';

export type NoticeDefinition = {
  audience: 'shopper' | 'seller';
  category: NoticeCategory;
  /**
   * The SMS exactly as registered on the DLT portal, `{#var#}` for each variable, in the order
   * of `smsVariables`. TRAI's DLT rules: at most two variables here, and a link only as a
   * variable whose value lies on the shop's own (whitelisted) domain.
   */
  sms: string;
  /** MSG91 flow variable names, in the order of the `{#var#}` in `sms` */
  smsVariables: readonly string[];
  /** which of `smsVariables` carries a link (checked against the whitelisted domain) */
  smsLinkVariable: string | null;
  /** the email's subject; `{orderNo}` is filled in */
  subject: string;
  /** the WhatsApp message template's name as approved in Meta's WhatsApp Manager (language en) */
  whatsappTemplate: string;
};

/** Every notice. The README lists the DLT templates a deployer registers from these texts. */
export const NOTICES: Record<NoticeKind, NoticeDefinition> = {
  'order-placed': {
    audience: 'shopper',
    category: 'transactional',
    sms: 'Your order {#var#} is placed. We will tell you when it ships. Details: {#var#} - Bazaar',
    smsVariables: ['order', 'link'],
    smsLinkVariable: 'link',
    subject: 'Your order {orderNo} is placed',
    whatsappTemplate: 'order_placed',
  },
  'order-shipped': {
    audience: 'shopper',
    category: 'update',
    sms: 'Your order {#var#} has shipped. Track it here: {#var#} - Bazaar',
    smsVariables: ['order', 'link'],
    smsLinkVariable: 'link',
    subject: 'Your order {orderNo} has shipped',
    whatsappTemplate: 'order_shipped',
  },
  'out-for-delivery': {
    audience: 'shopper',
    category: 'update',
    sms: 'Your order {#var#} is out for delivery today. Track it here: {#var#} - Bazaar',
    smsVariables: ['order', 'link'],
    smsLinkVariable: 'link',
    subject: 'Your order {orderNo} is out for delivery',
    whatsappTemplate: 'order_out_for_delivery',
  },
  'order-delivered': {
    audience: 'shopper',
    category: 'update',
    sms: 'Your order {#var#} is delivered. Returns and feedback: {#var#} - Bazaar',
    smsVariables: ['order', 'link'],
    smsLinkVariable: 'link',
    subject: 'Your order {orderNo} is delivered',
    whatsappTemplate: 'order_delivered',
  },
  'delivery-attempted': {
    audience: 'shopper',
    category: 'transactional',
    sms: 'We could not deliver your order {#var#} today. Tell us what to do next: {#var#} - Bazaar',
    smsVariables: ['order', 'link'],
    smsLinkVariable: 'link',
    subject: 'We could not deliver your order {orderNo}',
    whatsappTemplate: 'delivery_attempted',
  },
  'return-pickup-booked': {
    audience: 'shopper',
    category: 'transactional',
    sms: 'The pickup of your return for order {#var#} is booked. Details: {#var#} - Bazaar',
    smsVariables: ['order', 'link'],
    smsLinkVariable: 'link',
    subject: 'Pickup booked for your return from order {orderNo}',
    whatsappTemplate: 'return_pickup_booked',
  },
  'refund-started': {
    audience: 'shopper',
    category: 'transactional',
    sms: 'A refund of Rs {#var#} for order {#var#} has started. It reaches you in 7-10 business days. - Bazaar',
    smsVariables: ['amount', 'order'],
    smsLinkVariable: null,
    subject: 'Your refund for order {orderNo} has started',
    whatsappTemplate: 'refund_started',
  },
  'refund-completed': {
    audience: 'shopper',
    category: 'transactional',
    sms: 'Your refund of Rs {#var#} for order {#var#} is complete. - Bazaar',
    smsVariables: ['amount', 'order'],
    smsLinkVariable: null,
    subject: 'Your refund for order {orderNo} is complete',
    whatsappTemplate: 'refund_completed',
  },
  'seller-new-order': {
    audience: 'seller',
    category: 'transactional',
    sms: 'New order {#var#} on Bazaar. Pack and ship it: {#var#} - Bazaar',
    smsVariables: ['order', 'link'],
    smsLinkVariable: 'link',
    subject: 'New order {orderNo}',
    whatsappTemplate: 'seller_new_order',
  },
  'seller-delivery-attempted': {
    audience: 'seller',
    category: 'transactional',
    sms: 'Delivery of order {#var#} failed today. The buyer is asked what to do next. {#var#} - Bazaar',
    smsVariables: ['order', 'link'],
    smsLinkVariable: 'link',
    subject: 'Delivery of order {orderNo} failed',
    whatsappTemplate: 'seller_delivery_attempted',
  },
  'seller-return-requested': {
    audience: 'seller',
    category: 'transactional',
    sms: 'A return of order {#var#} is requested. Answer it here: {#var#} - Bazaar',
    smsVariables: ['order', 'link'],
    smsLinkVariable: 'link',
    subject: 'Return requested for order {orderNo}',
    whatsappTemplate: 'seller_return_requested',
  },
};

export const NOTICE_KINDS = Object.keys(NOTICES) as NoticeKind[];

const isShopperNotice = (kind: NoticeKind): kind is ShopperNoticeKind => NOTICES[kind].audience === 'shopper';

/**
 * requirements#message-languages: a notice's SMS, its variables' order and its email subject in a
 * language. Shoppers' notices speak the four languages; sellers' stay in English.
 */
export function noticeIn(
  kind: NoticeKind,
  language: Language,
): { sms: string; smsVariables: readonly string[]; subject: string } {
  const definition = NOTICES[kind];
  if (language === 'en' || !isShopperNotice(kind)) return definition;
  return TRANSLATED_NOTICES[language][kind];
}

/** The SMS text with its variables filled in, in order (what the DLT scrubber compares). */
export function fillSms(
  kind: NoticeKind,
  variables: Record<string, string>,
  language: Language = 'en',
): string {
  const notice = noticeIn(kind, language);
  let index = 0;
  return notice.sms.replace(/\{#var#\}/g, () => {
    const name = notice.smsVariables[index++];
    return name === undefined ? '' : (variables[name] ?? '');
  });
}

/** Whether a link may go in an SMS: only the shop's own domain is whitelisted with DLT. */
export function isWhitelistedLink(link: string, publicUrl: string): boolean {
  try {
    const url = new URL(link);
    const own = new URL(publicUrl);
    return url.protocol === own.protocol && url.host === own.host;
  } catch {
    return false;
  }
}
