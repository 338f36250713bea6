import { useState } from 'react';
import { MAX_BUSINESS_NAME } from '@marketplace/domain/orders/place-order';
import { BUSINESS_STATE_ACKNOWLEDGED_FIELD } from '@marketplace/domain/tax/business-buyer';
import { useT } from '../../i18n/intl.tsx';
import { BUSINESS_FIELDS } from '../../lib/checkout.ts';
import { Alert } from '../ui/alert.tsx';
import { Field } from '../ui/field.tsx';
import { BusinessStateWarningText, businessStateNames, useCheckoutServerText } from './checkout-texts.tsx';

/** A GSTIN as the GST portal prints it, for the field's example. */
const EXAMPLE_GSTIN = '27AAPFU0939F1ZV';

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
  const t = useT();
  const say = useCheckoutServerText();
  const [gstin, setGstin] = useState(refused?.values?.gstin ?? '');
  const warning = businessStateNames(gstin, deliveryState);
  const isOpen = Boolean(refused?.errors.gstin ?? refused?.errors.name) || warning !== null;
  const gstinError = refused?.errors.gstin;
  const nameError = refused?.errors.name;
  return (
    <details className="checkout-business" open={isOpen || undefined}>
      <summary>{t('checkout.business.open')}</summary>
      <p className="checkout-muted">{t('checkout.business.why')}</p>
      <Field
        label={t('checkout.business.gstin')}
        name={BUSINESS_FIELDS.gstin}
        autoComplete="off"
        maxLength={20}
        spellCheck={false}
        placeholder={t('checkout.business.gstinExample', { example: EXAMPLE_GSTIN })}
        defaultValue={refused?.values?.gstin}
        onChange={(event) => setGstin(event.currentTarget.value)}
        error={gstinError ? say.text(gstinError) : undefined}
      />
      {/* a status region (the kit's warning alert): read out as it appears while typing */}
      {warning && (
        <Alert tone="warning" title={t('checkout.business.stateTitle')} className="checkout-business-warning">
          <BusinessStateWarningText states={warning} />
        </Alert>
      )}
      {acknowledged && <input type="hidden" name={BUSINESS_STATE_ACKNOWLEDGED_FIELD} value={acknowledged} />}
      <Field
        label={t('checkout.business.name')}
        name={BUSINESS_FIELDS.name}
        autoComplete="organization"
        maxLength={MAX_BUSINESS_NAME}
        defaultValue={refused?.values?.name}
        error={nameError ? say.text(nameError) : undefined}
      />
    </details>
  );
}
