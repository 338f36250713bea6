// The order pages in the shopper's language (requirements#languages, ADR-0063): their days, the
// server's English texts they show (the domain's own words, mapped to the `orders.` catalog), the
// one status sentence of a request, a parcel's words, the shop's reasons and a refund's lines.
// English reads exactly as the domain writes it; anything not known shows as sent.
import { useIntl } from 'react-intl';
import { formatArrivalDate } from '@marketplace/domain/delivery/arrival';
import { CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
import { DEFAULT_LANGUAGE, formatDateIn } from '@marketplace/domain/i18n/languages';
import { formatInr } from '@marketplace/domain/money/money';
import {
  CANCEL_MESSAGES,
  CANCELLED_BY_LABELS,
  REFUND_STATUS_LABELS,
} from '@marketplace/domain/orders/cancel';
import { FEEDBACK_MESSAGES } from '@marketplace/domain/orders/feedback';
import {
  ITEM_ACTION_NAMES,
  ITEM_DETAIL_NAMES,
  ORDER_LIST_MESSAGES,
} from '@marketplace/domain/orders/item-actions';
import {
  type DayFormat,
  ITEM_STATUS_TITLES,
  type RefundFacts,
  type RequestFacts,
  requestStatusSentence,
  type StatusTone,
} from '@marketplace/domain/orders/item-status';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { NDR_MESSAGES } from '@marketplace/domain/orders/ndr';
import { REFUND_BREAKDOWN_TEXTS } from '@marketplace/domain/orders/refund';
import { REPLACEMENT_SHIPMENT_TEXTS } from '@marketplace/domain/orders/replacement';
import {
  AFTER_SALES_MESSAGES,
  REFUND_ESTIMATE,
  REPLACEMENT_MESSAGES,
  RETURN_MESSAGES,
  WINDOW_MESSAGES,
} from '@marketplace/domain/orders/returns';
import {
  SHOPPER_MONEY_AFTER_STOP,
  SHOPPER_OUTCOME_NAMES,
  SHOPPER_STAGE_NAMES,
  SHOPPER_TRACKING,
  type ShopperStage,
} from '@marketplace/domain/orders/shopper-tracking';
import { SCAN_NOTES } from '@marketplace/domain/orders/courier-scans';
import {
  TRACKING_MESSAGES,
  TRACKING_STATUSES,
  type TrackingStatus,
} from '@marketplace/domain/orders/tracking';
import { TAX_DOCUMENT_TITLES } from '@marketplace/domain/tax/document-view';
import { formatIndianDateTime } from '@marketplace/domain/text/dates';
import { type MessageKey, type MessageValues, useLanguage, useT } from '../../i18n/intl.tsx';
import ordersEnglish from '../../i18n/messages/orders/en.json' with { type: 'json' };
import { formatDate, formatDay, formatMoment } from './order-dates.ts';

type Format = (key: MessageKey, values?: MessageValues) => string;

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };
/** A calendar day (YYYY-MM-DD) is India's: its midnight there. */
const indiaMidnight = (day: string) => `${day}T00:00:00+05:30`;

/**
 * The order pages' days in the page's language: English as every page writes them (order-dates.ts),
 * the others with their own month and day names (Intl, India's time).
 */
export function useOrderDates() {
  const language = useLanguage();
  const english = language === DEFAULT_LANGUAGE;
  const as = (date: Date | string, options: Intl.DateTimeFormatOptions) =>
    formatDateIn(language, date, options);
  return {
    /** an instant's day: 'Mon, 23 Nov 2026' */
    day: (iso: string) => (english ? formatDay(iso) : as(iso, DAY)),
    /** a calendar day (YYYY-MM-DD): 'Mon, 23 Nov 2026' */
    date: (day: string) => (english ? formatDate(day) : as(indiaMidnight(day), DAY)),
    /** a tracking update's moment: '23 Nov, 4:05 pm' */
    moment: (iso: string) =>
      english
        ? formatMoment(iso)
        : as(iso, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }),
    /** a message's day and time: 'Tue, 17 Nov 2026, 3:35 pm' */
    dateTime: (iso: string) =>
      english ? formatIndianDateTime(iso) : as(iso, { ...DAY, hour: 'numeric', minute: '2-digit' }),
    /** requirements#arrival-date: 'Wed, 25 Nov' */
    arrival: (date: Date) =>
      english ? formatArrivalDate(date) : as(date, { weekday: 'short', day: 'numeric', month: 'short' }),
    /** a weekday's name: 'Friday' */
    weekday: (date: Date) => as(date, { weekday: 'long' }),
    /** a calendar day in full, as a choice of days: 'Friday, 27 November' */
    longDate: (day: string) => as(indiaMidnight(day), { weekday: 'long', day: 'numeric', month: 'long' }),
  };
}
export type OrderDates = ReturnType<typeof useOrderDates>;

