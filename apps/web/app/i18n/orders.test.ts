// requirements#languages: the order pages' English catalog says exactly what the domain (and so the
// spec and the existing pages) says, and each language says every status sentence, parcel word and
// server text the order pages show without falling back to English.
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { formatArrivalDate } from '@marketplace/domain/delivery/arrival';
import { CANCEL_MESSAGES } from '@marketplace/domain/orders/cancel';
import { FEEDBACK_MESSAGES, STAR_LABELS } from '@marketplace/domain/orders/feedback';
import {
  ITEM_ACTION_NAMES,
  ITEM_DETAIL_NAMES,
  MORE_ACTIONS_LABEL,
  ORDER_LIST_MESSAGES,
} from '@marketplace/domain/orders/item-actions';
import {
  ITEM_STATUS_TITLES,
  REFUND_FACT_STATUSES,
  type RefundFacts,
  requestStatusSentence,
} from '@marketplace/domain/orders/item-status';
import { NDR_MESSAGES } from '@marketplace/domain/orders/ndr';
import { REFUND_BREAKDOWN_TEXTS } from '@marketplace/domain/orders/refund';
import { REFUND_TEXTS } from '@marketplace/domain/orders/refund-life';
import { REPLACEMENT_SHIPMENT_TEXTS } from '@marketplace/domain/orders/replacement';
import {
  CONVERSATION_GREETINGS,
  REFUND_ESTIMATE,
  refundPreviewText,
  RETURN_FORM_TEXTS,
} from '@marketplace/domain/orders/returns';
import { newRepliesText, SELLER_ANSWER_TEXTS } from '@marketplace/domain/orders/seller-answers';
import {
  SHOPPER_OUTCOME_NAMES,
  SHOPPER_STAGE_NAMES,
  SHOPPER_TRACKING,
  shopperTrackingDetail,
} from '@marketplace/domain/orders/shopper-tracking';
import { TRACKING_STATUSES } from '@marketplace/domain/orders/tracking';
import { LANGUAGES, type Language } from '@marketplace/domain/i18n/languages';
import { arrivalFacts, arrivalHeadline } from '../components/orders/arrival-headline.ts';
import { VIDEO_NEEDS_SCRIPTS } from '../components/feedback/media-picker.tsx';
import {
  ndrSummaryIn,
  ORDERS_SERVER_TEXTS,
  promoLineOf,
  refundDestinationIn,
  refundLineIn,
  refundPreviewIn,
  STATUS_SENTENCE_KEYS,
  statusSentenceIn,
  translateServerText,
} from '../components/orders/orders-i18n.ts';
import { DAY_FORMAT, formatDate, formatDay } from '../components/orders/order-dates.ts';
import { AREA_CATALOGS } from './catalog.server.ts';
import type { MessageValues } from './intl.tsx';

const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', ta: 'ta-IN', te: 'te-IN' };

/** A message of a language's orders catalog as text; a tag's chunks stand as they are. */
const formatterIn =
  (language: Language) =>
  (key: string, values: MessageValues = {}): string => {
    const text = AREA_CATALOGS.orders[language][key];
    if (text === undefined) throw new Error(`${language}: no message ${key}`);
    const tag = (chunks: string[]) => chunks.join('');
    const tags = { name: tag, no: tag, b: tag };
    const parts = new IntlMessageFormat(text, LOCALES[language]).format({ ...tags, ...values } as never);
    return [parts].flat().join('');
  };
const say = formatterIn('en');
const english = AREA_CATALOGS.orders.en;
const ENGLISH_DATES = DAY_FORMAT;

