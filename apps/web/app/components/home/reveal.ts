// requirements#scroll-reveal: scroll-reveal blocks are marked active when their top is below 90% of the window
// height (above that line on screen) and their bottom at or above 0.
export const REVEAL_LINE = 0.9;

export function isRevealed(rect: { top: number; bottom: number }, windowHeight: number): boolean {
  return rect.top < windowHeight * REVEAL_LINE && rect.bottom >= 0;
}
