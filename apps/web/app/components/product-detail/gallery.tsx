import { PRODUCT_MESSAGES, videoSource } from '@marketplace/domain/catalog/product-detail';
import { useRef, useState } from 'react';
import { Dialog } from '../ui/dialog.tsx';

/**
 * requirements#product-page: main image, thumbnails (40 px) below it, an optional video, and a modal carousel of the
 * images opened by clicking the main image.
 */
export function Gallery({ name, images, video }: { name: string; images: string[]; video: string | null }) {
  const [shown, setShown] = useState<number | 'video'>(0);
  const [modalAt, setModalAt] = useState<number | null>(null);
  const source = video ? videoSource(video) : null;
  const current = shown === 'video' ? null : (images[shown] ?? images[0]);
  return (
    <div className="pd-gallery">
      <div className="pd-main">
        {shown === 'video' ? (
          source === null ? (
            <p className="pd-video-invalid" role="alert">
              {PRODUCT_MESSAGES.invalidVideo}
            </p>
          ) : source.kind === 'file' ? (
            <video
              className="pd-video"
              src={source.src}
              controls
              preload="metadata"
              aria-label={`Video of ${name}`}
            />
          ) : (
            <iframe
              className="pd-video"
              src={source.src}
              title={`Video of ${name}`}
              allow="encrypted-media; picture-in-picture"
              allowFullScreen
            />
          )
        ) : (
          <button
            type="button"
            className="pd-main-button"
            aria-label="Open image viewer"
            onClick={() => setModalAt(typeof shown === 'number' ? shown : 0)}
          >
            <img src={current ?? undefined} alt={name} width={500} height={500} />
          </button>
        )}
      </div>
      <ul className="pd-thumbs" aria-label="Product images">
        {images.map((image, index) => (
          <li key={image}>
            <button
              type="button"
              className={shown === index ? 'active' : undefined}
              aria-label={`Image ${index + 1} of ${images.length}`}
              aria-pressed={shown === index}
              onClick={() => setShown(index)}
              onMouseEnter={() => setShown(index)}
            >
              <img src={image} alt="" width={40} height={40} />
            </button>
          </li>
        ))}
        {video && (
          <li>
            <button
              type="button"
              className={`pd-thumb-video${shown === 'video' ? ' active' : ''}`}
              aria-label="Video"
              aria-pressed={shown === 'video'}
              onClick={() => setShown('video')}
            >
              ▶
            </button>
          </li>
        )}
      </ul>
      {modalAt !== null && (
        <ImageModal name={name} images={images} start={modalAt} onClose={() => setModalAt(null)} />
      )}
    </div>
  );
}

function ImageModal({
  name,
  images,
  start,
  onClose,
}: {
  name: string;
  images: string[];
  start: number;
  onClose: () => void;
}) {
  const [at, setAt] = useState(start);
  const closeButton = useRef<HTMLButtonElement>(null);
  const move = (step: number) => setAt((value) => (value + step + images.length) % images.length);
  return (
    <Dialog open onClose={onClose} label={`Images of ${name}`} variant="viewer" initialFocus={closeButton}>
      <div
        className="pd-viewer"
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') move(1);
          if (event.key === 'ArrowLeft') move(-1);
        }}
      >
        <button
          type="button"
          className="pd-viewer-close"
          aria-label="Close"
          ref={closeButton}
          onClick={onClose}
        >
          ×
        </button>
        <button type="button" className="pd-viewer-prev" aria-label="Previous image" onClick={() => move(-1)}>
          ‹
        </button>
        <img src={images[at]} alt={`${name}, image ${at + 1} of ${images.length}`} />
        <button type="button" className="pd-viewer-next" aria-label="Next image" onClick={() => move(1)}>
          ›
        </button>
        <p className="pd-viewer-count">
          {at + 1} / {images.length}
        </p>
      </div>
    </Dialog>
  );
}
