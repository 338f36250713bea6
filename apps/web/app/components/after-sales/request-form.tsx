import { type FormEvent, useState } from 'react';
import {
  AFTER_SALES_LIMITS,
  type AfterSalesKind,
  AfterSalesRequestInput,
  REPLACEMENT_MESSAGES,
  RETURN_MESSAGES,
  sharedPickupDates,
} from '@marketplace/domain/orders/returns';
import { type AfterSalesForm, formatDate, submitRequest } from '../../lib/after-sales-api.ts';
import { uploadMedia } from '../../lib/feedback-api.ts';
import { ImagePicker, type MediaEntry, VideoPicker } from '../feedback/media-picker.tsx';
import { type Choice, isSelectable, NO_CHOICE, ProductRow } from './product-row.tsx';

const textsOf = (kind: AfterSalesKind) => (kind === 'return' ? RETURN_MESSAGES : REPLACEMENT_MESSAGES);

/** Field messages by their full path ('items.1.reasonIds'), first message of each. */
function pathErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.length > 0 ? issue.path.join('.') : '_'] ??= issue.message;
  return fields;
}

/**
 * spec §5 Return and Replacement: the products (a return: several ticked, each with its quantity
 * and reasons; a replacement: one at a time, and picking another resets the form), then what they
 * share: photos (required), an optional unpack video, a pickup day every ticked product's window
 * offers, optional additional info. Files go up first through the upload endpoint; the request
 * then names them by key, so a retry sends nothing twice.
 */
export function RequestForm({
  kind,
  form,
  initial,
  onDone,
}: {
  kind: AfterSalesKind;
  form: AfterSalesForm;
  initial: number | null;
  onDone: (message: string) => void;
}) {
  const texts = textsOf(kind);
  const [selected, setSelected] = useState<number[]>(() =>
    form.items.some((i) => i.id === initial && isSelectable(i)) && initial !== null ? [initial] : [],
  );
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [images, setImages] = useState<MediaEntry[]>([]);
  const [video, setVideo] = useState<MediaEntry | null>(null);
  const [pickupDate, setPickupDate] = useState('');
  const [additionalInfo, setAdditionalInfo] = useState('');
  // the upload a photo or video became, and the item it was sent about
  const [uploadedFor, setUploadedFor] = useState<Record<string, number>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentOrder, setSentOrder] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const ticked = form.items.filter((item) => selected.includes(item.id));
  const pickupDays = sharedPickupDates(
    ticked.map((item) => (item.eligibility.isEligible ? item.eligibility.pickupDates : [])),
  );
  // a day the newly ticked products do not all offer is no longer chosen
  const chosenDay = pickupDays.includes(pickupDate) ? pickupDate : '';

  function tick(id: number, isTicked: boolean) {
    setErrors(({ items: _items, ...rest }) => rest);
    setFailure(null);
    if (kind === 'return') {
      setSelected((ids) => (isTicked ? [...ids, id] : ids.filter((x) => x !== id)));
      return;
    }
    // spec §4: one replacement at a time; selecting resets quantity, reasons, info, images and pickup date
    setSelected([id]);
    setChoices({});
    setImages([]);
    setVideo(null);
    setPickupDate('');
    setAdditionalInfo('');
    setErrors({});
  }

  /** The message of a product's field, from the last submission's order of products. */
  const itemError = (id: number, field: 'quantity' | 'reasonIds') => {
    const index = sentOrder.indexOf(id);
    return index < 0 ? undefined : errors[`items.${index}.${field}`];
  };

  async function upload(entry: MediaEntry, mediaKind: 'image' | 'video', aboutItem: number) {
    const sentFor = entry.key ? uploadedFor[entry.key] : undefined;
    if (entry.key && sentFor !== undefined && selected.includes(sentFor)) return { ok: true as const, entry };
    if (!entry.blob) return { ok: true as const, entry };
    const result = await uploadMedia(aboutItem, mediaKind, entry.blob, entry.name);
    if (!result.ok) return result;
    setUploadedFor((known) => ({ ...known, [result.key]: aboutItem }));
    return { ok: true as const, entry: { ...entry, key: result.key } };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const order = ticked.map((item) => item.id);
    const draft = {
      kind,
      items: ticked.map((item) => ({
        orderItemId: item.id,
        quantity: (choices[item.id] ?? NO_CHOICE).quantity,
        reasonIds: (choices[item.id] ?? NO_CHOICE).reasonIds,
        additionalInfo,
      })),
      // the spec's messages for what is missing, before any file is sent
      images: images.map((_, index) => index.toString(16).padStart(32, '0')),
      video: null,
      pickupDate: chosenDay,
    };
    setSentOrder(order);
    const checked = AfterSalesRequestInput.safeParse(draft);
    if (!checked.success) return setErrors(pathErrors(checked.error.issues));
    const aboutItem = order[0];
    if (aboutItem === undefined) return;
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      const sentImages = await Promise.all(images.map((image) => upload(image, 'image', aboutItem)));
      const sentVideo = video ? await upload(video, 'video', aboutItem) : null;
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

  return (
    <form className="account-form as-form" onSubmit={(event) => void submit(event)} noValidate>
      {failure && (
        <p className="account-notice error" role="alert">
          {failure}
        </p>
      )}
      <fieldset className="as-products">
        <legend>{kind === 'return' ? 'Select the products' : 'Select the product'}</legend>
        <ul>
          {form.items.map((item) => (
            <ProductRow
              key={item.id}
              kind={kind}
              item={item}
              reasons={form.reasons}
              isTicked={selected.includes(item.id)}
              choice={choices[item.id] ?? NO_CHOICE}
              errors={{
                quantity: itemError(item.id, 'quantity'),
                reasonIds: itemError(item.id, 'reasonIds'),
              }}
              disabled={saving}
              onTick={(isTicked) => tick(item.id, isTicked)}
              onChoice={(choice) => {
                setChoices((all) => ({ ...all, [item.id]: choice }));
                const prefix = `items.${sentOrder.indexOf(item.id)}.`;
                setErrors((all) =>
                  Object.fromEntries(Object.entries(all).filter(([key]) => !key.startsWith(prefix))),
                );
              }}
            />
          ))}
        </ul>
        {errors.items && (
          <p className="field-error" role="alert">
            {errors.items}
          </p>
        )}
      </fieldset>
      {ticked.length > 0 && (
        <div className="as-shared">
          {kind === 'return' && ticked.length > 1 && (
            <p className="as-shared-note">
              Photos, video, pickup date and additional info apply to all {ticked.length} products.
            </p>
          )}
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
              value={chosenDay}
              onChange={(event) => {
                setPickupDate(event.target.value);
                setErrors(({ pickupDate: _date, ...rest }) => rest);
              }}
              disabled={saving}
              aria-invalid={errors.pickupDate ? true : undefined}
            >
              <option value="">Select a pickup date</option>
              {pickupDays.map((day) => (
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
          <div className="field">
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
          </div>
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="btn" disabled={saving}>
          {saving ? 'Submitting…' : kind === 'return' ? 'Submit Return' : 'Submit Replacement'}
        </button>
      </div>
    </form>
  );
}
