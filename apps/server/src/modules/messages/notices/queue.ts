import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type Executor,
  itemRequests,
  messagePreferences,
  orderItems,
  orders,
  refunds,
  sellers,
  shipments,
  trackingEvents,
  users,
} from '@marketplace/db';
import { formatInr } from '@marketplace/domain/money/money';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  LANGUAGE_LOCALES,
} from '@marketplace/domain/i18n/languages';
import { type NewMessage, enqueueMessages } from '../outbox.ts';
import { fillSms, isWhitelistedLink, noticeIn, NOTICES, type NoticeKind } from './catalogue.ts';
import { NOTICE_WORDS, type NoticeWords } from './words.ts';
import { type EmailLine, type NoticeEmail, renderNoticeHtml, renderNoticeText } from './email.tsx';
import { DEFAULT_PREFERENCES, type MessagePreferences } from './preferences.ts';

/**
 * The shop's origin for links in messages. Set once at start from PUBLIC_URL (createApp), read
 * where an order moves: the order code deep in a transaction has no configuration of its own.
 */
let publicUrl = 'http://localhost:3000';
/** WhatsApp messages are queued only while the WhatsApp channel is configured (off by default). */
let whatsappOn = false;

export function configureNotices(options: { publicUrl?: string; whatsapp?: boolean }): void {
  if (options.publicUrl) publicUrl = new URL(options.publicUrl).origin;
  whatsappOn = options.whatsapp ?? false;
}

export function noticeOrigin(): string {
  return publicUrl;
}

/** What happened, as the code that changed an order's state knows it. */
export type OrderEvent =
  | { kind: 'order-placed'; orderId: number }
  | { kind: 'shipment-moved'; shipmentId: number; status: string }
  | { kind: 'return-requested'; requestId: number }
  | { kind: 'return-pickup-booked'; requestId: number }
  | { kind: 'refund-started' | 'refund-completed'; refundId: number };

type Order = typeof orders.$inferSelect;
type Line = typeof orderItems.$inferSelect;

const orderLink = (orderNo: string) => `${publicUrl}/neworderdetail?order=${encodeURIComponent(orderNo)}`;
const trackLink = (orderNo: string, invoiceNo: string) =>
  `${publicUrl}/neworderdetail?order=${encodeURIComponent(orderNo)}#${encodeURIComponent(invoiceNo)}`;
/** requirements#ndr: the item's tracking page, where a shopper chooses what follows a failed attempt */
const choiceLink = (itemId: number) => `${publicUrl}/trackitem?item=${itemId}`;
const sellerOrderLink = (orderNo: string) =>
  `${publicUrl}/sellercentral/orders/${encodeURIComponent(orderNo)}`;
const sellerReturnLink = (refNo: string) => `${publicUrl}/sellercentral/returns/${encodeURIComponent(refNo)}`;

const emailLines = (lines: Line[]): EmailLine[] =>
  lines.map((l) => ({
    name: l.productName,
    quantity: l.quantity,
    totalPaise: l.unitPricePaise * l.quantity,
  }));

/** The status a parcel reached, as the notice it sends (null: nothing to tell). */
const SHIPMENT_NOTICES: Record<string, { shopper: NoticeKind; seller?: NoticeKind; repeats: boolean }> = {
  in_transit: { shopper: 'order-shipped', repeats: false },
  dispatched: { shopper: 'out-for-delivery', repeats: true },
  delivered: { shopper: 'order-delivered', repeats: false },
  delivery_failed: { shopper: 'delivery-attempted', seller: 'seller-delivery-attempted', repeats: true },
};

/**
 * requirements#order-notices: queues what an event tells the shopper and its sellers, in the
 * caller's transaction (the state change and its messages commit together). Each message carries
 * a key naming the event, channel and recipient: the same event seen again (the seller's form and
 * a courier's scan, a retried webhook, a second server process) queues nothing more.
 */