/**
 * The domain's English texts the order pages show, as the server or the page's own checks send
 * them, and their keys: each key's English is the text itself (i18n/orders.test.ts).
 */
export const ORDERS_SERVER_TEXTS: Readonly<Record<string, MessageKey>> = {
  [ORDER_LIST_MESSAGES.underDispatch]: 'orders.underDispatch',
  [ORDER_LIST_MESSAGES.noOrders]: 'orders.noOrders',
  [ORDER_LIST_MESSAGES.loadFailed]: 'orders.loadFailed',
  [ORDER_MESSAGES.orderNotFound]: 'orders.orderNotFound',
  [ORDER_MESSAGES.codPlaced]: 'orders.codPlaced',
  [ORDER_MESSAGES.onlinePlaced]: 'orders.onlinePlaced',
  [TRACKING_MESSAGES.noOrderData]: 'orders.track.noOrderData',
  [TRACKING_MESSAGES.fetchFailed]: 'orders.track.fetchFailed',
  // the cancellation and its code
  [CANCEL_MESSAGES.selectProduct]: 'orders.cancel.selectProduct',
  [CANCEL_MESSAGES.selectQuantity]: 'orders.cancel.selectQuantity',
  [CANCEL_MESSAGES.otpRequired]: 'orders.cancel.otpRequired',
  [CANCEL_MESSAGES.invalidOtp]: 'orders.cancel.invalidOtp',
  [CANCEL_MESSAGES.failed]: 'orders.cancel.failed',
  [CANCEL_MESSAGES.prepaidRefund]: 'orders.cancel.prepaidRefund',
  [CANCEL_MESSAGES.noneFound]: 'orders.cancel.noneFound',
  [CANCEL_MESSAGES.unknownReason]: 'orders.cancel.unknownReason',
  [CANCEL_MESSAGES.additionalInfoTooLong]: 'orders.cancel.additionalInfoTooLong',
  [CANCEL_MESSAGES.additionalInfoInvalid]: 'orders.cancel.additionalInfoInvalid',
  [CANCEL_MESSAGES.itemNotInOrder]: 'orders.cancel.itemNotInOrder',
  // the same words on the cancel, return and replacement forms
  [CANCEL_MESSAGES.duplicateItem]: 'orders.form.duplicateItem',
  [CANCEL_MESSAGES.tooManyItems]: 'orders.form.tooManyItems',
  [CANCEL_MESSAGES.noPendingCancellation]: 'orders.cancel.noPendingCancellation',
  [CANCEL_MESSAGES.codeUsed]: 'orders.cancel.codeUsed',
  [CANCEL_MESSAGES.cancelled]: 'orders.cancel.cancelled',
  [`${CANCEL_MESSAGES.cancelled} ${CANCEL_MESSAGES.refundFollows}`]: 'orders.cancel.cancelledRefundFollows',
  [CODE_MESSAGES.invalid]: 'orders.cancel.codeInvalid',
  [CODE_MESSAGES.tooManyAttempts]: 'orders.cancel.codeTooManyAttempts',
  // ours: the cancellation API's own words when codes are asked for too often
  'Too many cancellation requests. Please try again later.': 'orders.cancel.rateLimited',
  // returns and replacements
  [RETURN_MESSAGES.noProducts]: 'orders.return.noProducts',
  [RETURN_MESSAGES.reasons]: 'orders.return.reasons',
  [RETURN_MESSAGES.images]: 'orders.return.images',
  [RETURN_MESSAGES.pickupDate]: 'orders.return.pickupDate',
  [RETURN_MESSAGES.submitted]: 'orders.return.submitted',
  [RETURN_MESSAGES.failed]: 'orders.return.failed',
  [RETURN_MESSAGES.noReturns]: 'orders.return.noReturns',
  [REPLACEMENT_MESSAGES.noProduct]: 'orders.replace.noProduct',
  [REPLACEMENT_MESSAGES.reasons]: 'orders.replace.reasons',
  [REPLACEMENT_MESSAGES.images]: 'orders.replace.images',
  [REPLACEMENT_MESSAGES.submitted]: 'orders.replace.submitted',
  [REPLACEMENT_MESSAGES.failed]: 'orders.replace.failed',
  [REPLACEMENT_MESSAGES.noReplacements]: 'orders.replace.noReplacements',
  [AFTER_SALES_MESSAGES.notFound]: 'orders.afterSales.notFound',
  [AFTER_SALES_MESSAGES.requestNotFound]: 'orders.afterSales.requestNotFound',
  [AFTER_SALES_MESSAGES.quantity]: 'orders.afterSales.quantity',
  [AFTER_SALES_MESSAGES.pickupOutsideWindow]: 'orders.afterSales.pickupOutsideWindow',
  [AFTER_SALES_MESSAGES.unknownReason]: 'orders.afterSales.unknownReason',
  [AFTER_SALES_MESSAGES.requestOpen]: 'orders.afterSales.requestOpen',
  [AFTER_SALES_MESSAGES.infoTooLong]: 'orders.afterSales.infoTooLong',
  [AFTER_SALES_MESSAGES.infoInvalid]: 'orders.afterSales.infoInvalid',
  [AFTER_SALES_MESSAGES.messageBlank]: 'orders.afterSales.messageBlank',
  [AFTER_SALES_MESSAGES.messageTooLong]: 'orders.afterSales.messageTooLong',
  [AFTER_SALES_MESSAGES.messageInvalid]: 'orders.afterSales.messageInvalid',
  [AFTER_SALES_MESSAGES.oneReplacement]: 'orders.afterSales.oneReplacement',
  [AFTER_SALES_MESSAGES.oneOrderAndSeller]: 'orders.afterSales.oneOrderAndSeller',
  [AFTER_SALES_MESSAGES.notLoggedIn]: 'orders.afterSales.notLoggedIn',
  [WINDOW_MESSAGES.return.not_delivered]: 'orders.window.returnNotDelivered',
  [WINDOW_MESSAGES.return.none]: 'orders.window.returnNone',
  [WINDOW_MESSAGES.return.closed]: 'orders.window.returnClosed',
  [WINDOW_MESSAGES.return.all_processed]: 'orders.window.allProcessed',
  [WINDOW_MESSAGES.replace.not_delivered]: 'orders.window.replaceNotDelivered',
  [WINDOW_MESSAGES.replace.none]: 'orders.window.replaceNone',
  [WINDOW_MESSAGES.replace.closed]: 'orders.window.replaceClosed',
  // ours: a conversation's message that could not be sent (routes/orders/item-conversation.tsx)
  'An error occurred while submitting your request. Please try again.': 'orders.chat.failed',
  // feedback and uploads
  [FEEDBACK_MESSAGES.failed]: 'orders.feedback.failed',
  [FEEDBACK_MESSAGES.tooManyImages]: 'orders.feedback.tooManyImages',
  [FEEDBACK_MESSAGES.invalidImages]: 'orders.feedback.invalidImages',
  [FEEDBACK_MESSAGES.invalidVideo]: 'orders.feedback.invalidVideo',
  [FEEDBACK_MESSAGES.stars]: 'orders.feedback.stars',
  [FEEDBACK_MESSAGES.textTooLong]: 'orders.feedback.textTooLong',
  [FEEDBACK_MESSAGES.textInvalid]: 'orders.feedback.textInvalid',
  [FEEDBACK_MESSAGES.mediaOnlyForProduct]: 'orders.feedback.mediaOnlyForProduct',
  [FEEDBACK_MESSAGES.unknownUpload]: 'orders.feedback.unknownUpload',
  [FEEDBACK_MESSAGES.notDelivered]: 'orders.feedback.notDelivered',
  [FEEDBACK_MESSAGES.saved]: 'orders.feedback.saved',
  [FEEDBACK_MESSAGES.imageTooLarge]: 'orders.feedback.imageTooLarge',
  [FEEDBACK_MESSAGES.videoTooLarge]: 'orders.feedback.videoTooLarge',
  // after a failed delivery attempt (ADR-0058)
  [NDR_MESSAGES.notAwaiting]: 'orders.ndr.notAwaiting',
  [NDR_MESSAGES.alreadyChosen]: 'orders.ndr.alreadyChosen',
  [NDR_MESSAGES.unavailable]: 'orders.ndr.unavailable',
  [NDR_MESSAGES.shipmentNotFound]: 'orders.ndr.shipmentNotFound',
  [NDR_MESSAGES.date]: 'orders.ndr.date',
  [NDR_MESSAGES.address]: 'orders.ndr.address',
  [NDR_MESSAGES.pincode]: 'orders.ndr.pincode',
  [NDR_MESSAGES.phone]: 'orders.ndr.phone',
  [NDR_MESSAGES.action]: 'orders.ndr.action',
  [NDR_MESSAGES.chosen.change_address]: 'orders.ndr.chosenAddress',
  [NDR_MESSAGES.chosen.change_phone]: 'orders.ndr.chosenPhone',
  [NDR_MESSAGES.chosen.return_to_origin]: 'orders.ndr.chosenReturn',
  // what the pages name and label
  [ITEM_ACTION_NAMES.cancel]: 'orders.action.cancel',
  [ITEM_ACTION_NAMES.track]: 'orders.action.track',
  [ITEM_ACTION_NAMES.return]: 'orders.action.return',
  [ITEM_ACTION_NAMES.replace]: 'orders.action.replace',
  [ITEM_ACTION_NAMES.deliveryFeedback]: 'orders.action.deliveryFeedback',
  [ITEM_ACTION_NAMES.productFeedback]: 'orders.action.productFeedback',
  [ITEM_ACTION_NAMES.sellerFeedback]: 'orders.action.sellerFeedback',
  [ITEM_DETAIL_NAMES.cancelled]: 'orders.detail.cancelled',
  [ITEM_DETAIL_NAMES.returned]: 'orders.detail.returned',
  [ITEM_DETAIL_NAMES.replaced]: 'orders.detail.replaced',
  [CANCELLED_BY_LABELS.customer]: 'orders.cancelledBy.customer',
  [CANCELLED_BY_LABELS.seller]: 'orders.cancelledBy.seller',
  [REFUND_STATUS_LABELS.initiated]: 'orders.refund.status.initiated',
  [REFUND_STATUS_LABELS.processed]: 'orders.refund.status.processed',
  [REFUND_STATUS_LABELS.completed]: 'orders.refund.status.completed',
  [REFUND_STATUS_LABELS.failed]: 'orders.refund.status.failed',
  [REFUND_ESTIMATE.text]: 'orders.refund.estimateDays',
  [REFUND_BREAKDOWN_TEXTS.coupon]: 'orders.refund.lineCoupon',
  [REFUND_BREAKDOWN_TEXTS.delivery]: 'orders.refund.lineDelivery',
  [REFUND_BREAKDOWN_TEXTS.rounding]: 'orders.refund.lineRounding',
  [REFUND_BREAKDOWN_TEXTS.alreadyRefunded]: 'orders.refund.lineAlreadyRefunded',
  [TAX_DOCUMENT_TITLES.invoice]: 'orders.document.invoice',
  [TAX_DOCUMENT_TITLES.credit_note]: 'orders.document.creditNote',
  [TAX_DOCUMENT_TITLES.bill_of_supply]: 'orders.document.billOfSupply',
  [TAX_DOCUMENT_TITLES.invoice_cum_bill_of_supply]: 'orders.document.invoiceCumBillOfSupply',
  // a replacement's new unit (replacementLine)
  [REPLACEMENT_SHIPMENT_TEXTS.preparing]: 'orders.replacement.preparing',
  [REPLACEMENT_SHIPMENT_TEXTS.shipped]: 'orders.replacement.shipped',
  [REPLACEMENT_SHIPMENT_TEXTS.delivered]: 'orders.replacement.delivered',
  [REPLACEMENT_SHIPMENT_TEXTS.track]: 'orders.replacement.track',
  [REPLACEMENT_SHIPMENT_TEXTS.cancelled_by_seller]: 'orders.replacement.cancelledBySeller',
  [REPLACEMENT_SHIPMENT_TEXTS.return_to_origin]: 'orders.replacement.returnToOrigin',
  [REPLACEMENT_SHIPMENT_TEXTS.lost_in_transit]: 'orders.replacement.lostInTransit',
  [REPLACEMENT_SHIPMENT_TEXTS.delivery_failed]: 'orders.replacement.deliveryFailed',
  [REPLACEMENT_SHIPMENT_TEXTS.refunded]: 'orders.replacement.refunded',
  [REPLACEMENT_SHIPMENT_TEXTS.retry]: 'orders.replacement.retry',
  // the courier's words for its scans (a tracking update's note), and the seller's shipping
  ...Object.fromEntries(
    Object.entries(SCAN_NOTES).map(([scan, note]) => [note, `orders.scan.${scan}` as MessageKey]),
  ),
  // ours: the note the server writes when the seller ships (fulfilment/ship.ts)
  'Invoice created; the parcel is packed.': 'orders.scan.shipped',
  // a parcel's stages and outcomes, and each status's sentence, in the shopper's words
  ...Object.fromEntries(
    Object.entries(SHOPPER_STAGE_NAMES).map(([stage, name]) => [name, stageKey(stage as ShopperStage)]),
  ),
  ...Object.fromEntries(
    Object.entries(SHOPPER_OUTCOME_NAMES).map(([status, name]) => [
      name,
      outcomeKey(status as TrackingStatus),
    ]),
  ),
  ...Object.fromEntries(
    TRACKING_STATUSES.map((status) => [SHOPPER_TRACKING[status].detail, detailKey(status)]),
  ),
  [SHOPPER_MONEY_AFTER_STOP.refunded]: 'orders.track.moneyRefunded',
  [SHOPPER_MONEY_AFTER_STOP.nothingPaid]: 'orders.track.nothingPaid',
};

