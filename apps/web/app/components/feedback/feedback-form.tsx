import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  type FeedbackKind,
  FeedbackInput,
  type ItemFeedback,
} from '@marketplace/domain/orders/feedback';
import { Form, useNavigation, useSubmit } from 'react-router';
import { fieldErrors } from '../../lib/account-api.ts';
import { uploadMedia } from '../../lib/upload-media.ts';
import { ImagePicker, type MediaEntry, MediaKeys, VideoPicker } from './media-picker.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { FieldError, FieldHint, TextAreaField } from '../ui/field.tsx';
import { type MessageKey, useT } from '../../i18n/intl.tsx';
import { useOrdersText } from '../orders/orders-i18n.ts';

const PROMPTS: Record<FeedbackKind, MessageKey> = {
  seller: 'orders.feedback.promptSeller',
  delivery: 'orders.feedback.promptDelivery',
  product: 'orders.feedback.promptProduct',
};

const STARS = [1, 2, 3, 4, 5] as const;
/** STAR_LABELS (feedback.ts) by their keys. */
const STAR_LABEL_KEYS: Record<(typeof STARS)[number], MessageKey> = {
  1: 'orders.feedback.star1',
  2: 'orders.feedback.star2',
  3: 'orders.feedback.star3',
  4: 'orders.feedback.star4',
  5: 'orders.feedback.star5',
};
export const FEEDBACK_PHOTOS_FIELD = 'photos';

export type FeedbackMediaValue = { key: string; url: string };
/** What the form holds, as the page shows it again after a refused post. */
export type FeedbackValues = {
  stars: number;
  text: string;
  images: FeedbackMediaValue[];
  video: FeedbackMediaValue | null;
};
/** What the page's action answered to a refused post. */
export type FeedbackReply = {
  values: FeedbackValues;
  errors: Record<string, string>;
  failure: string | null;
};

/** The form filled with what the shopper said before, if anything. */
export function savedValues(data: ItemFeedback, kind: FeedbackKind): FeedbackValues {
  const before = data.feedback[kind];
  return {
    stars: before?.stars ?? 0,
    text: before?.text ?? '',
    images: before?.images ?? [],
    video: before?.video ?? null,
  };
}

const uploaded =
  (t: ReturnType<typeof useT>) =>
  (media: FeedbackMediaValue, index: number): MediaEntry => ({
    name: t('orders.photo', { number: index + 1 }),
    url: media.url,
    key: media.key,
    blob: null,
  });

/**
 * Stars 1 to 5 to choose from, as a radio group posted under `name` (so it works before scripts):
 * ui/rating-stars.tsx's StarInput, each star named in the page's language ('4 stars: Good').
 */
