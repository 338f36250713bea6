import { describe, expect, it } from 'vitest';
import { isRevealed } from './reveal.ts';

describe('scroll-reveal: top below 90% of the window height, bottom at or above 0 (requirements#scroll-reveal)', () => {
  it.each([
    [{ top: 0, bottom: 300 }, 1000, true],
    [{ top: 899, bottom: 1200 }, 1000, true],
    [{ top: 900, bottom: 1200 }, 1000, false],
    [{ top: 1500, bottom: 1800 }, 1000, false],
    [{ top: -200, bottom: 0 }, 1000, true],
    [{ top: -400, bottom: -1 }, 1000, false],
    [{ top: -100, bottom: 2000 }, 1000, true],
  ])('%j in a %d px window: %s', (rect, height, revealed) => expect(isRevealed(rect, height)).toBe(revealed));
});
