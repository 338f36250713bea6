import { SELLER_ANSWER_TEXTS } from '@marketplace/domain/orders/seller-answers';

/**
 * requirements#seller-returns: the reason a seller gave when it decided the shopper's cancellation,
 * return or replacement, where the shopper follows the request (My Orders, the order and request
 * pages).
 */
export function SellerNote({ text }: { text: string }) {
  return (
    <p className="seller-note" data-testid="seller-note">
      <strong>{SELLER_ANSWER_TEXTS.note}</strong> {text}
    </p>
  );
}
