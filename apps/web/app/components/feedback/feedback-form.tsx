import { type FormEvent, useEffect, useState } from 'react';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  type FeedbackKind,
  FeedbackInput,
  type ItemFeedback,
  STAR_LABELS,
} from '@marketplace/domain/orders/feedback';
import { Form, useNavigation, useSubmit } from 'react-router';
import { fieldErrors } from '../../lib/account-api.ts';
import { uploadMedia } from '../../lib/upload-media.ts';
import { ImagePicker, type MediaEntry, MediaKeys, VideoPicker } from './media-picker.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { FieldError, FieldHint, TextAreaField } from '../ui/field.tsx';
import { StarInput } from '../ui/rating-stars.tsx';

const PROMPTS: Record<FeedbackKind, string> = {
  seller: 'How was the seller? Packing, communication, the item as described.',
  delivery: 'How was the delivery? On time, courteous, the parcel in good shape.',
  product: 'What did you like or dislike? How are you using the product?',
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

const uploaded = (media: FeedbackMediaValue, index: number): MediaEntry => ({
  name: `Photo ${index + 1}`,
  url: media.url,
  key: media.key,
  blob: null,
});

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
  const submit = useSubmit();
  const navigation = useNavigation();
  const [stars, setStars] = useState(initial.stars);
  const [text, setText] = useState(initial.text);
  const [images, setImages] = useState<MediaEntry[]>(initial.images.map(uploaded));
  const [video, setVideo] = useState<MediaEntry | null>(
    initial.video ? { name: 'Your video', ...initial.video, blob: null } : null,
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
      {failure && <Alert tone="error">{failure}</Alert>}
      {isEdit && (
        <p className="feedback-edit-note">You rated this before. Saving again updates your feedback.</p>
      )}
      <StarInput
        legend="Your rating"
        name="stars"
        labels={STAR_LABELS}
        prompt="Tap a star to rate"
        value={stars}
        onChange={(chosen) => {
          setStars(chosen);
          setErrors(({ stars: _chosen, ...rest }) => rest);
        }}
        error={errors.stars}
      />
      <TextAreaField
        label="Your feedback"
        id="feedback-text"
        name="text"
        rows={5}
        value={text}
        maxLength={FEEDBACK_LIMITS.textLength}
        placeholder={PROMPTS[kind]}
        onChange={(event) => setText(event.target.value)}
        error={errors.text}
        hint={`${text.length} / ${FEEDBACK_LIMITS.textLength}`}
      />
      {kind === 'product' && (
        <>
          <MediaKeys images={images} video={video} />
          <ImagePicker images={images} onChange={setImages} disabled={saving} name={FEEDBACK_PHOTOS_FIELD} />
          {errors.images && <FieldError alert>{errors.images}</FieldError>}
          <VideoPicker video={video} onChange={setVideo} disabled={saving} />
          {errors.video && <FieldError alert>{errors.video}</FieldError>}
          <FieldHint>Your rating, text and photos appear as a review on the product page.</FieldHint>
        </>
      )}
      <div className="form-actions">
        <Button type="submit" busy={saving}>
          {saving ? 'Submitting…' : 'Submit Feedback'}
        </Button>
        <ButtonLink to="/myorder" variant="secondary">
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}