describe('the orders catalog', () => {
  it('says each of the domain’s texts the order pages show exactly as the domain does', () => {
    const wrong = Object.entries(ORDERS_SERVER_TEXTS).filter(([text, key]) => say(key) !== text);
    expect(wrong).toEqual([]);
    expect(Object.keys(ORDERS_SERVER_TEXTS).length).toBeGreaterThan(100);
  });

  // requirements#my-orders, requirements#item-actions, requirements#tracking and the after-sales texts
  it.each([
    ['orders.underDispatch', ORDER_LIST_MESSAGES.underDispatch],
    ['orders.noOrders', ORDER_LIST_MESSAGES.noOrders],
    ['orders.loadFailed', ORDER_LIST_MESSAGES.loadFailed],
    ['orders.more', MORE_ACTIONS_LABEL],
    ...Object.entries(ITEM_ACTION_NAMES).map(([action, name]) => [`orders.action.${action}`, name]),
    ...Object.entries(ITEM_DETAIL_NAMES).map(([detail, name]) => [`orders.detail.${detail}`, name]),
    ...Object.entries(ITEM_STATUS_TITLES).map(([title, text]) => [`orders.status.${title}`, text]),
    ...Object.entries(SHOPPER_STAGE_NAMES).map(([stage, name]) => [`orders.track.stage.${stage}`, name]),
    ...Object.entries(SHOPPER_OUTCOME_NAMES).map(([status, name]) => [
      `orders.track.outcome.${status}`,
      name,
    ]),
    ...TRACKING_STATUSES.map((status) => [`orders.track.detail.${status}`, SHOPPER_TRACKING[status].detail]),
    ...Object.entries(STAR_LABELS).map(([stars, label]) => [`orders.feedback.star${stars}`, label]),
    ['orders.chat.greetingSeller', CONVERSATION_GREETINGS.seller],
    ['orders.chat.greetingPrivilegeClaim', CONVERSATION_GREETINGS.privilege_claim],
    ['orders.chat.new', SELLER_ANSWER_TEXTS.newReply],
    ['orders.sellerNote', SELLER_ANSWER_TEXTS.note],
    ['orders.media.videoNeedsScripts', VIDEO_NEEDS_SCRIPTS],
    ['orders.return.photoHint', RETURN_FORM_TEXTS.photoHint],
    ['orders.refund.previewLabel', RETURN_FORM_TEXTS.refundLabel],
    ['orders.refund.noBankAccount', RETURN_FORM_TEXTS.noBankAccount],
    ['orders.refund.amount', REFUND_TEXTS.amount],
    ['orders.refund.statusLabel', REFUND_TEXTS.status],
    ['orders.refund.toOriginal', REFUND_TEXTS.toOriginalPayment],
    ['orders.refund.toBank', REFUND_TEXTS.toBankAccount(null)],
    ['orders.refund.addBankAccount', REFUND_TEXTS.addBankAccount],
    ['orders.refund.addBankAccountLink', REFUND_TEXTS.addBankAccountLink],
    ['orders.refund.estimateDays', REFUND_ESTIMATE.text],
    ['orders.replacement.track', REPLACEMENT_SHIPMENT_TEXTS.track],
    ['orders.feedback.failed', FEEDBACK_MESSAGES.failed],
    ['orders.cancel.prepaidRefund', CANCEL_MESSAGES.prepaidRefund],
  ])('English %s is the domain’s “%s”', (key, text) => {
    expect(english[key]).toBe(text);
  });

  it('words the texts with values inside as the domain does', () => {
    expect(say('orders.newReplies', { count: 1 })).toBe(newRepliesText(1));
    expect(say('orders.newReplies', { count: 3 })).toBe(newRepliesText(3));
    expect(say('orders.cancel.codeSent', { to: 'p****@example.com' })).toBe(
      CANCEL_MESSAGES.codeSent('p****@example.com'),
    );
    expect(say('orders.refund.toBankEnding', { last4: '4321' })).toBe(REFUND_TEXTS.toBankAccount('4321'));
    expect(say('orders.refund.completedOn', { day: 'Mon, 23 Nov 2026' })).toBe(
      REFUND_TEXTS.completedOn('Mon, 23 Nov 2026'),
    );
    expect(say('orders.ndr.chosenRetry', { day: formatDate('2026-11-27') })).toBe(
      NDR_MESSAGES.chosen.re_attempt('2026-11-27'),
    );
    expect(say('orders.ndr.refused', { reason: 'No slot' })).toBe(NDR_MESSAGES.refused('No slot'));
    for (const [method, last4] of [
      ['original_payment', null],
      ['bank_account', '4321'],
      ['bank_account', null],
    ] as const) {
      expect(refundPreviewIn(316700, method, last4, say)).toBe(refundPreviewText(316700, method, last4));
    }
    expect(refundDestinationIn('bank_account', '4321', say)).toBe(REFUND_TEXTS.toBankAccount('4321'));
    for (const line of [
      REFUND_BREAKDOWN_TEXTS.price(1, 49900),
      REFUND_BREAKDOWN_TEXTS.price(3, 49900),
      REFUND_BREAKDOWN_TEXTS.coupon,
      REFUND_BREAKDOWN_TEXTS.rounding,
    ])
      expect(refundLineIn(line, say)).toBe(line);
    const promo = REFUND_BREAKDOWN_TEXTS.promo(5000, 20000, 'PromoJun');
    expect(say('orders.refund.linePromo', promoLineOf(promo) ?? {})).toBe(promo);
    expect(translateServerText(`Phone Stand: ${FEEDBACK_MESSAGES.invalidImages}`, say)).toBe(
      `Phone Stand: ${FEEDBACK_MESSAGES.invalidImages}`,
    );
    expect(translateServerText('Something the domain never said.', say)).toBe(
      'Something the domain never said.',
    );
    expect(
      ndrSummaryIn({ action: 're_attempt', summary: 'Try again on 2026-11-27' }, say, ENGLISH_DATES),
    ).toBe(`Try again on ${formatDate('2026-11-27')}`);
    expect(say('orders.placedCount', { count: 1 })).toBe('1 order placed');
    expect(say('orders.placedCount', { count: 7 })).toBe('7 orders placed');
    expect(say('orders.feedback.starChoice', { count: 1, label: STAR_LABELS[1] })).toBe('1 star: Very poor');
    expect(say('orders.feedback.starChoice', { count: 4, label: STAR_LABELS[4] })).toBe('4 stars: Good');
    expect(shopperTrackingDetail('lost_in_transit', true)).toBe(
      `${say('orders.track.detail.lost_in_transit')} ${say('orders.track.moneyRefunded')}`,
    );
  });

  it('says the shop’s reasons (the seeded lists staff keep) under their English text', () => {
    const reasons = Object.entries(english).filter(([key]) => key.startsWith('orders.reason.'));
    expect(reasons.length).toBeGreaterThan(15);
    expect(reasons.filter(([key, text]) => key !== `orders.reason.${text}`)).toEqual([]);
  });

  it('heads the tracking page as arrival-headline.ts does', () => {
    const now = new Date('2026-11-24T04:30:00Z');
    for (const iso of [
      '2026-11-24T12:00:00Z',
      '2026-11-24T23:00:00Z',
      '2026-11-27T06:00:00Z',
      '2026-12-02T06:00:00Z',
      '2026-11-22T06:00:00Z',
    ]) {
      const input = { arrivingBy: iso, deliveredAt: null, isStopped: false, now };
      const facts = arrivalFacts(input);
      const headline = arrivalHeadline(input);
      if (!facts || !headline) throw new Error('a headline');
      const weekday = (date: Date) =>
        new Intl.DateTimeFormat('en-IN', { weekday: 'long', timeZone: 'Asia/Kolkata' }).format(date);
      const title =
        facts.kind === 'today'
          ? say('orders.arrival.today')
          : facts.kind === 'tomorrow'
            ? say('orders.arrival.tomorrow')
            : facts.kind === 'late'
              ? say('orders.arrival.late')
              : facts.kind === 'delivered'
                ? say('orders.arrival.delivered', { date: formatArrivalDate(facts.date) })
                : say('orders.arrival.on', {
                    when: facts.kind === 'weekday' ? weekday(facts.date) : formatArrivalDate(facts.date),
                  });
      expect(title).toBe(headline.title);
      if (facts.kind === 'late')
        expect(say('orders.arrival.expectedBy', { date: formatArrivalDate(facts.date) })).toBe(
          headline.detail,
        );
    }
  });
});

