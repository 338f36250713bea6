import {
  MEDIA_ACCEPT,
  MEDIA_LIBRARY_SOURCE,
  MEDIA_MESSAGES,
  MEDIA_SOURCE_LABELS,
  MediaImage,
  MediaLibrary,
} from '@marketplace/domain/admin/media-api';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

type Props = {
  label: string;
  /** the path's field; a new file posts as `{name}File` (before scripts) */
  name: string;
  defaultValue: string;
  /** the library's newest images, for the list offered before the scripts run */
  library: readonly MediaImage[];
  error?: string | undefined;
  hint?: ReactNode;
};

const errorOf = async (res: Response) => {
  try {
    const body = (await res.json()) as { error?: { message?: string } };
    return body.error?.message ?? MEDIA_MESSAGES.file;
  } catch {
    return MEDIA_MESSAGES.file;
  }
};

/**
 * requirements#media-library: an image chosen from the media library, or uploaded into it. Before
 * its scripts it is a list of the library's images and a file input (the form's action uploads the
 * file); with them, a dialog searches the library as a grid of thumbnails and uploads in place.
 */
export function ImagePicker({ label, name, defaultValue, library, error, hint }: Props) {
  const base = useId();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [path, setPath] = useState(defaultValue);
  // the name of an image chosen in the dialog (it may be new, or beyond the first list)
  const [chosenName, setChosenName] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const errorId = error ? `${base}-error` : undefined;
  const hintId = hint ? `${base}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const known = library.find((image) => image.path === path);
  return (
    <fieldset className={`ui-image-picker wide${error ? ' has-error' : ''}`} aria-describedby={describedBy}>
      <legend>{label}</legend>
      <div className="ui-image-picker-now">
        {path ? (
          <img src={path} alt="" className="ui-image-picker-thumb" width={160} height={90} />
        ) : (
          <span className="ui-image-picker-empty">No image</span>
        )}
        {hydrated && (
          <div className="ui-image-picker-actions">
            <input type="hidden" name={name} value={path} />
            <span className="ui-image-picker-name">
              {path ? (chosenName ?? known?.name ?? path) : 'None chosen'}
            </span>
            <span>
              <Button type="button" variant="secondary" small onClick={() => setOpen(true)}>
                {path ? 'Change image' : 'Choose an image'}
              </Button>{' '}
              {path && (
                <Button
                  type="button"
                  variant="link"
                  small
                  onClick={() => {
                    setPath('');
                    setChosenName(null);
                  }}
                >
                  Remove
                </Button>
              )}
            </span>
          </div>
        )}
      </div>
      {!hydrated && (
        <div className="ui-image-picker-fallback">
          <label htmlFor={`${base}-list`}>From the library</label>
          <select id={`${base}-list`} name={name} defaultValue={defaultValue}>
            <option value="">No image</option>
            {/* never a bare '' among a select's children: the client's renderer reads each as an option */}
            {defaultValue !== '' && !known ? (
              <option value={defaultValue}>The image now ({defaultValue})</option>
            ) : null}
            {library.map((image) => (
              <option key={image.path} value={image.path}>
                {image.name} ({MEDIA_SOURCE_LABELS[image.source]})
              </option>
            ))}
          </select>
          <label htmlFor={`${base}-file`}>Or upload a new image</label>
          <input id={`${base}-file`} type="file" name={`${name}File`} accept={MEDIA_ACCEPT} />
        </div>
      )}
      {hintId && (
        <small id={hintId} className="ui-field-hint">
          {hint}
        </small>
      )}
      {errorId && (
        <small id={errorId} className="ui-field-error">
          {error}
        </small>
      )}
      {hydrated && (
        <LibraryDialog
          open={open}
          title={label}
          current={path}
          onClose={() => setOpen(false)}
          onChoose={(image) => {
            setPath(image.path);
            setChosenName(image.name);
            setOpen(false);
          }}
        />
      )}
    </fieldset>
  );
}

function LibraryDialog({
  open,
  title,
  current,
  onClose,
  onChoose,
}: {
  open: boolean;
  title: string;
  current: string;
  onClose: () => void;
  onChoose: (image: MediaImage) => void;
}) {
  const base = useId();
  const [q, setQ] = useState('');
  const [images, setImages] = useState<MediaImage[] | null>(null);
  const [status, setStatus] = useState('');
  const [uploadError, setUploadError] = useState('');
  const [uploading, setUploading] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const fileName = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${MEDIA_LIBRARY_SOURCE}?q=${encodeURIComponent(q.slice(0, 100))}`, {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      })
        .then(async (res) => (res.ok ? MediaLibrary.parse(await res.json()).images : []))
        .then((found) => {
          setImages(found);
          setStatus(found.length === 0 ? 'No images match' : `${found.length} images`);
        })
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, q]);

  async function upload(event: FormEvent) {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setUploadError(MEDIA_MESSAGES.file);
      return;
    }
    const body = new FormData();
    body.set('file', chosen);
    body.set('name', fileName.current?.value ?? '');
    setUploading(true);
    setUploadError('');
    try {
      const res = await fetch(MEDIA_LIBRARY_SOURCE, { method: 'POST', body });
      if (!res.ok) setUploadError(await errorOf(res));
      else onChoose(MediaImage.parse(await res.json()));
    } catch {
      setUploadError('The image could not be uploaded. Please try again.');
    } finally {
      setUploading(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={title} initialFocus={search} className="ui-image-dialog">
      <div className="ui-image-dialog-body">
        <label htmlFor={`${base}-q`}>Search the library</label>
        <input
          id={`${base}-q`}
          ref={search}
          type="search"
          maxLength={100}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          // Enter searches: it never sends the page's form from inside the dialog
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        <span className="sr-only" role="status" aria-live="polite">
          {status}
        </span>
        <ul className="ui-image-grid" aria-label="Images in the library">
          {images === null && <li className="ui-image-grid-note">Loading…</li>}
          {images?.length === 0 && <li className="ui-image-grid-note">No image matches “{q}”.</li>}
          {images?.map((image) => (
            <li key={image.path}>
              <button
                type="button"
                className={image.path === current ? 'is-current' : undefined}
                aria-pressed={image.path === current}
                onClick={() => onChoose(image)}
              >
                <img src={image.path} alt="" loading="lazy" width={160} height={90} />
                <span className="ui-image-grid-name">{image.name}</span>
                <span className="ui-image-grid-source">{MEDIA_SOURCE_LABELS[image.source]}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="ui-image-upload" role="group" aria-label="Upload a new image">
          <h3>Upload a new image</h3>
          <label htmlFor={`${base}-file`}>Image file</label>
          <input id={`${base}-file`} ref={file} type="file" accept={MEDIA_ACCEPT} />
          <label htmlFor={`${base}-name`}>Name (to find it again)</label>
          <input id={`${base}-name`} ref={fileName} type="text" maxLength={80} />
          <small className="ui-field-hint">
            JPEG, PNG, WebP or AVIF, up to 5 MB; kept at most 1500 px wide.
          </small>
          {uploadError && (
            <small className="ui-field-error" role="alert">
              {uploadError}
            </small>
          )}
          <Button type="button" busy={uploading} onClick={(event) => void upload(event)}>
            Upload and use
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
