import { describe, expect, it } from 'vitest';
import { DOUBLE_TAP_SCALE, type Gesture, MAX_SCALE, VIEW_AT_REST, viewAfter } from './image-zoom.ts';

const stage = { left: 0, top: 0, width: 360, height: 760 };
const touch = (points: [number, number][], view = VIEW_AT_REST, startedAt = 0): Gesture => ({
  start: points.map(([x, y]) => ({ x, y })),
  view,
  multi: points.length > 1,
  startedAt,
});
const at = (x: number, y: number) => ({ x, y });

describe('viewAfter', () => {
  it('swipes to the next image leftwards and the previous one rightwards, at scale 1', () => {
    const end = { ended: true as const, at: 200, lastTap: null };
    expect(viewAfter(touch([[300, 400]]), [at(80, 410)], stage, end).swipe).toBe(1);
    expect(viewAfter(touch([[60, 400]]), [at(300, 400)], stage, end).swipe).toBe(-1);
    // short or mostly vertical moves stay on the image and snap back
    expect(viewAfter(touch([[200, 400]]), [at(170, 400)], stage, end)).toEqual({
      view: VIEW_AT_REST,
      swipe: 0,
      tap: null,
    });
    expect(viewAfter(touch([[200, 100]]), [at(120, 400)], stage, end).swipe).toBe(0);
  });

  it('zooms in about a double tap and back out with the next one', () => {
    const first = viewAfter(touch([[180, 380]], VIEW_AT_REST, 0), [at(180, 380)], stage, {
      ended: true,
      at: 80,
      lastTap: null,
    });
    expect(first.view).toEqual(VIEW_AT_REST);
    expect(first.tap).toEqual({ x: 180, y: 380, at: 80 });
    const second = viewAfter(touch([[182, 381]], VIEW_AT_REST, 150), [at(182, 381)], stage, {
      ended: true,
      at: 230,
      lastTap: first.tap,
    });
    expect(second.view.scale).toBe(DOUBLE_TAP_SCALE);
    expect(second.tap).toBeNull();
    const out = viewAfter(touch([[180, 380]], second.view, 400), [at(180, 380)], stage, {
      ended: true,
      at: 450,
      lastTap: { x: 180, y: 380, at: 420 },
    });
    expect(out.view).toEqual(VIEW_AT_REST);
    // taps too far apart in time are two single taps
    const late = viewAfter(touch([[180, 380]], VIEW_AT_REST, 900), [at(180, 380)], stage, {
      ended: true,
      at: 950,
      lastTap: { x: 180, y: 380, at: 80 },
    });
    expect(late.view).toEqual(VIEW_AT_REST);
  });

  it('pinches in proportion to the fingers, between 1 and the largest zoom', () => {
    const pinch = touch([
      [150, 400],
      [210, 400],
    ]);
    expect(viewAfter(pinch, [at(120, 400), at(240, 400)], stage).view.scale).toBe(2);
    expect(viewAfter(pinch, [at(0, 400), at(360, 400)], stage).view.scale).toBe(MAX_SCALE);
    expect(viewAfter(pinch, [at(170, 400), at(190, 400)], stage).view).toEqual(VIEW_AT_REST);
    // lifting the fingers is neither a tap nor a swipe
    const lifted = viewAfter({ ...pinch, view: { scale: 2, x: 0, y: 0 } }, [at(150, 400)], stage, {
      ended: true,
      at: 100,
      lastTap: null,
    });
    expect(lifted).toEqual({ view: { scale: 2, x: 0, y: 0 }, swipe: 0, tap: null });
  });

  it('pans a zoomed image instead of swiping, never past its edges', () => {
    const zoomed = { scale: 2, x: 0, y: 0 };
    const result = viewAfter(touch([[300, 400]], zoomed), [at(100, 400)], stage, {
      ended: true,
      at: 500,
      lastTap: null,
    });
    expect(result.swipe).toBe(0);
    expect(result.view).toEqual({ scale: 2, x: -180, y: 0 });
    expect(viewAfter(touch([[300, 400]], zoomed), [at(-900, 400)], stage).view.x).toBe(-180);
  });
});
