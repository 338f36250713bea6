import type { CourierQuoteView } from '@marketplace/domain/orders/courier';
import type { SellerOrderItem } from '@marketplace/domain/sellers/seller-orders';
import { Form } from 'react-router';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Field, TextAreaField } from '../ui/field.tsx';
import { Amount } from '../ui/price.tsx';

/**
 * requirements#seller-orders: the invoice and shipment of the chosen items. A quantity below what
 * is still to ship sends that many now; the rest waits as its own item (split by the API).
 */
export function ShipForm({ items, busy }: { items: readonly SellerOrderItem[]; busy: boolean }) {
  return (
    <Card title="Ship myself: create invoice and shipment">
      <Form method="post" className="sc-ord-ship-form">
        <input type="hidden" name="intent" value="ship" />
        <fieldset className="sc-ord-ship-items">
          <legend>Items in this parcel</legend>
          {items.map((item) => (
            <div key={item.id} className="sc-ord-ship-item">
              <label className="sc-ord-ship-choice">
                <input type="checkbox" name="item" value={item.id} defaultChecked />
                <span>
                  {item.productName}
                  <span className="sc-ord-sub">SKU {item.sku}</span>
                </span>
              </label>
              <label className="sc-ord-ship-qty">
                <span>Qty (of {item.openQuantity})</span>
                <input
                  type="number"
                  name={`quantity-${item.id}`}
                  min={1}
                  max={item.openQuantity}
                  defaultValue={item.openQuantity}
                  inputMode="numeric"
                />
              </label>
            </div>
          ))}
        </fieldset>
        <ShipmentFields />
        <Button type="submit" busy={busy}>
          Create invoice and shipment
        </Button>
      </Form>
    </Card>
  );
}

/** Cancel an item the seller cannot fulfil (cancelled by the seller), with its reason for the shopper. */
export function CancelItemForm({
  item,
  busy,
  answer,
}: {
  item: SellerOrderItem;
  busy: boolean;
  answer: { intent: string; tone: string; message: string; target?: string } | undefined;
}) {
  const failed = answer?.intent === 'cancel' && answer.tone === 'error' && answer.target === String(item.id);
  return (
    <details className="sc-ord-cancel" open={failed || undefined}>
      <summary>Cannot fulfil? Cancel this item</summary>
      <Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="itemId" value={item.id} />
        <TextAreaField
          label="Reason"
          name="reason"
          maxLength={500}
          rows={2}
          id={`reason-${item.id}`}
          error={failed ? answer.message : undefined}
        />
        <Button type="submit" variant="secondary" small busy={busy}>
          Cancel item
        </Button>
      </Form>
    </details>
  );
}

/** A shipment's carrier and AWB number, as the order page and a replacement's shipment ask them. */
export function ShipmentFields() {
  return (
    <div className="sc-ord-ship-fields">
      <Field label="Carrier" name="carrier" maxLength={60} placeholder="e.g. Delhivery" />
      <Field
        label="AWB number"
        name="awbNo"
        maxLength={40}
        placeholder="4 to 40 letters, digits or dashes"
        hint="Leave empty to use the shipment number."
      />
    </div>
  );
}

/**
 * ADR-0051: "Ship with Bazaar courier": every item waiting to ship goes in one parcel, invoiced and
 * booked with the courier in one click, its rate shown; the courier's label is the next click.
 */
export function CourierShipForm({ quote, busy }: { quote: CourierQuoteView | null; busy: boolean }) {
  return (
    <Card title="Ship with Bazaar courier">
      {quote === null ? (
        <p className="sc-ord-sub">The courier’s rate could not be loaded. Reload the page to try again.</p>
      ) : quote.serviceable ? (
        <Form method="post" className="sc-ord-courier-form">
          <input type="hidden" name="intent" value="ship-courier" />
          <p className="sc-ord-sub">
            {quote.courierName} picks up from you, delivers in about {quote.transitDays}{' '}
            {quote.transitDays === 1 ? 'day' : 'days'} and tracks the parcel for you and the shopper.
          </p>
          <Button type="submit" busy={busy}>
            Ship with Bazaar courier · <Amount paise={quote.chargePaise ?? 0} />
          </Button>
        </Form>
      ) : (
        <p className="sc-ord-sub">The courier cannot take this parcel: {quote.reason}</p>
      )}
    </Card>
  );
}