/** Every request a status sentence speaks of: each kind, state, pickup and refund together. */
function everyRequest() {
  const statuses = {
    cancel: ['pending', 'rejected', 'completed'],
    return: ['pending', 'rejected', 'refund-with-reverse', 'refund-without-reverse'],
    replace: ['pending', 'initiate-replacement', 'reject-with-return', 'reject-without-return', 'rejected'],
  } as const;
  const refunds: RefundFacts[] = REFUND_FACT_STATUSES.flatMap((status): RefundFacts[] =>
    status === 'none' || status === 'due'
      ? [{ status }]
      : [
          { status, completedAt: '2026-11-23T09:00:00Z', needsBankAccount: false },
          { status, completedAt: null, needsBankAccount: true },
        ],
  );
  return (['cancel', 'return', 'replace'] as const).flatMap((kind) =>
    statuses[kind].flatMap((status) =>
      (['customer', 'seller'] as const).flatMap((requestedBy) =>
        [null, '2026-11-27'].flatMap((pickupDate) =>
          [null, '2026-11-25T06:00:00Z'].flatMap((pickedUpAt) =>
            refunds.map((refund) => ({
              request: { kind, status, requestedBy, pickupDate, pickedUpAt },
              refund,
            })),
          ),
        ),
      ),
    ),
  );
}

