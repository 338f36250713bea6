import { type FormEvent, useState } from 'react';
import { formatInr } from '@marketplace/domain/money/money';
import {
  AFTER_SALES_LIMITS,
  AFTER_SALES_MESSAGES,
  type AfterSalesKind,
  AfterSalesRequestInput,
  REPLACEMENT_MESSAGES,
  RETURN_MESSAGES,
} from '@marketplace/domain/orders/returns';
import { fieldErrors } from '../../lib/account-api.ts';
import { type AfterSalesForm, formatDate, submitRequest } from '../../lib/after-sales-api.ts';
import { uploadMedia } from '../../lib/feedback-api.ts';
import { ImagePicker, type MediaEntry, VideoPicker } from '../feedback/media-picker.tsx';

type Item = AfterSalesForm['items'][number];
const textsOf = (kind: AfterSalesKind) => (kind === 'return' ? RETURN_MESSAGES : REPLACEMENT_MESSAGES);

/** The products of the order: one is picked at a time; one that cannot be returned says why. */
export function ProductChoice({
  form,
  selected,
  onSelect,
  disabled,
}: {
  form: AfterSalesForm;
  selected: number | null;
  onSelect: (itemId: number) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="as-products">
      <legend>Select the product</legend>
      <ul>
        {form.items.map((item) => {
          const pending = item.openRequest;
          const eligible = item.eligibility.isEligible && !pending;
          return (
            <li
              key={item.id}
              className={`as-product${selected === item.id ? ' selected' : ''}${eligible ? '' : ' dimmed'}`}
            >
              <label>
                <input
                  type="radio"
                  name="as-product"
                  value={item.id}
                  checked={selected === item.id}
                  disabled={!eligible || disabled}
                  onChange={() => onSelect(item.id)}
                />
                <img src={item.productImage} alt="" width={64} height={64} />
                <span className="as-product-text">
                  <span className="as-product-name">{item.productName}</span>
                  <span className="as-product-meta">
                    Qty {item.quantity} · {formatInr(item.unitPricePaise)} each
                    {item.invoiceNo ? ` · Invoice ${item.invoiceNo}` : ''}
                  </span>
                  {!item.eligibility.isEligible && (
                    <span className="as-product-note">{item.eligibility.message}</span>
                  )}
                  {item.eligibility.isEligible && pending && (
                    <span className="as-product-note">{AFTER_SALES_MESSAGES.requestOpen}</span>
                  )}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * spec §5 Return and Replacement: quantity (1 up to the units left), reasons, photos (required),
 * an optional unpack video, a pickup day and optional additional info. Files go up first through
 * the upload endpoint; the request then names them by key, so a retry sends nothing twice.
 */
export function RequestForm({
  kind,
  form,
  item,
  onDone,
}: {
  kind: AfterSalesKind;
  form: AfterSalesForm;
  item: Item;
  onDone: (message: string) => void;
}) {
  const texts = textsOf(kind);
  const eligibility = item.eligibility;
  const remaining = eligibility.isEligible ? eligibility.remaining : 0;
  const pickupDates = eligibility.isEligible ? eligibility.pickupDates : [];
  const [quantity, setQuantity] = useState(1);
  const [reasonIds, setReasonIds] = useState<number[]>([]);
  const [images, setImages] = useState<MediaEntry[]>([]);
  const [video, setVideo] = useState<MediaEntry | null>(null);
  const [pickupDate, setPickupDate] = useState('');
  const [additionalInfo, setAdditionalInfo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function upload(entry: MediaEntry, mediaKind: 'image' | 'video') {
    if (entry.key || !entry.blob) return { ok: true as const, entry };
    const result = await uploadMedia(item.id, mediaKind, entry.blob, entry.name);
    return result.ok ? { ok: true as const, entry: { ...entry, key: result.key } } : result;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // the spec's messages for what is missing, before any file is sent
    const placeholder = images.map((_, index) => index.toString(16).padStart(32, '0'));
    const draft = {
      kind,
      orderItemId: item.id,
      quantity,
      reasonIds,
      images: placeholder,
      video: null,
      pickupDate,
      additionalInfo,
    };
    const checked = AfterSalesRequestInput.safeParse(draft);
    if (!checked.success) return setErrors(fieldErrors(checked.error));
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      const sentImages = await Promise.all(images.map((image) => upload(image, 'image')));
      const sentVideo = video ? await upload(video, 'video') : null;
      const doneImages = sentImages.flatMap((sent) => (sent.ok ? [sent.entry] : []));
      setImages(doneImages);
      if (sentVideo?.ok) setVideo(sentVideo.entry);
      const refused = [...sentImages, ...(sentVideo ? [sentVideo] : [])].find((sent) => !sent.ok);
      if (refused && !refused.ok) {
        setFailure(refused.message || texts.failed);
        return setSaving(false);
      }
      const result = await submitRequest({
        ...draft,
        images: doneImages.flatMap((image) => (image.key ? [image.key] : [])),
        video: sentVideo?.ok ? sentVideo.entry.key : null,
      });
      if (result.ok) return onDone(result.data.message);
      setErrors(result.fields);
      setFailure(result.status < 500 && result.message ? result.message : texts.failed);
    } catch {
      setFailure(texts.failed);
    }
    setSaving(false);
  }

  const toggleReason = (id: number) => {
    setReasonIds((chosen) => (chosen.includes(id) ? chosen.filter((r) => r !== id) : [...chosen, id]));
    setErrors(({ reasonIds: _reasons, ...rest }) => rest);
  };

  return (
    <form className="account-form as-form" onSubmit={(event) => void submit(event)} noValidate>
      {failure && (
        <p className="account-notice error" role="alert">
          {failure}
        </p>
      )}
      <div className={`field${errors.quantity ? ' has-error' : ''}`}>
        <label htmlFor="as-quantity">Quantity</label>
        <select
          id="as-quantity"
          value={quantity}
          onChange={(event) => setQuantity(Number(event.target.value))}
          disabled={saving}
        >
          {Array.from({ length: remaining }, (_, index) => index + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        {errors.quantity && <small className="field-error">{errors.quantity}</small>}
      </div>
      <fieldset className={`as-reasons${errors.reasonIds ? ' has-error' : ''}`}>
        <legend>Reason for {kind === 'return' ? 'return' : 'replacement'}</legend>
        {form.reasons.map((reason) => (
          <label key={reason.id} className="as-check">
            <input
              type="checkbox"
              checked={reasonIds.includes(reason.id)}
              onChange={() => toggleReason(reason.id)}
              disabled={saving}
            />
            {reason.name}
          </label>
        ))}
        {errors.reasonIds && (
          <small className="field-error" role="alert">
            {errors.reasonIds}
          </small>
        )}
      </fieldset>
      <ImagePicker
        images={images}
        onChange={(next) => {
          setImages(next);
          setErrors(({ images: _images, ...rest }) => rest);
        }}
        disabled={saving}
      />
      {errors.images && (
        <small className="field-error" role="alert">
          {errors.images}
        </small>
      )}
      <VideoPicker video={video} onChange={setVideo} disabled={saving} />
      {errors.video && <small className="field-error">{errors.video}</small>}
      <div className={`field${errors.pickupDate ? ' has-error' : ''}`}>
        <label htmlFor="as-pickup">Pickup date</label>
        <select
          id="as-pickup"
          value={pickupDate}
          onChange={(event) => {
            setPickupDate(event.target.value);
            setErrors(({ pickupDate: _date, ...rest }) => rest);
          }}
          disabled={saving}
          aria-invalid={errors.pickupDate ? true : undefined}
        >
          <option value="">Select a pickup date</option>
          {pickupDates.map((day) => (
            <option key={day} value={day}>
              {formatDate(day)}
            </option>
          ))}
        </select>
        {errors.pickupDate && (
          <small className="field-error" role="alert">
            {errors.pickupDate}
          </small>
        )}
      </div>
      <div className={`field${errors.additionalInfo ? ' has-error' : ''}`}>
        <label htmlFor="as-info">
          Additional info <small>(optional)</small>
        </label>
        <textarea
          id="as-info"
          rows={3}
          value={additionalInfo}
          maxLength={AFTER_SALES_LIMITS.infoLength}
          onChange={(event) => setAdditionalInfo(event.target.value)}
          disabled={saving}
        />
        {errors.additionalInfo && <small className="field-error">{errors.additionalInfo}</small>}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn" disabled={saving}>
          {saving ? 'Submitting…' : kind === 'return' ? 'Submit Return' : 'Submit Replacement'}
        </button>
      </div>
    </form>
  );
}
