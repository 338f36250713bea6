import type {
  AfterSalesKind,
  AfterSalesRequestInput,
  ConversationMessageInput,
  ConversationTopic,
  Eligibility,
} from '@marketplace/domain/orders/returns';
import type { TrackingStatus } from '@marketplace/domain/orders/tracking';
import { callApi } from '../components/account/account-api.ts';

/** `GET /api/item-requests/options`: the return or replacement form of one seller's part of an order. */
export type AfterSalesForm = {
  kind: AfterSalesKind;
  orderNo: string;
  sellerId: number;
  sellerName: string;
  reasons: { id: number; name: string }[];
  items: {
    id: number;
    productName: string;
    productImage: string;
    invoiceNo: string | null;
    quantity: number;
    unitPricePaise: number;
    returnedQuantity: number;
    replacedQuantity: number;
    openRequest: { refNo: string; kind: string; quantity: number } | null;
    eligibility: Eligibility;
  }[];
  requests: {
    id: number;
    refNo: string;
    itemId: number;
    productName: string;
    invoiceNo: string | null;
    quantity: number;
    status: string;
    addedAt: string;
    detailHref: string;
  }[];
};

/** `GET /api/item-requests`: an item and its requests of a kind, newest first. */
export type ItemRequestDetails = {
  item: {
    id: number;
    orderNo: string;
    invoiceNo: string | null;
    productName: string;
    productImage: string;
    sellerName: string;
    quantity: number;
    unitPricePaise: number;
    paymentMode: string;
  };
  requests: {
    refNo: string;
    quantity: number;
    status: string;
    reasons: string[];
    additionalInfo: string;
    pickupDate: string | null;
    images: string[];
    video: string | null;
    requestedAt: string;
    decidedAt: string | null;
    refund: {
      status: string;
      amountPaise: number;
      estimate: { from: string; to: string; text: string } | null;
      method: string;
      bankAccountLast4: string | null;
      completedAt: string | null;
      needsBankAccount: boolean;
    };
    /** an initiated replacement's new unit: being prepared, then its shipment */
    replacement: {
      title: string;
      detail: string;
      tone: 'ok' | 'wait' | 'bad';
      invoiceNo: string | null;
      status: TrackingStatus | null;
      deliveredAt: string | null;
      trackHref: string | null;
    } | null;
  }[];
};

export type Conversation = {
  sellerName: string;
  messages: {
    id: number;
    author: 'shopper' | 'seller';
    topic: ConversationTopic;
    body: string;
    sentAt: string;
  }[];
};

export const formPath = (kind: AfterSalesKind, orderNo: string, sellerId: string) =>
  `/api/item-requests/options?kind=${kind}&order=${encodeURIComponent(orderNo)}&seller=${encodeURIComponent(sellerId)}`;
export const detailsPath = (kind: AfterSalesKind, itemId: string) =>
  `/api/item-requests?kind=${kind}&item=${encodeURIComponent(itemId)}`;
export const conversationPath = (itemId: string, topic: ConversationTopic) =>
  `/api/item-requests/messages?item=${encodeURIComponent(itemId)}&topic=${topic}`;

export const submitRequest = (input: AfterSalesRequestInput) =>
  callApi<{
    success: true;
    message: string;
    kind: AfterSalesKind;
    pickupDate: string;
    requests: { refNo: string; itemId: number; quantity: number }[];
  }>('/api/item-requests', {
    method: 'POST',
    body: input,
  });

export const sendMessage = (input: ConversationMessageInput) =>
  callApi<Conversation>('/api/item-requests/messages', { method: 'POST', body: input });

/** A calendar day (YYYY-MM-DD) as a shopper reads it: 'Mon, 23 Nov 2026'. */
export const formatDate = (day: string) =>
  new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
