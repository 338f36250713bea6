import { type FormEvent, useState } from 'react';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  FEEDBACK_TITLES,
  type FeedbackKind,
  FeedbackInput,
} from '@marketplace/domain/orders/feedback';
import { type ClientLoaderFunctionArgs, Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import { fieldErrors } from '../../lib/account-api.ts';
import { type ItemFeedback, saveFeedback, uploadMedia } from '../../lib/feedback-api.ts';
import { hereOf, loadOrLogin } from '../../components/account/account-api.ts';
import { AccountLoading, AccountPage } from '../../components/account/account-page.tsx';
import { ImagePicker, type MediaEntry, VideoPicker } from '../../components/feedback/media-picker.tsx';
import { StarRating } from '../../components/feedback/star-rating.tsx';
import '../../components/feedback/feedback.css';

const KINDS: Record<string, FeedbackKind> = {
  '/sellerfeedback': 'seller',
  '/deliveryfeedback': 'delivery',
  '/productfeedback': 'product',
};
const kindOf = (pathname: string): FeedbackKind => KINDS[pathname.toLowerCase()] ?? 'product';

const PROMPTS: Record<FeedbackKind, string> = {
  seller: 'How was the seller? Packing, communication, the item as described.',
  delivery: 'How was the delivery? On time, courteous, the parcel in good shape.',
  product: 'What did you like or dislike? How are you using the product?',
};

// decision 12: the order item is in the URL (?item=123), so a reload or a shared link works
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const item = new URL(request.url).searchParams.get('item') ?? '';
  if (!/^[1-9][0-9]{0,9}$/.test(item)) return null;
  return loadOrLogin<ItemFeedback>(`/api/feedback?orderItem=${item}`, hereOf(request));
}

export function HydrateFallback() {
  return <AccountLoading what="your order item" />;
}

/** /sellerfeedback, /deliveryfeedback and /productfeedback?item={id}: stars, text, and for a product photos and a video. */
export default function FeedbackPage() {
  const data = useLoaderData<typeof clientLoader>();
  const kind = kindOf(useLocation().pathname);
  const title = FEEDBACK_TITLES[kind];
  const crumb = { to: '/myorder', label: 'My Order' };
  if (!data) {
    return (
      <AccountPage title={title} crumb={crumb} narrow>
        <p className="account-notice error" role="alert">
          {FEEDBACK_MESSAGES.notFound}
        </p>
        <Link to="/myorder" className="btn">
          Go to My Orders
        </Link>
      </AccountPage>
    );
  }
  return (
    <AccountPage title={title} crumb={crumb} narrow>
      <ItemSummary item={data.item} />
      {data.item.isDelivered ? (
        // a new form per kind and item, filled with what the shopper said before
        <FeedbackForm key={`${kind}-${data.item.id}`} kind={kind} data={data} />
      ) : (
        <p className="account-notice error" role="alert">
          {FEEDBACK_MESSAGES.notDelivered}
        </p>
      )}
    </AccountPage>
  );
}

function ItemSummary({ item }: { item: ItemFeedback['item'] }) {
  return (
    <section className="feedback-item" aria-label="Order item">
      <img src={item.productImage} alt="" width={72} height={72} />
      <div>
        <p className="feedback-item-name">{item.productName}</p>
        <p className="feedback-item-meta">
          Sold by {item.sellerName} · Order {item.orderNo}
          {item.quantity > 1 ? ` · Qty ${item.quantity}` : ''}
        </p>
      </div>
    </section>
  );
}

const uploaded = (media: { key: string; url: string }, index: number): MediaEntry => ({
  name: `Photo ${index + 1}`,
  url: media.url,
  key: media.key,
  blob: null,
});

