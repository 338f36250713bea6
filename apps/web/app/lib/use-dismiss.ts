import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * Closes an open popover or menu on a press outside `box` and on Escape.
 * The listeners go on in a layout effect, in the same task as the render that opened the panel:
 * a plain effect waits for the next frame in the browser's renderer (Preact, ADR-0020), and an
 * Escape pressed right after the click that opened the panel would be lost.
 */
export function useDismiss(
  open: boolean,
  box: RefObject<HTMLElement | null>,
  close: (byEscape: boolean) => void,
) {
  const latestClose = useRef(close);
  latestClose.current = close;
  useLayoutEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) latestClose.current(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latestClose.current(true);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, box]);
}
