import { formatInr } from '@marketplace/domain/money/money';
import { type AfterSalesForm, type AfterSalesKind } from '@marketplace/domain/orders/returns';
import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { reasonLabel } from '../orders/cancel-item-row.tsx';
import { refundPreviewIn, useOrdersText, useReasonText } from '../orders/orders-i18n.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Choice as ChoiceBox, FieldError, SelectField } from '../ui/field.tsx';
import { type Choice, isSelectable, type Item, quantityField, reasonField } from './request-fields.ts';

/**
 * One product of the order on /returnitem (a tick box: several go back together) or
 * /replacementitem (a radio: one at a time, requirements#replacement-form). A ticked product shows its quantity select
 * (1 up to the units not yet processed) and its reasons; one that cannot be asked for says why.
 * Before the page's scripts run, a tick cannot show anything, so every product that can be asked
 * for shows its choices (the action reads those of the ticked ones).
 */
export function ProductRow({
  kind,
  item,
  reasons,
  isTicked,
  choice,
  errors,
  disabled,
  onTick,
  onChoice,
}: {
  kind: AfterSalesKind;
  item: Item;
  reasons: AfterSalesForm['reasons'];
  isTicked: boolean;
  choice: Choice;
  errors: { quantity?: string; reasonIds?: string };
  disabled: boolean;
  onTick: (isTicked: boolean) => void;
  onChoice: (choice: Choice) => void;
}) {
  const t = useT();
  const say = useOrdersText();
  const reasonOf = useReasonText();
  const hydrated = useHydrated();
  const selectable = isSelectable(item);
  const showsChoice = isTicked || (!hydrated && selectable);
  const remaining = item.eligibility.isEligible ? item.eligibility.remaining : 0;
  const base = `as-item-${item.id}`;
  const toggleReason = (id: number) =>
    onChoice({
      ...choice,
      reasonIds: choice.reasonIds.includes(id)
        ? choice.reasonIds.filter((r) => r !== id)
        : [...choice.reasonIds, id],
    });
  return (
    <li className={`as-product${isTicked ? ' selected' : ''}${selectable ? '' : ' dimmed'}`}>
      <label>
        <input
          type={kind === 'return' ? 'checkbox' : 'radio'}
          name="item"
          value={item.id}
          checked={isTicked}
          disabled={!selectable || disabled}
          onChange={(event) => onTick(event.target.checked)}
          data-testid="as-product-pick"
        />
        <img src={item.productImage} alt="" width={64} height={64} />
        <span className="as-product-text">
          <span className="as-product-name" translate="no">
            {item.productName}
          </span>
          <span className="as-product-meta">
            {t('orders.afterSales.qtyEach', {
              quantity: item.quantity,
              price: formatInr(item.unitPricePaise),
            })}
          </span>
          {!item.eligibility.isEligible && (
            <span className="as-product-note">{say(item.eligibility.message)}</span>
          )}
          {item.eligibility.isEligible && item.openRequest && (
            <span className="as-product-note">{t('orders.afterSales.requestOpen')}</span>
          )}
        </span>
      </label>
      {showsChoice && (
        <div
          className="as-item-choice"
          role="group"
          aria-label={t('orders.afterSales.choiceFor', { name: item.productName })}
        >
          <SelectField
            label={t('orders.facts.quantity')}
            id={`${base}-quantity`}
            name={quantityField(item.id)}
            value={choice.quantity}
            onChange={(event) => onChoice({ ...choice, quantity: Number(event.target.value) })}
            disabled={disabled}
            error={errors.quantity && say(errors.quantity)}
          >
            {Array.from({ length: remaining }, (_, index) => index + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
          <RefundPreview item={item} quantity={choice.quantity} />
          <fieldset className={`as-reasons${errors.reasonIds ? ' has-error' : ''}`}>
            <legend>
              {kind === 'return' ? t('orders.return.reasonLegend') : t('orders.replace.reasonLegend')}
            </legend>
            {reasons.map((reason) => (
              <ChoiceBox
                key={reason.id}
                label={reasonLabel(reasonOf(reason.name))}
                name={reasonField(item.id)}
                value={reason.id}
                checked={choice.reasonIds.includes(reason.id)}
                onChange={() => toggleReason(reason.id)}
                disabled={disabled}
              />
            ))}
            {errors.reasonIds && <FieldError alert>{say(errors.reasonIds)}</FieldError>}
          </fieldset>
        </div>
      )}
    </li>
  );
}

/**
 * requirements#refund-estimate: before the shopper confirms, what returning the chosen quantity
 * refunds and where it goes, from the server's own refund computation (AfterSalesForm.refund).
 */
function RefundPreview({ item, quantity }: { item: Item; quantity: number }) {
  const t = useT();
  const { refund } = item;
  if (!refund) return null;
  const amount = refund.amounts[quantity - 1] ?? refund.amounts[0] ?? 0;
  return (
    <p className="as-refund-preview" aria-live="polite" data-testid="refund-preview">
      {t('orders.refund.previewLabel')}{' '}
      <strong>{refundPreviewIn(amount, refund.method, refund.bankAccountLast4, t)}</strong>
      {refund.method === 'bank_account' && !refund.bankAccountLast4 && (
        <>
          {' '}
          <Link to="/bankaccount">{t('orders.refund.noBankAccount')}</Link>
        </>
      )}
    </p>
  );
}