export async function queueOrderNotices(tx: Executor, event: OrderEvent): Promise<void> {
  switch (event.kind) {
    case 'order-placed': {
      const order = await loadOrder(tx, event.orderId);
      if (!order) return;
      const lines = await orderLines(tx, order.id);
      await enqueueMessages(tx, [
        ...(await shopperMessages(tx, order, 'order-placed', `order:${order.id}`, (w) => ({
          lead: w.placed.lead,
          details: [
            order.paymentMode === 'cod' ? w.placed.payCod(formatInr(order.totalPaise)) : w.placed.paid,
          ],
          lines,
          adjustments: orderAdjustments(order, w),
          total: { label: w.labels.orderTotal, paise: order.totalPaise },
          link: orderLink(order.orderNo),
          action: w.actions.viewOrder,
          sms: { order: order.orderNo, link: orderLink(order.orderNo) },
        }))),
        ...(await sellerMessages(
          tx,
          order,
          lines,
          'seller-new-order',
          `order:${order.id}`,
          sellerOrderLink(order.orderNo),
          {
            lead: 'You have a new order. Pack the items and create the shipment in Seller Central.',
          },
        )),
      ]);
      return;
    }
    case 'shipment-moved': {
      const notice = SHIPMENT_NOTICES[event.status];
      if (!notice) return;
      const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, event.shipmentId));
      if (!shipment || shipment.replacementRequestId !== null) return;
      const order = await loadOrder(tx, shipment.orderId);
      if (!order) return;
      const lines = await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.shipmentId, shipment.id))
        .orderBy(asc(orderItems.id));
      // out for delivery and a failed attempt may come again (the next attempt): each time once
      let subject = `shipment:${shipment.id}`;
      if (notice.repeats) {
        const seen = await tx
          .select({ id: trackingEvents.id })
          .from(trackingEvents)
          .where(and(eq(trackingEvents.shipmentId, shipment.id), eq(trackingEvents.status, event.status)));
        subject += `:${Math.max(1, seen.length)}`;
      }
      const link =
        notice.shopper === 'delivery-attempted' && lines[0]
          ? choiceLink(lines[0].id)
          : notice.shopper === 'delivery-attempted' || notice.shopper === 'order-delivered'
            ? orderLink(order.orderNo)
            : trackLink(order.orderNo, shipment.invoiceNo);
      const leads = (w: NoticeWords): Record<string, string> => ({
        'order-shipped': w.shipped(shipment.carrier ?? '', shipment.awbNo),
        'out-for-delivery': w.outForDelivery,
        'order-delivered': w.delivered.lead,
        'delivery-attempted': w.attempted,
      });
      const whole = await isWholeOrder(tx, order, lines);
      const messages: NewMessage[] = await shopperMessages(tx, order, notice.shopper, subject, (w) => ({
        lead: leads(w)[notice.shopper] ?? '',
        details: notice.shopper === 'order-delivered' ? [w.delivered.detail] : [],
        lines,
        ...parcelTotal(order, lines, whole, w),
        link,
        action: notice.shopper === 'delivery-attempted' ? w.actions.chooseNext : w.actions.track,
        sms: { order: order.orderNo, link },
      }));
      if (notice.seller)
        messages.push(
          ...(await sellerMessages(tx, order, lines, notice.seller, subject, sellerOrderLink(order.orderNo), {
            lead: `The courier could not deliver shipment ${shipment.invoiceNo}. The buyer is asked what to do next; you see the answer on the order.`,
          })),
        );
      await enqueueMessages(tx, messages);
      return;
    }
    case 'return-requested':
    case 'return-pickup-booked': {
      const [request] = await tx.select().from(itemRequests).where(eq(itemRequests.id, event.requestId));
      if (!request || request.kind !== 'return') return;
      const [line] = await tx.select().from(orderItems).where(eq(orderItems.id, request.orderItemId));
      if (!line) return;
      const order = await loadOrder(tx, line.orderId);
      if (!order) return;
      const lines = [{ ...line, quantity: request.quantity }];
      const subject = `request:${request.id}`;
      if (event.kind === 'return-requested') {
        await enqueueMessages(
          tx,
          await sellerMessages(
            tx,
            order,
            lines,
            'seller-return-requested',
            subject,
            sellerReturnLink(request.refNo),
            {
              lead: `The buyer asks to return ${line.productName} (return ${request.refNo}). Answer the request in Seller Central.`,
            },
          ),
        );
        return;
      }
      await enqueueMessages(
        tx,
        await shopperMessages(tx, order, 'return-pickup-booked', subject, (w, language) => ({
          lead: w.pickupBooked(
            request.refNo,
            request.pickupDate ? formatDay(request.pickupDate, language) : null,
          ),
          details: [],
          lines,
          total: { label: w.labels.itemsToReturn, paise: itemsPaise(lines) },
          link: orderLink(order.orderNo),
          action: w.actions.viewReturn,
          sms: { order: order.orderNo, link: orderLink(order.orderNo) },
        })),
      );
      return;
    }
    case 'refund-started':
    case 'refund-completed': {
      const [refund] = await tx.select().from(refunds).where(eq(refunds.id, event.refundId));
      if (!refund) return;
      const order = await loadOrder(tx, refund.orderId);
      if (!order) return;
      let lines = await orderLines(tx, order.id);
      if (refund.requestId !== null) {
        const [request] = await tx.select().from(itemRequests).where(eq(itemRequests.id, refund.requestId));
        const line = request ? lines.find((l) => l.id === request.orderItemId) : undefined;
        if (request && line) lines = [{ ...line, quantity: request.quantity }];
      }
      const amount = formatInr(refund.amountPaise).replace('₹', '');
      await enqueueMessages(
        tx,
        await shopperMessages(tx, order, event.kind, `refund:${refund.id}`, (w) => ({
          lead:
            event.kind === 'refund-started'
              ? w.refundStarted(formatInr(refund.amountPaise))
              : w.refundCompleted(formatInr(refund.amountPaise)),
          details: [
            refund.method === 'bank_account' ? w.refundToBank(refund.bankAccountLast4) : w.refundToSource,
          ],
          lines,
          total: { label: w.labels.refund, paise: refund.amountPaise },
          link: orderLink(order.orderNo),
          action: w.actions.viewOrder,
          sms: { amount, order: order.orderNo },
        })),
      );
      return;
    }
  }
}

