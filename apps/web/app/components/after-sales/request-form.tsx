import { type FormEvent, useEffect, useState } from 'react';
import {
  AFTER_SALES_LIMITS,
  type AfterSalesForm,
  type AfterSalesKind,
  REPLACEMENT_MESSAGES,
  RETURN_MESSAGES,
} from '@marketplace/domain/orders/returns';
import { Form, useNavigation, useSubmit } from 'react-router';
import { uploadMedia } from '../../lib/upload-media.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { ImagePicker, type MediaEntry, MediaKeys, VideoPicker } from '../feedback/media-picker.tsx';
import { useT } from '../../i18n/intl.tsx';
import { useOrderDates, useOrdersText } from '../orders/orders-i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { FieldError, SelectField, TextAreaField } from '../ui/field.tsx';
import { ProductRow } from './product-row.tsx';
import {
  checkRequest,
  type Choice,
  isSelectable,
  type Media,
  NO_CHOICE,
  NO_ERRORS,
  PHOTOS_FIELD,
  pickupDaysOf,
  type RequestErrors,
  type RequestValues,
} from './request-fields.ts';

const textsOf = (kind: AfterSalesKind) => (kind === 'return' ? RETURN_MESSAGES : REPLACEMENT_MESSAGES);
const uploaded =
  (t: ReturnType<typeof useT>) =>
  (media: Media, index: number): MediaEntry => ({
    name: t('orders.photo', { number: index + 1 }),
    url: media.url,
    key: media.key,
    blob: null,
  });

/** What the page's action answered to a refused post: the values to show again and the messages. */
export type RequestReply = { values: RequestValues | null; errors: RequestErrors; failure: string | null };

/** The form as the page first shows it: the product of the link ticked when it can be asked for. */
export function firstValues(form: AfterSalesForm, itemId: number | null): RequestValues {
  const item = form.items.find((i) => i.id === itemId);
  return {
    selected: item && isSelectable(item) ? [item.id] : [],
    choices: {},
    pickupDate: '',
    additionalInfo: '',
    images: [],
    video: null,
  };
}

/**
 * requirements#return-form: the products (a return: several ticked, each with its quantity
 * and reasons; a replacement: one at a time, and picking another resets the form), then what they
 * share: photos (required), an optional unpack video, a pickup day every ticked product's window
 * offers, optional additional info. A posted form (the page's action sends the request): with
 * scripts, the files go up first through the upload endpoint and the form names them by key, so a
 * retry sends nothing twice; without, the photos travel with the form (ADR-0014).
 */
