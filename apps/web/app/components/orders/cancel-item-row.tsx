import { formatInr } from '@marketplace/domain';
import { needsQuantitySelect, quantityChoices } from '@marketplace/domain/orders/cancel';
import type { CancelFormItem } from '../../lib/cancel-api.ts';

export type CancelChoice = { isTicked: boolean; quantity: number | null; reasonIds: number[] };

/**
 * One item on /cancelitem (spec §5 Cancel): a tick box, a quantity select when more than one unit
 * is open, and the reason boxes, enabled only while the item is ticked.
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
  const open = item.openQuantity;
  const canTick = item.isCancellable && !disabled;
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
          checked={choice.isTicked}
          disabled={!canTick}
          onChange={(e) => onChange({ ...choice, isTicked: e.target.checked })}
        />
        <img src={item.productImage} alt="" width={64} height={64} />
        <div className="cancel-item-text">
          <label htmlFor={`${base}-tick`} className="cancel-item-name">
            {item.productName}
          </label>
          <p className="myorder-meta">
            {formatInr(item.unitPricePaise)} · Qty: {item.quantity} · Sold by {item.sellerName}
          </p>
          {!item.isCancellable && (
            <p className="cancel-item-note">
              {item.status === 'cancelled' || open === 0
                ? 'This item is cancelled.'
                : 'This item can no longer be cancelled.'}
            </p>
          )}
        </div>
      </div>
      {item.isCancellable && needsQuantitySelect(open) && (
        <div className="cancel-item-qty">
          <label htmlFor={`${base}-qty`}>Quantity to cancel</label>
          <select
            id={`${base}-qty`}
            value={choice.quantity ?? ''}
            disabled={!choice.isTicked || disabled}
            aria-invalid={errors.quantity ? true : undefined}
            aria-describedby={errors.quantity ? `${base}-qty-error` : undefined}
            onChange={(e) =>
              onChange({ ...choice, quantity: e.target.value ? Number(e.target.value) : null })
            }
          >
            <option value="">Select Qty</option>
            {quantityChoices(open).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          {errors.quantity && (
            <p className="field-error" id={`${base}-qty-error`} role="alert">
              {errors.quantity}
            </p>
          )}
        </div>
      )}
      {item.isCancellable && (
        <fieldset className="cancel-reasons" disabled={!choice.isTicked || disabled}>
          <legend>Reason for cancellation</legend>
          <div className="cancel-reason-list">
            {reasons.map((reason) => (
              <label key={reason.id} className="cancel-reason">
                <input
                  type="checkbox"
                  checked={choice.reasonIds.includes(reason.id)}
                  onChange={(e) => toggleReason(reason.id, e.target.checked)}
                />
                {reason.text}
              </label>
            ))}
          </div>
          {errors.reasons && (
            <p className="field-error" role="alert">
              {errors.reasons}
            </p>
          )}
        </fieldset>
      )}
    </li>
  );
}
