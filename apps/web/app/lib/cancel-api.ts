import type { CancelRequestInput } from '@marketplace/domain/orders/cancel';
import { callApi } from '../components/account/account-api.ts';

export type CancelFormItem = {
  id: number;
  productId: number;
  productName: string;
  productImage: string;
  sellerId: number;
  sellerName: string;
  quantity: number;
  openQuantity: number;
  unitPricePaise: number;
  status: string;
  isCancellable: boolean;
};
export type CancelForm = {
  orderNo: string;
  placedAt: string;
  paymentMode: string;
  isPrepaid: boolean;
  items: CancelFormItem[];
  reasons: { id: number; text: string }[];
};
export type CancelledItem = {
  item: {
    id: number;
    orderNo: string;
    invoiceNo: string | null;
    productId: number;
    productName: string;
    productImage: string;
    quantity: number;
    cancelledQuantity: number;
    unitPricePaise: number;
    paymentMode: string;
  };
  cancellations: {
    refNo: string;
    quantity: number;
    cancelledBy: 'customer' | 'seller';
    status: string;
    reasons: string[];
    additionalInfo: string | null;
    requestedAt: string;
    decidedAt: string | null;
    refund: {
      amountPaise: number;
      status: string;
      method: string;
      bankAccountLast4: string | null;
      completedAt: string | null;
      needsBankAccount: boolean;
    } | null;
  }[];
};

/** spec §4 Cancellation: the request (action order_cancelled) sends an OTP ... */
export const requestCancellation = (input: CancelRequestInput) =>
  callApi<{ message: string; sentTo: string }>('/api/cancellations', { method: 'POST', body: input });

/** ... and the OTP confirms it (action otpcheck). */
export const confirmCancellation = (code: string) =>
  callApi<{ message: string; refundPaise: number }>('/api/cancellations/verify', {
    method: 'POST',
    body: { code },
  });