function FeedbackForm({ kind, data }: { kind: FeedbackKind; data: ItemFeedback }) {
  const navigate = useNavigate();
  const before = data.feedback[kind];
  const [stars, setStars] = useState(before?.stars ?? 0);
  const [text, setText] = useState(before?.text ?? '');
  const [images, setImages] = useState<MediaEntry[]>(before?.images.map(uploaded) ?? []);
  const [video, setVideo] = useState<MediaEntry | null>(
    before?.video ? { name: 'Your video', url: before.video.url, key: before.video.key, blob: null } : null,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  /** Sends what is not on the server yet; the keys come back into the form so a retry sends nothing twice. */
  async function upload(entry: MediaEntry, mediaKind: 'image' | 'video') {
    if (entry.key || !entry.blob) return { ok: true as const, entry };
    const result = await uploadMedia(data.item.id, mediaKind, entry.blob, entry.name);
    return result.ok ? { ok: true as const, entry: { ...entry, key: result.key } } : result;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const draft = { orderItemId: data.item.id, kind, stars, text, images: [], video: null };
    const checked = FeedbackInput.safeParse(draft);
    if (!checked.success) return setErrors(fieldErrors(checked.error));
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      const sentImages = await Promise.all(images.map((image) => upload(image, 'image')));
      const sentVideo = video ? await upload(video, 'video') : null;
      const refused = [...sentImages, ...(sentVideo ? [sentVideo] : [])].find((sent) => !sent.ok);
      const doneImages = sentImages.flatMap((sent) => (sent.ok ? [sent.entry] : []));
      setImages(doneImages);
      if (sentVideo?.ok) setVideo(sentVideo.entry);
      if (refused && !refused.ok) {
        setFailure(refused.message || FEEDBACK_MESSAGES.failed);
        return setSaving(false);
      }
      const result = await saveFeedback({
        ...draft,
        images: doneImages.flatMap((image) => (image.key ? [image.key] : [])),
        video: sentVideo?.ok ? sentVideo.entry.key : null,
      });
      if (result.ok) return void navigate('/myorder');
      setErrors(result.fields);
      // spec §8: the server's message, or the fallback when it gave none
      setFailure(result.status < 500 && result.message ? result.message : FEEDBACK_MESSAGES.failed);
    } catch {
      setFailure(FEEDBACK_MESSAGES.failed);
    }
    setSaving(false);
  }

  return (
    <form className="account-form feedback-form" onSubmit={(event) => void submit(event)} noValidate>
      {failure && (
        <p className="account-notice error" role="alert">
          {failure}
        </p>
      )}
      {before && (
        <p className="feedback-edit-note">You rated this before. Saving again updates your feedback.</p>
      )}
      <StarRating
        value={stars}
        onChange={(chosen) => {
          setStars(chosen);
          setErrors(({ stars: _chosen, ...rest }) => rest);
        }}
        error={errors.stars}
      />
      <div className={`field${errors.text ? ' has-error' : ''}`}>
        <label htmlFor="feedback-text">Your feedback</label>
        <textarea
          id="feedback-text"
          rows={5}
          value={text}
          maxLength={FEEDBACK_LIMITS.textLength}
          placeholder={PROMPTS[kind]}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={errors.text ? true : undefined}
        />
        <small className="field-hint">
          {text.length} / {FEEDBACK_LIMITS.textLength}
        </small>
        {errors.text && <small className="field-error">{errors.text}</small>}
      </div>
      {kind === 'product' && (
        <>
          <ImagePicker images={images} onChange={setImages} disabled={saving} />
          {errors.images && <small className="field-error">{errors.images}</small>}
          <VideoPicker video={video} onChange={setVideo} disabled={saving} />
          {errors.video && <small className="field-error">{errors.video}</small>}
          <p className="field-hint">Your rating, text and photos appear as a review on the product page.</p>
        </>
      )}
      <div className="form-actions">
        <button type="submit" className="btn" disabled={saving}>
          {saving ? 'Submitting…' : 'Submit Feedback'}
        </button>
        <Link to="/myorder" className="btn-secondary">
          Cancel
        </Link>
      </div>
    </form>
  );
}