function stageKey(stage: ShopperStage): MessageKey {
  return `orders.track.stage.${stage}` as MessageKey;
}
function outcomeKey(status: TrackingStatus): MessageKey {
  return `orders.track.outcome.${status}` as MessageKey;
}
function detailKey(status: TrackingStatus): MessageKey {
  return `orders.track.detail.${status}` as MessageKey;
}

/** Texts made of a name or a value and a known text: what each says, as a key and its values. */
const SERVER_PATTERNS: readonly { pattern: RegExp; key: MessageKey; names: readonly string[] }[] = [
  { pattern: /^The courier will try again on (.+)\.$/, key: 'orders.ndr.chosenRetry', names: ['day'] },
  {
    pattern: /^The courier could not take this choice: (.+)$/s,
    key: 'orders.ndr.refused',
    names: ['reason'],
  },
];

/**
 * The server's (or the page's own check's) English text in the page's language: the domain's
 * texts by their key, a product's refusal ('{product}: {message}') with its message translated,
 * the texts with a value inside; anything else as sent.
 */
export function useOrdersText() {
  const t = useT();
  return (text: string): string => translateServerText(text, t);
}

/** Whether the text is one of the domain's the catalog says (else it is shown as sent). */
export const isKnownText = (text: string) => Object.hasOwn(ORDERS_SERVER_TEXTS, text);

