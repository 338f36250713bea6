// The image viewer's touch gestures as pure arithmetic (image-viewer.tsx applies them): pinch and
// double-tap zoom about the fingers, a drag pans a zoomed image, a swipe changes image.

export type Point = { x: number; y: number };
/** How the image is drawn: `translate(x, y) scale(scale)` about its centre. */
export type View = { scale: number; x: number; y: number };
export type Tap = Point & { at: number };
/** What the fingers did when they touched down, and the view then. */
export type Gesture = { start: Point[]; view: View; multi: boolean; startedAt: number };
/** The viewer's stage in the window. */
export type Stage = { left: number; top: number; width: number; height: number };

export const VIEW_AT_REST: View = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 4;
export const DOUBLE_TAP_SCALE = 2.5;
/** Two taps closer than this (ms, px) are a double tap. */
export const DOUBLE_TAP_MS = 350;
const DOUBLE_TAP_DISTANCE = 30;
/** A touch that moves less than this (px) within TAP_MS is a tap. */
const TAP_DISTANCE = 10;
const TAP_MS = 300;
/** A sideways move longer than this (px) at scale 1 is a swipe to the next or previous image. */
export const SWIPE_DISTANCE = 50;

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Keeps a zoomed image over the stage: it may not be dragged further than its zoomed overhang. */
function held(view: View, stage: Stage): View {
  if (view.scale <= 1.01) return VIEW_AT_REST;
  const spanX = ((view.scale - 1) * stage.width) / 2;
  const spanY = ((view.scale - 1) * stage.height) / 2;
  return { scale: view.scale, x: clamp(view.x, -spanX, spanX), y: clamp(view.y, -spanY, spanY) };
}

/**
 * The view at `scale` that keeps the image point that was under `from` (in the view `before`) now
 * under `to`: zooming about the fingers rather than the centre.
 */
function zoomedAbout(before: View, scale: number, from: Point, to: Point, stage: Stage): View {
  const centre = { x: stage.left + stage.width / 2, y: stage.top + stage.height / 2 };
  const imageX = (from.x - centre.x - before.x) / before.scale;
  const imageY = (from.y - centre.y - before.y) / before.scale;
  return { scale, x: to.x - centre.x - scale * imageX, y: to.y - centre.y - scale * imageY };
}

export type GestureResult = {
  view: View;
  /** 1: show the next image, -1: the previous, 0: stay */
  swipe: -1 | 0 | 1;
  /** the tap just made, to pair with the next one into a double tap */
  tap: Tap | null;
};

/**
 * The view while the fingers are at `now`, or, with `end`, once the last of them has lifted: a tap,
 * a double tap (zoom in about it, or back out), a swipe, or the pan or pinch left where it is.
 */
export function viewAfter(
  gesture: Gesture,
  now: Point[],
  stage: Stage,
  end?: { at: number; lastTap: Tap | null; ended: true },
): GestureResult {
  const [first, second] = now;
  const [startFirst, startSecond] = gesture.start;
  if (!first || !startFirst) return { view: gesture.view, swipe: 0, tap: null };
  const before = gesture.view;

  if (second && startSecond) {
    const ratio = distance(first, second) / Math.max(distance(startFirst, startSecond), 1);
    const scale = clamp(before.scale * ratio, 1, MAX_SCALE);
    const view = zoomedAbout(before, scale, middle(startFirst, startSecond), middle(first, second), stage);
    return { view: held(view, stage), swipe: 0, tap: null };
  }

  const dx = first.x - startFirst.x;
  const dy = first.y - startFirst.y;
  if (!end) {
    if (before.scale > 1)
      return { view: held({ ...before, x: before.x + dx, y: before.y + dy }, stage), swipe: 0, tap: null };
    // at scale 1 the image follows the finger sideways, a hint of the swipe to come
    return { view: gesture.multi ? before : { scale: 1, x: dx, y: 0 }, swipe: 0, tap: null };
  }

  if (gesture.multi) return { view: held(before, stage), swipe: 0, tap: null };
  const isTap = Math.hypot(dx, dy) < TAP_DISTANCE && end.at - gesture.startedAt < TAP_MS;
  if (isTap) {
    const last = end.lastTap;
    const isDouble =
      last !== null && end.at - last.at < DOUBLE_TAP_MS && distance(last, first) < DOUBLE_TAP_DISTANCE;
    if (!isDouble) return { view: before, swipe: 0, tap: { x: first.x, y: first.y, at: end.at } };
    const view =
      before.scale > 1
        ? VIEW_AT_REST
        : held(zoomedAbout(before, DOUBLE_TAP_SCALE, first, first, stage), stage);
    return { view, swipe: 0, tap: null };
  }
  if (before.scale > 1)
    return { view: held({ ...before, x: before.x + dx, y: before.y + dy }, stage), swipe: 0, tap: null };
  if (Math.abs(dx) > SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy)) {
    return { view: VIEW_AT_REST, swipe: dx < 0 ? 1 : -1, tap: null };
  }
  return { view: VIEW_AT_REST, swipe: 0, tap: null };
}
