import { useT } from '../../i18n/intl.tsx';

/**
 * requirements#seller-returns: the reason a seller gave when it decided the shopper's cancellation,
 * return or replacement, where the shopper follows the request (My Orders, the order and request
 * pages). The seller's words stay as the seller wrote them.
 */
export function SellerNote({ text }: { text: string }) {
  const t = useT();
  return (
    <p className="seller-note" data-testid="seller-note">
      <strong>{t('orders.sellerNote')}</strong> <span translate="no">{text}</span>
    </p>
  );
}