/** '2026-12-09' as '9 Dec 2026', or in the language's own month names ('9 दिस॰ 2026'). */
function formatDay(day: string, language: Language): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(date);
}

const itemsPaise = (lines: Line[]) => lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);

/** Whether a parcel holds the whole order. */
async function isWholeOrder(tx: Executor, order: Order, lines: Line[]): Promise<boolean> {
  const all = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, order.id));
  return all.every((a) => lines.some((l) => l.id === a.id));
}

/** A parcel with the whole order shows the order's total; one of several parcels, its items' worth. */
function parcelTotal(order: Order, lines: Line[], whole: boolean, w: NoticeWords) {
  return whole
    ? {
        adjustments: orderAdjustments(order, w),
        total: { label: w.labels.orderTotal, paise: order.totalPaise },
      }
    : { total: { label: w.labels.parcelItems, paise: itemsPaise(lines) } };
}

/** Between the items and the total of a whole order: delivery, coupons and the platform promotion. */
function orderAdjustments(order: Order, w: NoticeWords) {
  return [
    { label: w.labels.delivery, paise: order.deliveryChargePaise },
    { label: w.labels.couponDiscount, paise: -order.couponDiscountPaise },
    { label: w.labels.promotion, paise: -order.promoDiscountPaise },
  ].filter((a) => a.paise !== 0);
}

async function loadOrder(tx: Executor, orderId: number): Promise<Order | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