export function translateServerText(text: string, t: Format): string {
  const key = Object.hasOwn(ORDERS_SERVER_TEXTS, text) ? ORDERS_SERVER_TEXTS[text] : undefined;
  if (key) return t(key);
  for (const { pattern, key: patternKey, names } of SERVER_PATTERNS) {
    const match = pattern.exec(text);
    if (match)
      return t(patternKey, Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])));
  }
  // returns.ts namedRefusal: the product's name, then the refusal
  const colon = text.indexOf(': ');
  if (colon > 0) {
    const rest = text.slice(colon + 2);
    const known = Object.hasOwn(ORDERS_SERVER_TEXTS, rest) ? ORDERS_SERVER_TEXTS[rest] : undefined;
    if (known) return t('orders.namedRefusal', { product: text.slice(0, colon), message: t(known) });
  }
  return text;
}

// The one status sentence of a request (item-status.ts): the domain words it in English from the
// request's facts; each of its sentences is found here by its English message and said in the
// page's language, with the days it names written the language's way.

const DAY_TOKEN = '\u27e6day:';
const DATE_TOKEN = '\u27e6date:';
const END_TOKEN = '\u27e7';
/** Days as tokens, so the sentences can be found whatever the language writes days as. */
const TOKEN_FORMAT: DayFormat = {
  day: (iso) => `${DAY_TOKEN}${iso}${END_TOKEN}`,
  date: (day) => `${DATE_TOKEN}${day}${END_TOKEN}`,
};

