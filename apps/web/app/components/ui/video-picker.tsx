import {
  MEDIA_MESSAGES,
  MEDIA_VIDEO_ACCEPT,
  MEDIA_VIDEO_MESSAGES,
  MEDIA_VIDEOS_SOURCE,
  MediaVideo,
  MediaVideos,
} from '@marketplace/domain/admin/media-api';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { Field } from './field.tsx';

type Props = {
  label: string;
  /** the video's field; a library film chosen before scripts posts as `{name}Library` */
  name: string;
  defaultValue: string;
  /** the library's newest films, for the list offered before the scripts run */
  library: readonly MediaVideo[];
  error?: string | undefined;
  hint?: ReactNode;
};

const SOURCE_LABELS = { library: 'Uploaded', block: 'Page block' } as const;

const errorOf = async (res: Response) => {
  try {
    const body = (await res.json()) as { error?: { message?: string } };
    return body.error?.message ?? MEDIA_VIDEO_MESSAGES.file;
  } catch {
    return MEDIA_VIDEO_MESSAGES.file;
  }
};

/**
 * requirements#media-library (ADR-0047): a video block's film: a path or https address typed (checked
 * by the block's schema), or a film chosen from the media library. Before its scripts a list offers
 * the library's films; with them a dialog searches the library and uploads an MP4 or WebM in place.
 */
export function VideoPicker({ label, name, defaultValue, library, error, hint }: Props) {
  const base = useId();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [path, setPath] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  return (
    <div className="ui-link-picker wide">
      <Field
        label={label}
        name={name}
        value={path}
        onChange={(event) => setPath(event.target.value)}
        error={error}
        hint={hint}
        maxLength={500}
        spellCheck={false}
      />
      <div className="ui-link-picker-row">
        {hydrated ? (
          <Button type="button" variant="secondary" small onClick={() => setOpen(true)}>
            Choose or upload a video…
          </Button>
        ) : (
          <span className="ui-link-picker-fallback">
            <label htmlFor={`${base}-library`}>Or a video from the library</label>
            <select id={`${base}-library`} name={`${name}Library`} defaultValue="">
              <option value="">Use the video typed</option>
              {library.map((film) => (
                <option key={film.path} value={film.path}>
                  {film.name} ({SOURCE_LABELS[film.source]})
                </option>
              ))}
            </select>
          </span>
        )}
      </div>
      {hydrated && (
        <VideoDialog
          open={open}
          title={`${label}: choose a video`}
          current={path}
          onClose={() => setOpen(false)}
          onChoose={(film) => {
            setPath(film.path);
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}

function VideoDialog({
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
  onChoose: (film: MediaVideo) => void;
}) {
  const base = useId();
  const [q, setQ] = useState('');
  const [films, setFilms] = useState<MediaVideo[] | null>(null);
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
      fetch(`${MEDIA_VIDEOS_SOURCE}?q=${encodeURIComponent(q.slice(0, 100))}`, {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      })
        .then(async (res) => (res.ok ? MediaVideos.parse(await res.json()).videos : []))
        .then((found) => {
          setFilms(found);
          setStatus(found.length === 0 ? 'No videos match' : `${found.length} videos`);
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
      setUploadError(MEDIA_VIDEO_MESSAGES.file);
      return;
    }
    const body = new FormData();
    body.set('file', chosen);
    body.set('name', fileName.current?.value ?? '');
    setUploading(true);
    setUploadError('');
    try {
      const res = await fetch(MEDIA_VIDEOS_SOURCE, { method: 'POST', body });
      if (!res.ok) setUploadError(await errorOf(res));
      else onChoose(MediaVideo.parse(await res.json()));
    } catch {
      setUploadError('The video could not be uploaded. Please try again.');
    } finally {
      setUploading(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={title} initialFocus={search} className="ui-link-dialog">
      <div className="ui-link-dialog-body">
        <label htmlFor={`${base}-q`}>Search the library</label>
        <input
          id={`${base}-q`}
          ref={search}
          type="search"
          maxLength={100}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        <span className="sr-only" role="status" aria-live="polite">
          {status}
        </span>
        <ul className="ui-link-choices" aria-label="Videos in the library">
          {films === null && <li>Loading…</li>}
          {films?.length === 0 && <li>No video matches “{q}”.</li>}
          {films?.map((film) => (
            <li key={film.path}>
              <button type="button" aria-pressed={film.path === current} onClick={() => onChoose(film)}>
                {film.name} <span className="ui-picker-detail">{SOURCE_LABELS[film.source]}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="ui-image-upload" role="group" aria-label="Upload a new video">
          <h3>Upload a new video</h3>
          <label htmlFor={`${base}-file`}>Video file</label>
          <input id={`${base}-file`} ref={file} type="file" accept={MEDIA_VIDEO_ACCEPT} />
          <label htmlFor={`${base}-name`}>Name (to find it again)</label>
          <input id={`${base}-name`} ref={fileName} type="text" maxLength={80} />
          <small className="ui-field-hint">MP4 or WebM, up to 50 MB; kept as uploaded.</small>
          {uploadError && (
            <small className="ui-field-error" role="alert">
              {uploadError === MEDIA_MESSAGES.file ? MEDIA_VIDEO_MESSAGES.file : uploadError}
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