function StarChoice({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: number;
  onChange: (stars: number) => void;
  error?: string | undefined;
}) {
  const t = useT();
  const id = useId();
  const chosen = STARS.find((star) => star === value);
  return (
    <fieldset
      className={`ui-star-input${error ? ' has-error' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{t('orders.feedback.yourRating')}</legend>
      <div className="ui-star-row">
        {STARS.map((star) => (
          <label key={star} className={star <= value ? 'ui-star is-on' : 'ui-star'}>
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={t('orders.feedback.starChoice', { count: star, label: t(STAR_LABEL_KEYS[star]) })}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
        <span className="ui-star-caption" aria-hidden="true">
          {chosen ? t(STAR_LABEL_KEYS[chosen]) : t('orders.feedback.tapStar')}
        </span>
      </div>
      {error && (
        <small id={`${id}-error`} className="ui-field-error">
          {error}
        </small>
      )}
    </fieldset>
  );
}

/**
 * requirements#feedback: stars, text and, for a product, photos and a video, posted to the page's
 * action. With scripts the files go up first (resized) and the form names them by key; without,
 * the photos travel with the form (ADR-0014).
 */
export function FeedbackForm({
  kind,
  itemId,
  isEdit,
  initial,
  reply,
}: {
  kind: FeedbackKind;
  itemId: number;
  isEdit: boolean;
  initial: FeedbackValues;
  reply: FeedbackReply | null;
}) {
  const t = useT();
  const say = useOrdersText();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [stars, setStars] = useState(initial.stars);
  const [text, setText] = useState(initial.text);
  const [images, setImages] = useState<MediaEntry[]>(initial.images.map(uploaded(t)));
  const [video, setVideo] = useState<MediaEntry | null>(
    initial.video ? { name: t('orders.media.yourVideo'), ...initial.video, blob: null } : null,
  );
  const [errors, setErrors] = useState<Record<string, string>>(reply?.errors ?? {});
  const [failure, setFailure] = useState<string | null>(reply?.failure ?? null);
  const [uploading, setUploading] = useState(false);
  useEffect(() => {
    if (!reply) return;
    setErrors(reply.errors);
    setFailure(reply.failure);
  }, [reply]);
  const saving = uploading || (navigation.state !== 'idle' && navigation.formMethod === 'POST');

  /** Sends what is not on the server yet; the keys come back into the form so a retry sends nothing twice. */
  async function upload(entry: MediaEntry, mediaKind: 'image' | 'video') {
    if (entry.key || !entry.blob) return { ok: true as const, entry };
    const result = await uploadMedia(itemId, mediaKind, entry.blob, entry.name);
    return result.ok ? { ok: true as const, entry: { ...entry, key: result.key } } : result;
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const checked = FeedbackInput.safeParse({
      orderItemId: itemId,
      kind,
      stars,
      text,
      images: [],
      video: null,
    });
    if (!checked.success) return setErrors(fieldErrors(checked.error));
    setErrors({});
    setFailure(null);
    setUploading(true);
    try {
      const sentImages = await Promise.all(images.map((image) => upload(image, 'image')));
      const sentVideo = video ? await upload(video, 'video') : null;
      const refused = [...sentImages, ...(sentVideo ? [sentVideo] : [])].find((sent) => !sent.ok);
      const doneImages = sentImages.flatMap((sent) => (sent.ok ? [sent.entry] : []));
      setImages(doneImages);
      if (sentVideo?.ok) setVideo(sentVideo.entry);
      if (refused && !refused.ok) return setFailure(refused.message || FEEDBACK_MESSAGES.failed);
      fields.delete(FEEDBACK_PHOTOS_FIELD);
      fields.delete('image');
      fields.delete('video');
      for (const image of doneImages) if (image.key) fields.append('image', image.key);
      if (sentVideo?.ok && sentVideo.entry.key) fields.append('video', sentVideo.entry.key);
      await submit(fields, { method: 'post' });
    } catch {
      setFailure(FEEDBACK_MESSAGES.failed);
    } finally {
      setUploading(false);
    }
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="account-form ui-form feedback-form"
      onSubmit={(event) => void send(event)}
      noValidate
    >
      {failure && <Alert tone="error">{say(failure)}</Alert>}
      {isEdit && <p className="feedback-edit-note">{t('orders.feedback.editNote')}</p>}
      <StarChoice
        name="stars"
        value={stars}
        onChange={(chosen) => {
          setStars(chosen);
          setErrors(({ stars: _chosen, ...rest }) => rest);
        }}
        error={errors.stars && say(errors.stars)}
      />
      <TextAreaField
        label={t('orders.feedback.yourFeedback')}
        id="feedback-text"
        name="text"
        rows={5}
        value={text}
        maxLength={FEEDBACK_LIMITS.textLength}
        placeholder={t(PROMPTS[kind])}
        onChange={(event) => setText(event.target.value)}
        error={errors.text && say(errors.text)}
        hint={`${text.length} / ${FEEDBACK_LIMITS.textLength}`}
      />
      {kind === 'product' && (
        <>
          <MediaKeys images={images} video={video} />
          <ImagePicker images={images} onChange={setImages} disabled={saving} name={FEEDBACK_PHOTOS_FIELD} />
          {errors.images && <FieldError alert>{say(errors.images)}</FieldError>}
          <VideoPicker video={video} onChange={setVideo} disabled={saving} />
          {errors.video && <FieldError alert>{say(errors.video)}</FieldError>}
          <FieldHint>{t('orders.feedback.reviewHint')}</FieldHint>
        </>
      )}
      <div className="form-actions">
        <Button type="submit" busy={saving}>
          {saving ? t('orders.submitting') : t('orders.feedback.submit')}
        </Button>
        <ButtonLink to="/myorder" variant="secondary">
          {t('orders.feedback.cancel')}
        </ButtonLink>
      </div>
    </Form>
  );
}