const STATUS_TITLE_KEYS: Readonly<Record<string, MessageKey>> = {
  [ITEM_STATUS_TITLES.cancelRequested]: 'orders.status.cancelRequested',
  [ITEM_STATUS_TITLES.cancelRejected]: 'orders.status.cancelRejected',
  [ITEM_STATUS_TITLES.cancelled]: 'orders.status.cancelled',
  [ITEM_STATUS_TITLES.cancelledBySeller]: 'orders.status.cancelledBySeller',
  [ITEM_STATUS_TITLES.returnRequested]: 'orders.status.returnRequested',
  [ITEM_STATUS_TITLES.returnRejected]: 'orders.status.returnRejected',
  [ITEM_STATUS_TITLES.returnApproved]: 'orders.status.returnApproved',
  [ITEM_STATUS_TITLES.returned]: 'orders.status.returned',
  [ITEM_STATUS_TITLES.replaceRequested]: 'orders.status.replaceRequested',
  [ITEM_STATUS_TITLES.replaceApproved]: 'orders.status.replaceApproved',
  [ITEM_STATUS_TITLES.replaceImpossible]: 'orders.status.replaceImpossible',
  [ITEM_STATUS_TITLES.refunded]: 'orders.status.refunded',
  [`${ITEM_STATUS_TITLES.cancelled} and refunded`]: 'orders.status.cancelledRefunded',
  [`${ITEM_STATUS_TITLES.cancelledBySeller} and refunded`]: 'orders.status.cancelledBySellerRefunded',
};

