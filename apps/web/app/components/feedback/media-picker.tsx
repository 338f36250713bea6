import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  isVideoFile,
  pickImages,
} from '@marketplace/domain/orders/feedback';
import { resizeImage } from '../../lib/resize-image.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { FieldError, FieldHint } from '../ui/field.tsx';
import { useT } from '../../i18n/intl.tsx';
import { useOrdersText } from '../orders/orders-i18n.ts';

/** A photo or video on the form: already uploaded (has a key), or picked and not yet sent. */
export type MediaEntry = { name: string; url: string; key: string | null; blob: Blob | null };

/** Object URLs of picked files are freed once they leave the form (and all of them when it closes). */
function useRevokeOnDrop(entries: MediaEntry[]) {
  const shown = useRef<MediaEntry[]>([]);
  useEffect(() => {
    for (const entry of shown.current)
      if (entry.blob && !entries.some((other) => other.url === entry.url)) URL.revokeObjectURL(entry.url);
    shown.current = entries;
  }, [entries]);
  useEffect(
    () => () => {
      for (const entry of shown.current) if (entry.blob) URL.revokeObjectURL(entry.url);
    },
    [],
  );
}

/** The keys of the form's photos and video already uploaded, posted with the form. */
export function MediaKeys({ images, video }: { images: MediaEntry[]; video: MediaEntry | null }) {
  return (
    <>
      {images.map((image) =>
        image.key ? <input key={image.key} type="hidden" name="image" value={image.key} /> : null,
      )}
      {video?.key && <input type="hidden" name="video" value={video.key} />}
    </>
  );
}

/**
 * requirements#uploads: up to 5 images (image files only, resized to 300 px, duplicate names ignored).
 * Before the page's scripts run, the file box is the browser's own and its files are posted with
 * the form under `name` (ADR-0014); photos picked there are taken in when the scripts arrive.
 */
export function ImagePicker({
  images,
  onChange,
  disabled,
  name = 'photos',
  requiredHint,
}: {
  images: MediaEntry[];
  onChange: (images: MediaEntry[]) => void;
  disabled: boolean;
  name?: string;
  /** when at least one photo is required: the hint shown beside the box before any submit */
  requiredHint?: string;
}) {
  const t = useT();
  const say = useOrdersText();
  const id = useId();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useRevokeOnDrop(images);

  async function pick(files: File[]) {
    const { added, message: note } = pickImages(images, files);
    setMessage(note);
    if (added.length === 0) return;
    setBusy(true);
    const entries: MediaEntry[] = [];
    for (const file of added) {
      try {
        const blob = await resizeImage(file);
        entries.push({ name: file.name, url: URL.createObjectURL(blob), key: null, blob });
      } catch {
        // the browser could not read it as a picture after all
        setMessage(FEEDBACK_MESSAGES.invalidImages);
      }
    }
    setBusy(false);
    onChange([...images, ...entries]);
  }

  // photos picked in the browser's own box before the scripts arrived join the picker
  useEffect(() => {
    const box = input.current;
    if (!hydrated || !box?.files?.length) return;
    const files = Array.from(box.files);
    box.value = '';
    void pick(files);
  }, [hydrated]);

  return (
    <fieldset className="ui-field media-picker">
      <legend id={`${id}-label`}>
        {t('orders.media.photos')}{' '}
        <small>
          {requiredHint
            ? t('orders.media.requiredUpTo', { max: FEEDBACK_LIMITS.images })
            : t('orders.media.upTo', { max: FEEDBACK_LIMITS.images })}
        </small>
      </legend>
      {requiredHint && images.length === 0 && (
        <p className="media-required-hint" id={`${id}-hint`}>
          {requiredHint}
        </p>
      )}
      <ul className="media-thumbs" aria-labelledby={`${id}-label`}>
        {images.map((image) => (
          <li key={image.key ?? image.name}>
            {/* a picked photo is named by its file, as the shopper's device named it */}
            <img src={image.url} alt={image.name} width={72} height={72} translate="no" />
            {hydrated && (
              <button
                type="button"
                className="media-remove"
                aria-label={t('orders.media.remove', { name: image.name })}
                onClick={() => onChange(images.filter((other) => other !== image))}
                disabled={disabled}
              >
                ×
              </button>
            )}
          </li>
        ))}
        {images.length < FEEDBACK_LIMITS.images && (
          <li>
            <input
              ref={input}
              id={id}
              className={hydrated ? 'sr-only' : undefined}
              type="file"
              accept="image/*"
              multiple
              name={hydrated ? undefined : name}
              aria-label={hydrated ? undefined : t('orders.media.addPhotos')}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = ''; // the same file can be picked again after removing it
                void pick(files);
              }}
              disabled={disabled || busy}
            />
            {hydrated && (
              <label className="media-add" htmlFor={id}>
                <span aria-hidden="true">+</span>
                <span>{busy ? t('orders.media.adding') : t('orders.media.addPhoto')}</span>
              </label>
            )}
          </li>
        )}
      </ul>
      {message && <FieldError alert>{say(message)}</FieldError>}
    </fieldset>
  );
}

/** Said beside the video button until the page's scripts run. */
export const VIDEO_NEEDS_SCRIPTS =
  'Adding a video needs JavaScript: it can be added once the page has loaded.';

/** requirements#uploads: one optional video; a file that is not a video is refused with the spec's message. */
export function VideoPicker({
  video,
  onChange,
  disabled,
}: {
  video: MediaEntry | null;
  onChange: (video: MediaEntry | null) => void;
  disabled: boolean;
}) {
  const t = useT();
  const say = useOrdersText();
  const id = useId();
  const hydrated = useHydrated();
  const [message, setMessage] = useState<string | null>(null);
  useRevokeOnDrop(video ? [video] : []);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isVideoFile(file)) return setMessage(FEEDBACK_MESSAGES.invalidVideo);
    setMessage(null);
    onChange({ name: file.name, url: URL.createObjectURL(file), key: null, blob: file });
  }

  return (
    <fieldset className="ui-field media-picker">
      <legend>
        {t('orders.media.video')} <small>{t('orders.media.optionalOne')}</small>
      </legend>
      {video ? (
        <div className="media-video">
          <video src={video.url} controls preload="metadata" aria-label={video.name} translate="no" />
          <button
            type="button"
            className="btn-secondary btn-small"
            onClick={() => onChange(null)}
            disabled={disabled}
          >
            {t('orders.media.removeVideo')}
          </button>
        </div>
      ) : (
        <div>
          <input
            id={id}
            className="sr-only"
            type="file"
            accept="video/*"
            onChange={pick}
            disabled={disabled || !hydrated}
          />
          <label
            className="btn-secondary btn-small media-add-video"
            htmlFor={id}
            aria-disabled={hydrated ? undefined : true}
          >
            {t('orders.media.addVideo')}
          </label>
          {/* a video (up to 50 MB) goes up only by script: a page's form is read whole (ADR-0014) */}
          {!hydrated && <FieldHint>{t('orders.media.videoNeedsScripts')}</FieldHint>}
        </div>
      )}
      {message && <FieldError alert>{say(message)}</FieldError>}
    </fieldset>
  );
}
