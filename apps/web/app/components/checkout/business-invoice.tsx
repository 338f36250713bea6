import { useState } from 'react';
import { MAX_BUSINESS_NAME } from '@marketplace/domain/orders/place-order';
import {
  BUSINESS_STATE_ACKNOWLEDGED_FIELD,
  businessStateWarning,
} from '@marketplace/domain/tax/business-buyer';
import { BUSINESS_FIELDS } from '../../lib/checkout.ts';
import { Alert } from '../ui/alert.tsx';
import { Field } from '../ui/field.tsx';

/**
 * requirements#gst-invoices: "Buying for your business?", closed until opened. A GSTIN and the
 * business name as registered make the sellers' tax invoices name the business (B2B), so it can
 * claim the GST as input tax. Left empty, the invoices name the shopper. A GSTIN of another state
 * than the delivery address is warned about as it is typed (requirements#b2b-place-of-supply); a
 * form posted without scripts gets the warning back once, and goes ahead when posted again.
 */
export function BusinessInvoiceFields({
  refused,
  deliveryState,
  acknowledged,
}: {
  /** a refused attempt posted without scripts: what was typed, and the server's message per field */
  refused?: {
    values: { gstin: string; name: string } | null;
    errors: { gstin?: string | undefined; name?: string | undefined };
  };
  /** the delivery address's state, as the address names it */
  deliveryState: string;
  /** the GSTIN whose warning the shopper has seen: paying again with it goes ahead */
  acknowledged: string | null;
}) {
  const [gstin, setGstin] = useState(refused?.values?.gstin ?? '');
  const warning = businessStateWarning(gstin, deliveryState);
  const isOpen = Boolean(refused?.errors.gstin ?? refused?.errors.name) || warning !== null;
  return (
    <details className="checkout-business" open={isOpen || undefined}>
      <summary>Buying for your business? Add your GSTIN for a GST invoice</summary>
      <p className="checkout-muted">
        The sellers’ tax invoices will name your business, so you can claim the GST as input tax.
      </p>
      <Field
        label="GSTIN"
        name={BUSINESS_FIELDS.gstin}
        autoComplete="off"
        maxLength={20}
        spellCheck={false}
        placeholder="e.g. 27AAPFU0939F1ZV"
        defaultValue={refused?.values?.gstin}
        onChange={(event) => setGstin(event.currentTarget.value)}
        error={refused?.errors.gstin}
      />
      {/* a status region (the kit's warning alert): read out as it appears while typing */}
      {warning && (
        <Alert tone="warning" title="Input tax credit in another state" className="checkout-business-warning">
          {warning}
        </Alert>
      )}
      {acknowledged && <input type="hidden" name={BUSINESS_STATE_ACKNOWLEDGED_FIELD} value={acknowledged} />}
      <Field
        label="Business name (as registered for GST)"
        name={BUSINESS_FIELDS.name}
        autoComplete="organization"
        maxLength={MAX_BUSINESS_NAME}
        defaultValue={refused?.values?.name}
        error={refused?.errors.name}
      />
    </details>
  );
}