/** The sentences a status detail is made of, by their key (their English is in the catalog). */
export const STATUS_SENTENCE_KEYS = [
  'orders.sentence.waitingToConfirm',
  'orders.sentence.cancelRejected',
  'orders.sentence.nothingCharged',
  'orders.sentence.waitingDecision',
  'orders.sentence.returnRejected',
  'orders.sentence.outOfStock',
  'orders.sentence.pickupOn',
  'orders.sentence.pickupToBeScheduled',
  'orders.sentence.refundAfterPickup',
  'orders.sentence.pickedUpOn',
  'orders.sentence.youKeep',
  'orders.sentence.newUnitNotDelivered',
  'orders.sentence.pickupOnExchange',
  'orders.sentence.sentInExchange',
  'orders.sentence.pickedUpOnExchange',
  'orders.sentence.refundWillStart',
  'orders.sentence.addBankAccount',
  'orders.sentence.refundInitiated',
  'orders.sentence.refundOnItsWay',
  'orders.sentence.refundedOn',
  'orders.sentence.refundComplete',
  'orders.sentence.refundFailed',
] as const satisfies readonly MessageKey[];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const english: Record<string, string> = ordersEnglish;

/** Each sentence's English as a pattern over the token-written days. */
const SENTENCE_PATTERNS = STATUS_SENTENCE_KEYS.map((key) => {
  const names: string[] = [];
  const source = escapeRegExp(english[key] ?? key).replace(/\\\{(day|date)\\\}/g, (_, name: string) => {
    names.push(name);
    return `${escapeRegExp(name === 'day' ? DAY_TOKEN : DATE_TOKEN)}([^${END_TOKEN}]*)${END_TOKEN}`;
  });
  return { key, names, pattern: new RegExp(`^${source}(?: |$)`) };
});

