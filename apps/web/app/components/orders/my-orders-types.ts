import type { ItemAction, ItemDetail } from '@marketplace/domain/orders/item-actions';
import type { TrackingSpecialStatus, TrackingStatus } from '@marketplace/domain/orders/tracking';

// The shapes of GET /api/my-orders and GET /api/my-orders/items/{id}/tracking (docs/api.md).

export type MyOrderItem = {
  id: number;
  productId: number;
  productName: string;
  productImage: string;
  quantity: number;
  unitPricePaise: number;
  totalPricePaise: number;
  status: 'pending' | 'shipped' | 'delivered' | 'cancelled' | 'undelivered';
  splitMode: string;
  cancelledQuantity: number;
  returnedQuantity: number;
  replacedQuantity: number;
  deliveryType: string;
  deliveryTypeLabel: string;
  arrivingBy: string | null;
  deliveredAt: string | null;
  invoiceNo: string | null;
  trackingStatus: TrackingStatus | null;
  carrier: string | null;
  awbNo: string | null;
  isUnderDispatch: boolean;
  returnWindowDays: number;
  returnByDate: string | null;
  replaceWindowDays: number;
  replaceByDate: string | null;
  openRequest: { refNo: string; kind: string; quantity: number } | null;
  /** the latest initiated replacement: where its new unit is */
  replacement: {
    refNo: string;
    title: string;
    detail: string;
    tone: 'ok' | 'wait' | 'bad';
    trackHref: string | null;
  } | null;
  actions: Record<ItemAction, { enabled: boolean; href: string }>;
  details: Partial<Record<ItemDetail, string>>;
};

export type MyOrder = {
  orderNo: string;
  placedAt: string;
  paymentMode: 'cod' | 'prepaid';
  paymentStatus: string;
  itemsTotalPaise: number;
  couponDiscountPaise: number;
  deliveryChargePaise: number;
  promoName: string | null;
  promoDiscountPaise: number;
  totalPaise: number;
  delivery: { name: string; phone: string; address: string };
  groups: { sellerId: number; sellerName: string; items: MyOrderItem[] }[];
};

export type MyOrderPage = { orders: MyOrder[]; page: number; pageCount: number; total: number };

export type ItemTracking = {
  item: {
    id: number;
    orderNo: string;
    placedAt: string;
    productName: string;
    productImage: string;
    quantity: number;
    status: string;
    sellerName: string;
    isUnderDispatch: boolean;
  };
  tracking: null | {
    invoiceNo: string;
    carrier: string | null;
    awbNo: string | null;
    status: TrackingStatus;
    /** set when this is the shipment of a replacement unit */
    replacementRefNo: string | null;
    progress:
      | { kind: 'step'; stepIndex: number; stepCount: number }
      | { kind: 'special'; status: TrackingSpecialStatus };
    events: { status: string; location: string | null; note: string | null; at: string }[];
  };
};

const IST = 'Asia/Kolkata';
const DAY = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: IST,
});
const DAY_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: IST,
});

/** A date as shoppers in India read it: '23 Nov 2026'. */
export const formatDay = (iso: string) => DAY.format(new Date(iso));
/** A moment of a tracking event: '23 Nov, 4:05 pm'. */
export const formatMoment = (iso: string) => DAY_TIME.format(new Date(iso));
