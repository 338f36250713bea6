// requirements#seller-orders: the contract of Seller Central's orders pages (the tabs, an order's
// page and a shipment's label), shared by the API and the web.
import { z } from 'zod';
import { TRACKING_STATUSES } from '../orders/tracking.ts';

export const SELLER_ORDERS_PAGE_SIZE = 20;

/**
 * The orders tabs, each a set of item statuses (requirements#seller-orders):
 * - new: waiting for dispatch and ordered today (Indian date);
 * - to_ship: every item waiting for dispatch (new ones included);
 * - shipped: invoiced and on its way;
 * - delivered: delivered and nothing of it returned;
 * - cancelled: cancelled by the shopper or the seller;
 * - returned: some units returned by the shopper, or the parcel came back or was lost (undelivered).
 */
export const SELLER_ORDER_TABS = ['new', 'to_ship', 'shipped', 'delivered', 'cancelled', 'returned'] as const;
export type SellerOrderTab = (typeof SELLER_ORDER_TABS)[number];
export const SELLER_ORDER_TAB_LABELS: Record<SellerOrderTab, string> = {
  new: 'New',
  to_ship: 'To ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
};

export const SELLER_ORDER_MESSAGES = {
  badSearch: "Search by order number, SKU or buyer’s name: letters, digits, spaces and . _ - ' only.",
  badDate: 'Choose a day as YYYY-MM-DD.',
  datesReversed: 'The “To” day must not be before the “From” day.',
  badPage: 'The page must be a whole number from 1.',
  badTab: `The tab must be one of: ${SELLER_ORDER_TABS.join(', ')}.`,
  noItems: 'No orders here.',
  noSearchResults: 'No order matches your search.',
  orderNotFound: 'This order was not found.',
  shipmentNotFound: 'This shipment was not found.',
  prepaid: 'PREPAID',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** India keeps one offset all year: +05:30. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The first moment of the Indian calendar day `now` falls on (the New tab starts there). */
export function startOfIndianDay(now: Date): Date {
  return new Date(Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS);
}

export const SELLER_ORDER_SEARCH_MAX = 60;

/**
 * What a seller types into the orders search (requirements#seller-orders): the start of an order
 * number (`OD` and digits; a lower-case `od`, or only digits, forgiven), or a part of a SKU or of
 * the buyer's name. Letters of any
 * script, digits, spaces and . _ - ' only: anything else is refused rather than searched.
 */
export const OrdersSearch = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s+/g, ' '))
  .transform((value) => (/^(od)?\d+$/i.test(value) ? value.toUpperCase().replace(/^(?!OD)/, 'OD') : value))
  .pipe(z.string().regex(/^[\p{L}\p{M}\p{N} .'_-]{1,60}$/u, SELLER_ORDER_MESSAGES.badSearch));

/** A day as the orders filter takes it: `YYYY-MM-DD`, a real Indian calendar day. */
export const IndianDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, SELLER_ORDER_MESSAGES.badDate)
  .refine((day) => {
    const at = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
  }, SELLER_ORDER_MESSAGES.badDate);

export const SellerOrdersQuery = z
  .object({
    tab: z.enum(SELLER_ORDER_TABS, { message: SELLER_ORDER_MESSAGES.badTab }).default('to_ship'),
    q: z
      .string()
      .max(SELLER_ORDER_SEARCH_MAX, SELLER_ORDER_MESSAGES.badSearch)
      .optional()
      .transform((value) => (value?.trim() ? value : undefined))
      .pipe(OrdersSearch.optional()),
    from: IndianDay.optional(),
    to: IndianDay.optional(),
    page: z.coerce
      .number({ message: SELLER_ORDER_MESSAGES.badPage })
      .int(SELLER_ORDER_MESSAGES.badPage)
      .min(1, SELLER_ORDER_MESSAGES.badPage)
      .max(100_000, SELLER_ORDER_MESSAGES.badPage)
      .default(1),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: SELLER_ORDER_MESSAGES.datesReversed,
    path: ['to'],
  });
export type SellerOrdersQuery = z.infer<typeof SellerOrdersQuery>;

const Dispatch = {
  dispatchBy: z.string().meta({ description: 'The dispatch deadline (end of the last Indian day)' }),
  isLate: z.boolean().meta({ description: 'Still waiting after the deadline, or dispatched after it' }),
};

export const SellerOrderRow = z
  .object({
    itemId: z.number().int(),
    orderNo: z.string(),
    placedAt: z.string(),
    productName: z.string(),
    productImage: z.string(),
    sku: z.string(),
    quantity: z.number().int(),
    amountPaise: z.number().int().meta({ description: 'Sale price × quantity' }),
    status: z.string(),
    shipToCity: z.string(),
    paymentMode: z.enum(['cod', 'prepaid']),
    invoiceNo: z.string().nullable(),
    trackingStatus: z.string().nullable(),
    openRequestKind: z.string().nullable(),
    ...Dispatch,
  })
  .meta({ id: 'SellerOrderRow' });
export type SellerOrderRow = z.infer<typeof SellerOrderRow>;

export const SellerOrderTabCounts = z
  .object(
    Object.fromEntries(SELLER_ORDER_TABS.map((tab) => [tab, z.number().int()])) as Record<
      SellerOrderTab,
      z.ZodNumber
    >,
  )
  .meta({ id: 'SellerOrderTabCounts' });

export const SellerOrdersPage = z
  .object({
    tab: z.enum(SELLER_ORDER_TABS),
    q: z.string().nullable(),
    from: z.string().nullable().meta({ description: 'First Indian day of the orders shown' }),
    to: z.string().nullable().meta({ description: 'Last Indian day of the orders shown' }),
    counts: SellerOrderTabCounts,
    rows: z.array(SellerOrderRow),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'SellerOrdersPage' });
export type SellerOrdersPage = z.infer<typeof SellerOrdersPage>;

const TrackingEvent = z.object({
  status: z.string(),
  location: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});

export const SellerOrderItem = z.object({
  id: z.number().int(),
  productName: z.string(),
  productImage: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  openQuantity: z.number().int().meta({ description: 'Units not cancelled, returned or replaced' }),
  unitPricePaise: z.number().int(),
  status: z.string(),
  splitMode: z.string(),
  invoiceNo: z.string().nullable(),
  openRequest: z.object({ refNo: z.string(), kind: z.string(), quantity: z.number().int() }).nullable(),
  canShip: z.boolean(),
  canCancel: z.boolean(),
  ...Dispatch,
});
export type SellerOrderItem = z.infer<typeof SellerOrderItem>;

export const SellerShipment = z.object({
  invoiceNo: z.string(),
  status: z.enum(TRACKING_STATUSES),
  carrier: z.string().nullable(),
  awbNo: z.string().nullable(),
  createdAt: z.string(),
  isReplacement: z.boolean(),
  items: z.array(z.object({ productName: z.string(), sku: z.string(), quantity: z.number().int() })),
  nextStatuses: z.array(z.enum(TRACKING_STATUSES)).meta({ description: 'Where tracking may move next' }),
  // ADR-0051: booked with a courier, whose scans move it; its label is the courier's PDF
  courier: z
    .object({ provider: z.string(), labelUrl: z.string() })
    .nullable()
    .optional()
    .meta({ description: 'The courier whose scans move this shipment; null when the seller ships it' }),
  events: z.array(TrackingEvent),
  // requirements#e-invoicing: the shipment's invoice's registration with the portal, when one is due
  eInvoice: z
    .object({
      status: z.string(),
      irn: z.string().nullable(),
      errorCode: z.string().nullable(),
      errorMessage: z.string().nullable(),
    })
    .nullable()
    .optional(),
  // requirements#eway-bill: Part A of the consignment's e-way bill, when above ₹50,000
  ewayBill: z
    .object({
      status: z.string(),
      ewbNo: z.string().nullable(),
      validUntil: z.string().nullable(),
      distanceKm: z.number().int(),
      valuePaise: z.number().int(),
      errorCode: z.string().nullable(),
      errorMessage: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type SellerShipment = z.infer<typeof SellerShipment>;

export const SellerOrderDetail = z
  .object({
    orderNo: z.string(),
    placedAt: z.string(),
    paymentMode: z.enum(['cod', 'prepaid']),
    paymentStatus: z.string(),
    shipTo: z.object({
      name: z.string(),
      phone: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      pincode: z.string(),
    }),
    // requirements#gst-invoices: a business buying for its trade, named on the seller's invoice
    business: z.object({ name: z.string(), gstin: z.string() }).nullable(),
    items: z.array(SellerOrderItem),
    shipments: z.array(SellerShipment),
  })
  .meta({ id: 'SellerOrderDetail' });
export type SellerOrderDetail = z.infer<typeof SellerOrderDetail>;

const LabelAddress = z.object({
  name: z.string(),
  address: z.string(),
  pincode: z.string(),
  city: z.string(),
  state: z.string(),
  phone: z.string().nullable(),
});

export const ShipmentLabel = z
  .object({
    invoiceNo: z.string(),
    orderNo: z.string(),
    placedAt: z.string(),
    shippedAt: z.string(),
    carrier: z.string().nullable(),
    trackingNo: z.string().meta({ description: 'The AWB number, or the invoice number when none was given' }),
    barcodeSvg: z.string().meta({ description: 'The tracking number as a Code 128 barcode (SVG)' }),
    paymentMode: z.enum(['cod', 'prepaid']),
    codAmountPaise: z.number().int().meta({ description: 'Cash to collect at the door; 0 when prepaid' }),
    collect: z
      .object({
        itemsPaise: z.number().int(),
        couponPaise: z.number().int(),
        deliveryPaise: z.number().int(),
        promoPaise: z.number().int(),
        promoName: z.string().nullable(),
        collectPaise: z.number().int(),
      })
      .meta({
        description: 'How the cash to collect is made up from the parcel’s items’ parts of the order',
      }),
    weightGrams: z.number().int(),
    parcelTypes: z.array(z.string()),
    seller: z.object({
      name: z.string(),
      gstin: z.string().nullable(),
      pickup: LabelAddress,
      return: LabelAddress,
    }),
    shipTo: LabelAddress,
    items: z.array(
      z.object({
        productName: z.string(),
        sku: z.string(),
        quantity: z.number().int(),
        unitPricePaise: z.number().int(),
        amountPaise: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'ShipmentLabel' });
export type ShipmentLabel = z.infer<typeof ShipmentLabel>;

/** What creating a shipment answers, as the orders list's bulk action reads it. */
export const ShipmentCreatedAnswer = z.looseObject({
  success: z.literal(true),
  message: z.string(),
  invoiceNo: z.string(),
});

/** requirements#seller-orders: the orders list's bulk shipping, at most this many items at once. */
export const BULK_SHIP_LIMIT = 50;
export const BULK_SHIP_MESSAGES = {
  nothingChosen: 'Choose the items to ship.',
  tooMany: `Choose at most ${BULK_SHIP_LIMIT} items at once.`,
  notUnderstood: 'This form was not understood. Please try again.',
  created: (count: number) => `${count} ${count === 1 ? 'shipment was' : 'shipments were'} created.`,
} as const;

/** What the fulfilment endpoints answer on success, as a Seller Central form reads it. */
export const FulfilmentDone = z.looseObject({ success: z.literal(true), message: z.string() });
export type FulfilmentDone = z.infer<typeof FulfilmentDone>;

/** The forms of an order's page (requirements#seller-orders). */
export const ORDER_PAGE_INTENTS = ['ship', 'ship-courier', 'track', 'cancel'] as const;
export type OrderPageIntent = (typeof ORDER_PAGE_INTENTS)[number];
