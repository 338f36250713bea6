import { useEffect, useState } from 'react';
import { formatInr } from '@marketplace/domain/money/money';
import { SELLER_ORDER_MESSAGES, type ShipmentLabel } from '@marketplace/domain/sellers/seller-orders';
import { formatParcelWeight } from '@marketplace/domain/sellers/shipment-documents';
import { Button } from '../ui/button.tsx';

type Address = {
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string | null;
};

/** An address block of the label and slip. */
export function LabelAddress({
  title,
  address,
  large = false,
}: {
  title: string;
  address: Address;
  large?: boolean;
}) {
  return (
    <div className={large ? 'sc-label-address sc-label-address-large' : 'sc-label-address'}>
      <p className="sc-label-address-title">{title}</p>
      <p>
        <strong>{address.name}</strong>
        <br />
        {address.address && (
          <>
            {address.address}
            <br />
          </>
        )}
        {[address.city, address.state].filter(Boolean).join(', ')} <strong>{address.pincode}</strong>
        {address.phone && (
          <>
            <br />
            Ph: {address.phone}
          </>
        )}
      </p>
    </div>
  );
}

/** Opens the browser's print dialog; before scripts run, the browser's own Print does the same. */
export function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return <span className="sc-label-hint">Use your browser’s Print (Ctrl+P)</span>;
  return (
    <Button small onClick={() => window.print()}>
      Print
    </Button>
  );
}

/** requirements#seller-orders: one A6 shipping label, for its own page or among a batch printed together. */
export function LabelSheet({ label }: { label: ShipmentLabel }) {
  const cod = label.paymentMode === 'cod';
  const pieces = label.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <article className="sc-label-sheet" aria-label={`Shipping label ${label.invoiceNo}`}>
      <header className="sc-label-top">
        <span className="sc-label-carrier">{label.carrier ?? 'Courier'}</span>
        <span className={cod ? 'sc-label-cod' : 'sc-label-prepaid'}>
          {cod ? `COD ${formatInr(label.codAmountPaise)}` : SELLER_ORDER_MESSAGES.prepaid}
        </span>
      </header>
      <section className="sc-label-to">
        <LabelAddress title="Deliver to" address={label.shipTo} large />
      </section>
      <figure className="sc-label-barcode">
        <div
          className="sc-label-bars"
          role="img"
          aria-label={`Barcode ${label.trackingNo}`}
          // drawn on the server from the tracking number (Code 128): no user text inside
          dangerouslySetInnerHTML={{ __html: label.barcodeSvg }}
        />
        <figcaption className="sc-label-awb">{label.trackingNo}</figcaption>
      </figure>
      <dl className="sc-label-facts">
        <div>
          <dt>Order</dt>
          <dd>{label.orderNo}</dd>
        </div>
        <div>
          {/* the shipment's own reference: its GST invoice carries a number of its own */}
          <dt>Shipment</dt>
          <dd>{label.invoiceNo}</dd>
        </div>
        <div>
          <dt>Weight</dt>
          <dd>{formatParcelWeight(label.weightGrams)}</dd>
        </div>
        <div>
          <dt>Pieces</dt>
          <dd>{pieces}</dd>
        </div>
      </dl>
      <section className="sc-label-from">
        <LabelAddress title="Pickup from" address={label.seller.pickup} />
        <LabelAddress title="If undelivered, return to" address={label.seller.return} />
      </section>
    </article>
  );
}
