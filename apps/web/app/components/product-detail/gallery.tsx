import { videoSource } from '@marketplace/domain/catalog/product-detail';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { useMediaUrl } from '../../lib/media-url.ts';

// the full-screen viewer and its zoom and swipe code load when a shopper first reaches for it
const loadViewer = () => import('./image-viewer.tsx');
const ImageViewer = lazy(loadViewer);

/**
 * requirements#product-page: main image, thumbnails (40 px) below it, an optional video, and a modal carousel of the
 * images opened by clicking the main image.
 */
export function Gallery({ name, images, video }: { name: string; images: string[]; video: string | null }) {
  const t = useT();
  const [shown, setShown] = useState<number | 'video'>(0);
  const [modalAt, setModalAt] = useState<number | null>(null);
  const media = useMediaUrl();
  const source = video ? videoSource(video) : null;
  const current = shown === 'video' ? null : (images[shown] ?? images[0]);
  return (
    <div className="pd-gallery">
      <div className="pd-main">
        {shown === 'video' ? (
          source === null ? (
            <p className="pd-video-invalid" role="alert">
              {t('pd.invalidVideo')}
            </p>
          ) : source.kind === 'file' ? (
            <video
              className="pd-video"
              src={media(source.src)}
              controls
              muted
              playsInline
              preload="metadata"
              poster={images[0] && media(images[0])}
              aria-label={t('pd.videoOf', { name })}
            />
          ) : (
            <iframe
              className="pd-video"
              src={source.src}
              title={t('pd.videoOf', { name })}
              allow="encrypted-media; picture-in-picture"
              allowFullScreen
            />
          )
        ) : (
          <button
            type="button"
            className="pd-main-button"
            aria-label={t('pd.openViewer')}
            // a touch, a hover or focus fetches the viewer, so it is usually there by the click
            onPointerDown={() => void loadViewer()}
            onPointerEnter={() => void loadViewer()}
            onFocus={() => void loadViewer()}
            onClick={() => setModalAt(typeof shown === 'number' ? shown : 0)}
          >
            {/* the page's largest picture: fetched before the thumbnails and scripts */}
            <img
              src={current ? media(current) : undefined}
              alt={name}
              translate="no"
              width={500}
              height={500}
              fetchPriority="high"
            />
          </button>
        )}
      </div>
      <ul className="pd-thumbs" aria-label={t('pd.productImages')}>
        {images.map((image, index) => (
          <li key={image}>
            <button
              type="button"
              className={shown === index ? 'active' : undefined}
              aria-label={t('pd.imageOf', { index: index + 1, count: images.length })}
              aria-pressed={shown === index}
              onClick={() => setShown(index)}
              onMouseEnter={() => setShown(index)}
            >
              <img src={media(image)} alt="" width={40} height={40} />
            </button>
          </li>
        ))}
        {video && (
          <li>
            <button
              type="button"
              className={`pd-thumb-video${shown === 'video' ? ' active' : ''}`}
              aria-label={t('pd.video')}
              aria-pressed={shown === 'video'}
              onClick={() => setShown('video')}
            >
              {images[0] && <img src={media(images[0])} alt="" width={40} height={40} />}
              <span className="pd-thumb-play" aria-hidden="true">
                ▶
              </span>
            </button>
          </li>
        )}
      </ul>
      {modalAt !== null && (
        <Suspense fallback={null}>
          <ImageViewer name={name} images={images} start={modalAt} onClose={() => setModalAt(null)} />
        </Suspense>
      )}
    </div>
  );
}