describe('the status sentence in each language', () => {
  const requests = everyRequest();

  it('is the domain’s own sentence in English, found sentence by sentence', () => {
    const wrong = requests.flatMap(({ request, refund }) => {
      const ours = statusSentenceIn(request, refund, say, ENGLISH_DATES);
      const theirs = requestStatusSentence(request, refund, DAY_FORMAT);
      return ours.unknown.length > 0 || ours.title !== theirs.title || ours.detail !== theirs.detail
        ? [{ request, refund, ours, theirs }]
        : [];
    });
    expect(wrong).toEqual([]);
    expect(requests.length).toBeGreaterThan(500);
  });

  it('uses every sentence the catalog has for it', () => {
    const used = new Set<string>();
    const spy = (key: string, values?: MessageValues) => {
      used.add(key);
      return say(key, values);
    };
    for (const { request, refund } of requests) statusSentenceIn(request, refund, spy, ENGLISH_DATES);
    expect(STATUS_SENTENCE_KEYS.filter((key) => !used.has(key))).toEqual([]);
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`leaves no English in ${language}`, () => {
      const t = formatterIn(language);
      const dates = {
        day: (iso: string) => `[${formatDay(iso)}]`,
        date: (day: string) => `[${formatDate(day)}]`,
      };
      const left = requests.flatMap(({ request, refund }) => {
        const { title, detail, unknown } = statusSentenceIn(request, refund, t, dates);
        const words = `${title} ${detail}`.replace(/\[[^\]]*\]/g, '').match(/[A-Za-z]{3,}/g) ?? [];
        return unknown.length > 0 || words.length > 0 ? [{ request, title, detail, unknown }] : [];
      });
      expect(left).toEqual([]);
    });

    it(`says every parcel word and server text in ${language}`, () => {
      const t = formatterIn(language);
      const left = Object.values(ORDERS_SERVER_TEXTS).filter((key) => {
        const text = t(key, { product: 'X', message: 'Y' });
        return /[A-Za-z]{3,}/.test(text.replace(/\b(OTP|COD|GST|GSTIN|PDF|JavaScript|AWB)\b/g, ''));
      });
      expect(left).toEqual([]);
    });
  }
});
