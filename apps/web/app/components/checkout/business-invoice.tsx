import { MAX_BUSINESS_NAME } from '@marketplace/domain/orders/place-order';
import { BUSINESS_FIELDS } from '../../lib/checkout.ts';
import { Field } from '../ui/field.tsx';

/**
 * requirements#gst-invoices: "Buying for your business?", closed until opened. A GSTIN and the
 * business name as registered make the sellers' tax invoices name the business (B2B), so it can
 * claim the GST as input tax. Left empty, the invoices name the shopper.
 */
export function BusinessInvoiceFields({
  refused,
}: {
  /** a refused attempt posted without scripts: what was typed, and the server's message per field */
  refused?: {
    values: { gstin: string; name: string } | null;
    errors: { gstin?: string | undefined; name?: string | undefined };
  };
}) {
  const isRefused = Boolean(refused?.errors.gstin ?? refused?.errors.name);
  return (
    <details className="checkout-business" open={isRefused || undefined}>
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
        error={refused?.errors.gstin}
      />
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
