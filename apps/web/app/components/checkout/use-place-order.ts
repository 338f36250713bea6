import { useRef, useState } from 'react';
import { type CheckoutQuote, orderLinesOf, SUCCESS_POPUP_MS } from '@marketplace/domain/orders/checkout';
import { useNavigate } from 'react-router';
import { useLocalPath, useT } from '../../i18n/intl.tsx';
import type { NoticeValue } from '../account/notice.tsx';
import {
  type CheckoutSource,
  clearAfterOrder,
  placeOrder,
  rememberPendingOrder,
} from '../../lib/checkout.ts';
import { useCheckoutServerText } from './checkout-texts.tsx';

/**
 * Placing from the final review or the buy-now page (requirements#order-placement). COD:
 * the order is placed, the ordered lines and coupons are cleared, the success text shows for
 * 1.5 s, then /myorder. Online: the order waits for its payment on /paymentgateway. One attempt
 * keeps one idempotency key, so a double click never places two orders. The texts are in the page's
 * language, and every page it goes on to keeps that language.
 */
export function usePlaceOrder(source: CheckoutSource, onRefused: () => void) {
  const navigate = useNavigate();
  const t = useT();
  const local = useLocalPath();
  const say = useCheckoutServerText();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const running = useRef(false);

  async function place(
    paymentMode: 'cod' | 'online',
    addressId: number,
    quote: CheckoutQuote,
    lineKeys: readonly string[],
    business: { gstin: string; name: string } | null = null,
  ) {
    if (running.current) return;
    const lines = orderLinesOf(quote);
    if (lines.length === 0) return setNotice({ kind: 'error', text: t('checkout.order.noValidProducts') });
    running.current = true;
    setBusy(true);
    setNotice(null);
    let leaving = false;
    try {
      const result = await placeOrder({ addressId, paymentMode, lines, business });
      if (!result.ok) {
        if (result.kind === 'refused' && result.status === 401) {
          leaving = true;
          const here = `${window.location.pathname}${window.location.search}`;
          await navigate(local(`/login?redirectTo=${encodeURIComponent(here)}`));
          return;
        }
        // a refusal says why; no answer (or a 5xx) gets the spec's text alone
        const reason = result.kind === 'refused' ? result.message : '';
        setNotice({
          kind: 'error',
          text: reason
            ? t('checkout.order.placeFailedWhy', { reason: say.text(reason) })
            : t('checkout.order.placeFailed'),
        });
        onRefused();
        return;
      }
      leaving = true;
      if (result.data.paymentMode === 'cod') {
        // My Orders shows the same text, already in the page's language
        const placed = t('checkout.order.codPlaced');
        setSuccess(placed);
        await clearAfterOrder(source, lineKeys);
        window.setTimeout(
          () => void navigate(local('/myorder'), { replace: true, state: { notice: placed } }),
          SUCCESS_POPUP_MS,
        );
      } else {
        rememberPendingOrder(result.data.orderNo, source, lineKeys);
        await navigate(local(result.data.next));
      }
    } catch {
      setNotice({ kind: 'error', text: t('checkout.order.placeFailed') });
    } finally {
      if (!leaving) {
        running.current = false;
        setBusy(false);
      }
    }
  }

  return { place, busy, notice, success };
}