type Part = { key: MessageKey; values: Record<string, string> } | { text: string };

/** A detail's sentences, each by its key, or as text where none is known. */
function detailParts(detail: string): Part[] {
  const parts: Part[] = [];
  let rest = detail;
  while (rest.length > 0) {
    const found = SENTENCE_PATTERNS.map((p) => ({ p, match: p.pattern.exec(rest) })).find((m) => m.match);
    if (!found?.match) {
      parts.push({ text: rest });
      break;
    }
    const { match } = found;
    parts.push({
      key: found.p.key,
      values: Object.fromEntries(found.p.names.map((name, index) => [name, match[index + 1] ?? ''])),
    });
    rest = rest.slice(match[0].length);
  }
  return parts;
}

/** Token-written days back as the page writes days. */
const untoken = (text: string, dates: Pick<OrderDates, 'day' | 'date'>) =>
  text
    .replaceAll(
      new RegExp(`${escapeRegExp(DAY_TOKEN)}([^${END_TOKEN}]*)${END_TOKEN}`, 'g'),
      (_, iso: string) => dates.day(iso),
    )
    .replaceAll(
      new RegExp(`${escapeRegExp(DATE_TOKEN)}([^${END_TOKEN}]*)${END_TOKEN}`, 'g'),
      (_, day: string) => dates.date(day),
    );

export type TranslatedSentence = { title: string; detail: string; tone: StatusTone };

/**
 * requestStatusSentence in the page's language: the same title and the same sentences, each said
 * by its key (English exactly as the domain says it); `unknown` lists any text not found.
 */
export function statusSentenceIn(
  request: RequestFacts,
  refund: RefundFacts,
  t: Format,
  dates: Pick<OrderDates, 'day' | 'date'>,
): TranslatedSentence & { unknown: string[] } {
  const sentence = requestStatusSentence(request, refund, TOKEN_FORMAT);
  const unknown: string[] = [];
  const titleKey = Object.hasOwn(STATUS_TITLE_KEYS, sentence.title)
    ? STATUS_TITLE_KEYS[sentence.title]
    : undefined;
  if (!titleKey) unknown.push(sentence.title);
  const detail = detailParts(sentence.detail).map((part) => {
    if ('key' in part) {
      const values: Record<string, string> = {};
      for (const [name, value] of Object.entries(part.values))
        values[name] = name === 'day' ? dates.day(value) : dates.date(value);
      return t(part.key, values);
    }
    unknown.push(part.text);
    return untoken(part.text, dates);
  });
  return {
    title: titleKey ? t(titleKey) : sentence.title,
    detail: detail.join(' '),
    tone: sentence.tone,
    unknown,
  };
}

/** The status sentence of a request, in the page's language. */
export function useStatusSentence() {
  const t = useT();
  const dates = useOrderDates();
  return (request: RequestFacts, refund: RefundFacts): TranslatedSentence => {
    const { title, detail, tone } = statusSentenceIn(request, refund, t, dates);
    return { title, detail, tone };
  };
}

