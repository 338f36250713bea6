import { formatInr } from '@marketplace/domain';
import { type CancelFormItem, needsQuantitySelect, quantityChoices } from '@marketplace/domain/orders/cancel';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Choice, FieldError, SelectField } from '../ui/field.tsx';
import { type CancelChoice, quantityField, reasonField } from './cancel-fields.ts';
import { useRichT, useT } from '../../i18n/intl.tsx';
import { useOrdersText, useReasonText } from './orders-i18n.ts';

/** A reason the catalog says, or one staff added since, as stored. */
export const reasonLabel = (reason: { text: string; stored: boolean }) =>
  reason.stored ? <span translate="no">{reason.text}</span> : reason.text;

/**
 * One item on /cancelitem (requirements#cancel-form): a tick box, a quantity select when more than one unit
 * is open, and the reason boxes, enabled only while the item is ticked once the page's scripts
 * run (before them, a tick cannot enable anything, so they stay enabled and the action checks).
 */
export function CancelItemRow({
  item,
  reasons,
  choice,
  errors,
  disabled,
  onChange,
}: {
  item: CancelFormItem;
  reasons: { id: number; text: string }[];
  choice: CancelChoice;
  errors: { quantity?: string; reasons?: string };
  disabled: boolean;
  onChange: (next: CancelChoice) => void;
}) {
  const t = useT();
  const rich = useRichT();
  const say = useOrdersText();
  const reasonOf = useReasonText();
  const hydrated = useHydrated();
  const open = item.openQuantity;
  const canTick = item.isCancellable && !disabled;
  const isIdle = hydrated && !choice.isTicked;
  const base = `cancel-${item.id}`;
  const toggleReason = (id: number, on: boolean) =>
    onChange({
      ...choice,
      reasonIds: on ? [...choice.reasonIds, id] : choice.reasonIds.filter((r) => r !== id),
    });
  return (
    <li className={`cancel-item${choice.isTicked ? ' ticked' : ''}${item.isCancellable ? '' : ' closed'}`}>
      <div className="cancel-item-head">
        <input
          type="checkbox"
          id={`${base}-tick`}
          name="item"
          value={item.id}
          checked={choice.isTicked}
          disabled={!canTick}
          onChange={(e) => onChange({ ...choice, isTicked: e.target.checked })}
        />
        <img src={item.productImage} alt="" width={64} height={64} />
        <div className="cancel-item-text">
          <label htmlFor={`${base}-tick`} className="cancel-item-name" translate="no">
            {item.productName}
          </label>
          <p className="myorder-meta">
            {rich('orders.cancel.itemMeta', {
              price: formatInr(item.unitPricePaise),
              quantity: item.quantity,
              seller: item.sellerName,
              name: (chunks) => <span translate="no">{chunks}</span>,
            })}
          </p>
          {!item.isCancellable && (
            <p className="cancel-item-note">
              {item.status === 'cancelled' || open === 0
                ? t('orders.cancel.itemCancelled')
                : t('orders.cancel.itemNotCancellable')}
            </p>
          )}
        </div>
      </div>
      {item.isCancellable && needsQuantitySelect(open) && (
        <div className="cancel-item-qty">
          <SelectField
            label={t('orders.cancel.quantity')}
            id={`${base}-qty`}
            name={quantityField(item.id)}
            value={choice.quantity ?? ''}
            disabled={isIdle || disabled}
            aria-invalid={errors.quantity ? true : undefined}
            aria-describedby={errors.quantity ? `${base}-qty-error` : undefined}
            onChange={(e) =>
              onChange({ ...choice, quantity: e.target.value ? Number(e.target.value) : null })
            }
          >
            <option value="">{t('orders.cancel.selectQty')}</option>
            {quantityChoices(open).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
          {errors.quantity && (
            <FieldError id={`${base}-qty-error`} alert>
              {say(errors.quantity)}
            </FieldError>
          )}
        </div>
      )}
      {item.isCancellable && (
        <fieldset className="cancel-reasons" disabled={isIdle || disabled}>
          <legend>{t('orders.cancel.reasonLegend')}</legend>
          <div className="cancel-reason-list">
            {reasons.map((reason) => (
              <Choice
                key={reason.id}
                label={reasonLabel(reasonOf(reason.text))}
                name={reasonField(item.id)}
                value={reason.id}
                checked={choice.reasonIds.includes(reason.id)}
                onChange={(e) => toggleReason(reason.id, e.target.checked)}
              />
            ))}
          </div>
          {errors.reasons && <FieldError alert>{say(errors.reasons)}</FieldError>}
        </fieldset>
      )}
    </li>
  );
}