function orderLines(tx: Executor, orderId: number) {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

type Content = {
  lead: string;
  details: string[];
  lines: Line[];
  /** delivery and discounts between the lines and an order's total (none for a refund or a seller) */
  adjustments?: { label: string; paise: number }[];
  total: { label: string; paise: number };
  link: string;
  action: string;
  /** the SMS variables by name (see the notice's smsVariables) */
  sms: Record<string, string>;
};

/**
 * The shopper's email, SMS and (when turned on) WhatsApp, as their preferences allow, in their
 * language (requirements#message-languages).
 */
async function shopperMessages(
  tx: Executor,
  order: Order,
  kind: NoticeKind,
  subject: string,
  content: (words: NoticeWords, language: Language) => Content,
): Promise<NewMessage[]> {
  const [user] = await tx
    .select({
      email: users.email,
      mobile: users.mobile,
      firstName: users.firstName,
      language: users.language,
      prefs: messagePreferences,
    })
    .from(users)
    .leftJoin(messagePreferences, eq(messagePreferences.userId, users.id))
    .where(eq(users.id, order.userId));
  if (!user) return [];
  const prefs: MessagePreferences = user.prefs ?? DEFAULT_PREFERENCES;
  const optional = NOTICES[kind].category === 'update';
  const mobile = user.mobile ?? order.deliveryPhone;
  const language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
  return buildMessages(kind, `${kind}:${subject}`, order.orderNo, language, {
    name: user.firstName,
    email: !optional || prefs.emailUpdates ? user.email : null,
    mobile: !optional || prefs.smsUpdates ? mobile : null,
    whatsapp: whatsappOn && prefs.whatsappUpdates ? mobile : null,
    content: content(NOTICE_WORDS[language], language),
  });
}

/** Each seller with items among `lines` gets its own email and SMS about its own items. */
async function sellerMessages(
  tx: Executor,
  order: Order,
  lines: Line[],
  kind: NoticeKind,
  subject: string,
  link: string,
  text: { lead: string },
): Promise<NewMessage[]> {
  const sellerIds = [...new Set(lines.map((l) => l.sellerId))];
  if (sellerIds.length === 0) return [];
  const found = await tx
    .select({
      id: sellers.id,
      name: sellers.name,
      contactName: sellers.contactName,
      email: sellers.contactEmail,
      mobile: sellers.contactMobile,
    })
    .from(sellers)
    .where(inArray(sellers.id, sellerIds));
  return found.flatMap((seller) => {
    const own = lines.filter((l) => l.sellerId === seller.id);
    return buildMessages(kind, `${kind}:${subject}:seller:${seller.id}`, order.orderNo, DEFAULT_LANGUAGE, {
      name: seller.contactName ?? seller.name,
      email: seller.email,
      mobile: seller.mobile,
      whatsapp: null,
      content: {
        lead: text.lead,
        details: [],
        lines: own,
        total: {
          label: 'Your items',
          paise: own.reduce((sum, l) => sum + l.unitPricePaise * l.quantity - l.couponDiscountPaise, 0),
        },
        link,
        action: 'Open in Seller Central',
        sms: { order: order.orderNo, link },
      },
    });
  });
}

function buildMessages(
  kind: NoticeKind,
  key: string,
  orderNo: string,
  language: Language,
  to: {
    name: string;
    email: string | null;
    mobile: string | null;
    whatsapp: string | null;
    content: Content;
  },
): NewMessage[] {
  const definition = NOTICES[kind];
  const spoken = noticeIn(kind, language);
  const { content } = to;
  const messages: NewMessage[] = [];
  const subject = spoken.subject.replace('{orderNo}', orderNo);
  if (to.email) {
    const email: NoticeEmail = {
      subject,
      lead: content.lead,
      details: content.details,
      orderNo,
      lines: emailLines(content.lines),
      adjustments: content.adjustments ?? [],
      total: content.total,
      action: { label: content.action, href: content.link },
      name: to.name,
      language,
    };
    messages.push({
      channel: 'email',
      recipient: to.email,
      subject,
      body: renderNoticeText(email),
      html: renderNoticeHtml(email),
      template: kind,
      orderNo,
      dedupeKey: `${key}:email`,
    });
  }
  // DLT: the registered text, its variables in order; a link only on the shop's own domain
  const variables = Object.fromEntries(spoken.smsVariables.map((name) => [name, content.sms[name] ?? '']));
  const link = definition.smsLinkVariable ? variables[definition.smsLinkVariable] : undefined;
  const linkAllowed = link === undefined || isWhitelistedLink(link, publicUrl);
  if (to.mobile && linkAllowed)
    messages.push({
      channel: 'sms',
      recipient: to.mobile,
      body: fillSms(kind, variables, language),
      template: kind,
      variables,
      language,
      orderNo,
      dedupeKey: `${key}:sms`,
    });
  if (to.whatsapp)
    messages.push({
      channel: 'whatsapp',
      recipient: to.whatsapp,
      body: fillSms(kind, variables, language),
      template: definition.whatsappTemplate,
      // the approved template's {{1}}, {{2}} in the language: the same values in the same order
      variables: Object.fromEntries(
        spoken.smsVariables.map((name, index) => [String(index + 1), variables[name] ?? '']),
      ),
      language,
      orderNo,
      dedupeKey: `${key}:whatsapp`,
    });
  return messages;
}