/** A parcel's words for the shopper (shopper-tracking.ts) in the page's language. */
export function useTrackingWords() {
  const t = useT();
  return {
    /** a stage's or an outcome's name, by its key */
    step: (key: string) =>
      key in SHOPPER_OUTCOME_NAMES
        ? t(outcomeKey(key as TrackingStatus))
        : key in SHOPPER_STAGE_NAMES
          ? t(stageKey(key as ShopperStage))
          : key,
    /** a status's one word (Shipped, Out for delivery, Delivery attempted) */
    word: (status: TrackingStatus) => {
      const { word } = SHOPPER_TRACKING[status];
      return Object.hasOwn(ORDERS_SERVER_TEXTS, word) ? t(ORDERS_SERVER_TEXTS[word] as MessageKey) : word;
    },
    /** a status's sentence for this parcel (shopperTrackingDetail), the money's fate after a stop */
    detail: (text: string) =>
      text
        .split(/(?<=\.) /)
        .map((part) =>
          Object.hasOwn(ORDERS_SERVER_TEXTS, part) ? t(ORDERS_SERVER_TEXTS[part] as MessageKey) : part,
        )
        .join(' '),
  };
}

/**
 * The shop's own reasons (cancel, return, replace: the seeded list staff keep) in the page's
 * language where the catalog has them under `orders.reason.<English text>`; a reason staff added
 * since stays as stored (`stored`: the page marks it so).
 */
export function useReasonText() {
  const intl = useIntl();
  return (reason: string): { text: string; stored: boolean } => {
    const key = `orders.reason.${reason}`;
    return key in intl.messages
      ? { text: intl.formatMessage({ id: key }), stored: false }
      : { text: reason, stored: true };
  };
}

const PRICE_LINE = /^Item price (?:(\d+) × )?(.+)$/;
const PROMO_LINE = /^(.+) of the (.+) (.+) discount was shared by this item$/;

/** A refund line of the item's share of an order's promo: its amounts and the promo's stored name. */
export function promoLineOf(text: string): { share: string; total: string; promo: string } | null {
  const promo = PROMO_LINE.exec(text);
  if (!promo) return null;
  const [, share = '', total = '', name = ''] = promo;
  return { share, total, promo: name };
}

/**
 * A line of how a refund is made up (refund.ts REFUND_BREAKDOWN_TEXTS) in the page's language; a
 * promo's line names the promo as stored (promoLineOf, said with its name marked by the page).
 */
export function refundLineIn(text: string, t: Format): string {
  const price = PRICE_LINE.exec(text);
  if (price) {
    const [, units, unitPrice = ''] = price;
    return units
      ? t('orders.refund.linePriceUnits', { units: Number(units), price: unitPrice })
      : t('orders.refund.linePrice', { price: unitPrice });
  }
  return translateServerText(text, t);
}

/** ADR-0058: the choice made after a failed attempt (ndrSummary), in a few words. */
export function ndrSummaryIn(
  choice: { action: string; summary: string },
  t: Format,
  dates: Pick<OrderDates, 'date'>,
): string {
  const { action, summary } = choice;
  const day = /^Try again on (\d{4}-\d{2}-\d{2})$/.exec(summary);
  if (action === 're_attempt' && day?.[1]) return t('orders.ndr.summaryRetry', { day: dates.date(day[1]) });
  const address = /^Deliver to (.+)$/s.exec(summary);
  if (action === 'change_address' && address?.[1])
    return t('orders.ndr.summaryAddress', { address: address[1] });
  const phone = /^Call (.+)$/.exec(summary);
  if (action === 'change_phone' && phone?.[1]) return t('orders.ndr.summaryPhone', { phone: phone[1] });
  if (action === 'return_to_origin') return t('orders.ndr.summaryReturn');
  return summary;
}

/** requirements#refund-estimate: what a return refunds and where (refundPreviewText), in the page's language. */
export function refundPreviewIn(
  amountPaise: number,
  method: string,
  last4: string | null,
  t: Format,
): string {
  const amount = formatInr(amountPaise);
  if (method !== 'bank_account') return t('orders.refund.previewOriginal', { amount });
  return last4
    ? t('orders.refund.previewBankEnding', { amount, last4 })
    : t('orders.refund.previewDefaultBank', { amount });
}

/** Where a refund goes (refundDestination), in the page's language. */
export function refundDestinationIn(method: string, last4: string | null, t: Format): string {
  if (method !== 'bank_account') return t('orders.refund.toOriginal');
  return last4 ? t('orders.refund.toBankEnding', { last4 }) : t('orders.refund.toBank');
}