export function RequestForm({
  kind,
  form,
  initial,
  reply,
}: {
  kind: AfterSalesKind;
  form: AfterSalesForm;
  initial: RequestValues;
  reply: RequestReply | null;
}) {
  const texts = textsOf(kind);
  const t = useT();
  const say = useOrdersText();
  const dates = useOrderDates();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [selected, setSelected] = useState(initial.selected);
  const [choices, setChoices] = useState<Record<number, Choice>>(initial.choices);
  const [images, setImages] = useState<MediaEntry[]>(initial.images.map(uploaded(t)));
  const [video, setVideo] = useState<MediaEntry | null>(
    initial.video ? { name: t('orders.media.yourVideo'), ...initial.video, blob: null } : null,
  );
  const [pickupDate, setPickupDate] = useState(initial.pickupDate);
  const [additionalInfo, setAdditionalInfo] = useState(initial.additionalInfo);
  // the upload a photo or video became, and the item it was sent about
  const [uploadedFor, setUploadedFor] = useState<Record<string, number>>({});
  const [errors, setErrors] = useState<RequestErrors>(reply?.errors ?? NO_ERRORS);
  const [failure, setFailure] = useState<string | null>(reply?.failure ?? null);
  const [uploading, setUploading] = useState(false);
  // each answer of the action brings its own messages
  useEffect(() => {
    if (!reply) return;
    setErrors(reply.errors);
    setFailure(reply.failure);
  }, [reply]);
  const saving = uploading || (navigation.state !== 'idle' && navigation.formMethod === 'POST');

  const ticked = form.items.filter((item) => selected.includes(item.id));
  // before the scripts run the days cannot follow the ticks: those of the ticked products, or of any
  const pickupDays =
    ticked.length > 0 || hydrated
      ? pickupDaysOf(ticked)
      : [...new Set(form.items.filter(isSelectable).flatMap((item) => pickupDaysOf([item])))].sort();
  // a day the newly ticked products do not all offer is no longer chosen
  const chosenDay = pickupDays.includes(pickupDate) ? pickupDate : '';

  function tick(id: number, isTicked: boolean) {
    setErrors(({ form: { items: _items, ...rest }, items }) => ({ form: rest, items }));
    setFailure(null);
    if (kind === 'return') {
      setSelected((ids) => (isTicked ? [...ids, id] : ids.filter((x) => x !== id)));
      return;
    }
    // requirements#replacement-form: one replacement at a time; selecting resets quantity, reasons, info, images and pickup date
    setSelected([id]);
    setChoices({});
    setImages([]);
    setVideo(null);
    setPickupDate('');
    setAdditionalInfo('');
    setErrors(NO_ERRORS);
  }

  async function upload(entry: MediaEntry, mediaKind: 'image' | 'video', aboutItem: number) {
    const sentFor = entry.key ? uploadedFor[entry.key] : undefined;
    if (entry.key && (sentFor === undefined || selected.includes(sentFor)))
      return { ok: true as const, entry };
    if (!entry.blob) return { ok: true as const, entry };
    const result = await uploadMedia(aboutItem, mediaKind, entry.blob, entry.name);
    if (!result.ok) return result;
    setUploadedFor((known) => ({ ...known, [result.key]: aboutItem }));
    return { ok: true as const, entry: { ...entry, key: result.key } };
  }

  /** With scripts: the spec's messages before any file is sent, then the files, then the form with their keys. */
  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const values: RequestValues = {
      selected: ticked.map((item) => item.id),
      choices,
      pickupDate: chosenDay,
      additionalInfo,
      images: [],
      video: null,
    };
    const missing = checkRequest(kind, values, images.length);
    if (missing) return setErrors(missing);
    const aboutItem = values.selected[0];
    if (aboutItem === undefined) return;
    setErrors(NO_ERRORS);
    setFailure(null);
    setUploading(true);
    try {
      const sentImages = await Promise.all(images.map((image) => upload(image, 'image', aboutItem)));
      const sentVideo = video ? await upload(video, 'video', aboutItem) : null;
      const doneImages = sentImages.flatMap((sent) => (sent.ok ? [sent.entry] : []));
      setImages(doneImages);
      if (sentVideo?.ok) setVideo(sentVideo.entry);
      const refused = [...sentImages, ...(sentVideo ? [sentVideo] : [])].find((sent) => !sent.ok);
      if (refused && !refused.ok) return setFailure(refused.message || texts.failed);
      fields.delete(PHOTOS_FIELD);
      fields.delete('image');
      fields.delete('video');
      for (const image of doneImages) if (image.key) fields.append('image', image.key);
      if (sentVideo?.ok && sentVideo.entry.key) fields.append('video', sentVideo.entry.key);
      await submit(fields, { method: 'post' });
    } catch {
      setFailure(texts.failed);
    } finally {
      setUploading(false);
    }
  }

  const itemErrors = (id: number) => errors.items[id] ?? {};

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="account-form as-form"
      onSubmit={(event) => void send(event)}
      noValidate
    >
      {failure && (
        <Alert tone="error" className="as-alert">
          {say(failure)}
        </Alert>
      )}
      <fieldset className="as-products">
        <legend>
          {kind === 'return' ? t('orders.return.selectProducts') : t('orders.replace.selectProduct')}
        </legend>
        <ul>
          {form.items.map((item) => (
            <ProductRow
              key={item.id}
              kind={kind}
              item={item}
              reasons={form.reasons}
              isTicked={selected.includes(item.id)}
              choice={choices[item.id] ?? NO_CHOICE}
              errors={itemErrors(item.id)}
              disabled={saving}
              onTick={(isTicked) => tick(item.id, isTicked)}
              onChoice={(choice) => {
                setChoices((all) => ({ ...all, [item.id]: choice }));
                setErrors(({ form: messages, items: { [item.id]: _gone, ...rest } }) => ({
                  form: messages,
                  items: rest,
                }));
              }}
            />
          ))}
        </ul>
        {errors.form.items && <FieldError alert>{say(errors.form.items)}</FieldError>}
      </fieldset>
      {(ticked.length > 0 || !hydrated) && (
        <div className="as-shared">
          {kind === 'return' && ticked.length > 1 && (
            <p className="as-shared-note">{t('orders.return.sharedNote', { count: ticked.length })}</p>
          )}
          <MediaKeys images={images} video={video} />
          <ImagePicker
            images={images}
            onChange={(next) => {
              setImages(next);
              setErrors(({ form: { images: _images, ...rest }, items }) => ({ form: rest, items }));
            }}
            disabled={saving}
            name={PHOTOS_FIELD}
            // the photo is required: said beside the box before the shopper tries to submit
            requiredHint={t('orders.return.photoHint')}
          />
          {errors.form.images && <FieldError alert>{say(errors.form.images)}</FieldError>}
          <VideoPicker video={video} onChange={setVideo} disabled={saving} />
          {errors.form.video && <FieldError alert>{say(errors.form.video)}</FieldError>}
          <SelectField
            label={t('orders.facts.pickupDate')}
            id="as-pickup"
            name="pickupDate"
            value={chosenDay}
            onChange={(event) => {
              setPickupDate(event.target.value);
              setErrors(({ form: { pickupDate: _date, ...rest }, items }) => ({ form: rest, items }));
            }}
            disabled={saving}
            error={errors.form.pickupDate && say(errors.form.pickupDate)}
          >
            <option value="">{t('orders.return.selectPickupDate')}</option>
            {pickupDays.map((day) => (
              <option key={day} value={day}>
                {dates.date(day)}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label={
              <>
                {t('orders.facts.additionalInfo')} <small>{t('orders.optional')}</small>
              </>
            }
            id="as-info"
            name="additionalInfo"
            rows={3}
            value={additionalInfo}
            maxLength={AFTER_SALES_LIMITS.infoLength}
            onChange={(event) => setAdditionalInfo(event.target.value)}
            disabled={saving}
            error={errors.form.additionalInfo && say(errors.form.additionalInfo)}
          />
        </div>
      )}
      <div className="form-actions">
        <Button type="submit" busy={saving}>
          {saving
            ? t('orders.submitting')
            : kind === 'return'
              ? t('orders.return.submit')
              : t('orders.replace.submit')}
        </Button>
      </div>
    </Form>
  );
}
