import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
import { Dialog } from '../ui/dialog.tsx';
import { type Gesture, type Point, type Tap, type View, VIEW_AT_REST, viewAfter } from './image-zoom.ts';
import { useT } from '../../i18n/intl.tsx';
import { useMediaUrl } from '../../lib/media-url.ts';

/**
 * The product's images full screen (requirements#product-page: the modal carousel of the images).
 * Loaded only when a shopper opens it, so the page's first scripts stay small. Touch: a swipe
 * changes image, a double tap or a pinch zooms, a drag pans a zoomed image; with a mouse a double
 * click zooms, and the arrows and the keyboard's left and right keys change image.
 */
export default function ImageViewer({
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
  const t = useT();
  const [at, setAt] = useState(start);
  const media = useMediaUrl();
  const [view, setViewState] = useState<View>(VIEW_AT_REST);
  // the view as the gesture handlers last set it: several touch events may arrive before a render
  const viewNow = useRef<View>(VIEW_AT_REST);
  const setView = (next: View) => {
    viewNow.current = next;
    setViewState(next);
  };
  const [isMoving, setIsMoving] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<Tap | null>(null);

  const move = (step: number) => {
    setAt((value) => (value + step + images.length) % images.length);
    setView(VIEW_AT_REST);
  };
  const stageSize = (element: HTMLElement) => {
    const rect = element.getBoundingClientRect();
    return { left: rect.left, top: rect.top, width: rect.width, height: rect.height };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // a pointer the browser no longer tracks: the gesture still follows its events
    }
    gesture.current = {
      start: [...pointers.current.values()],
      view: viewNow.current,
      multi: pointers.current.size > 1 || (gesture.current?.multi ?? false),
      startedAt: event.timeStamp,
    };
    setIsMoving(true);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const result = viewAfter(gesture.current, [...pointers.current.values()], stageSize(event.currentTarget));
    setView(result.view);
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const now = [...pointers.current.values()];
    pointers.current.delete(event.pointerId);
    const current = gesture.current;
    const result = viewAfter(current, now, stageSize(event.currentTarget), {
      ended: true,
      at: event.timeStamp,
      lastTap: lastTap.current,
    });
    if (pointers.current.size > 0) {
      // one finger of a pinch lifted: the other carries on from here, still not a tap or a swipe
      gesture.current = {
        start: [...pointers.current.values()],
        view: result.view,
        multi: true,
        startedAt: 0,
      };
      setView(result.view);
      return;
    }
    gesture.current = null;
    setIsMoving(false);
    lastTap.current = result.tap;
    if (result.swipe !== 0) move(result.swipe);
    else setView(result.view);
  };

  const zoomed = view.scale > 1;
  return (
    <Dialog
      open
      onClose={onClose}
      label={t('pd.imagesOf', { name })}
      variant="viewer"
      initialFocus={closeButton}
    >
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
          aria-label={t('common.close')}
          ref={closeButton}
          onClick={onClose}
        >
          ×
        </button>
        <div
          className={`pd-viewer-stage${zoomed ? ' zoomed' : ''}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
        >
          <img
            className={`pd-viewer-image${isMoving ? ' moving' : ''}`}
            src={images[at] && media(images[at])}
            alt={`${name}, image ${at + 1} of ${images.length}`}
            draggable={false}
            style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          />
        </div>
        <button
          type="button"
          className="pd-viewer-prev"
          aria-label={t('pd.prevImage')}
          onClick={() => move(-1)}
        >
          ‹
        </button>
        <button
          type="button"
          className="pd-viewer-next"
          aria-label={t('pd.nextImage')}
          onClick={() => move(1)}
        >
          ›
        </button>
        <p className="pd-viewer-count">
          {at + 1} / {images.length}
        </p>
      </div>
    </Dialog>
  );
}
