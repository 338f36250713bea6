import { describe, expect, it } from 'vitest';
import { chooseHomeAds, type HomeAdCandidate, isWideAd, pickDistinct } from './home-ads.ts';

const image = (
  id: number,
  adSize: string | null,
  adImage: string | null = `/a/${id}.svg`,
): HomeAdCandidate => ({
  id,
  adType: 'image',
  adImage,
  adVideo: null,
  adSize,
});
const video = (id: number, adVideo: string | null = `/v/${id}.webm`): HomeAdCandidate => ({
  id,
  adType: 'video',
  adImage: null,
  adVideo,
  adSize: '300x250',
});
const ids = (list: HomeAdCandidate[]) => list.map((c) => c.id).sort((a, b) => a - b);
const first = () => 0;

describe('wide ads', () => {
  it.each<[string | null, boolean]>([
    ['970X250', true],
    ['1500x300', true],
    ['600×300', true],
    ['300x250', false],
    ['160x600', false],
    [null, true],
    ['wide', true],
  ])('%s is wide: %s', (size, wide) => expect(isWideAd(size)).toBe(wide));
});

describe('picking different items at random', () => {
  it.each([
    [[1, 2, 3], 2, () => 0, [1, 2]],
    [[1, 2, 3], 2, () => 0.99, [3, 2]],
    [[1, 2, 3], 5, () => 0.5, [2, 3, 1]],
    [[], 2, () => 0.5, []],
  ])('from %j take %d', (items, count, random, picked) =>
    expect(pickDistinct(items, count, random)).toEqual(picked),
  );
});

describe('the home page ad slots', () => {
  it('puts two different wide image ads in the sponsored banners and a box ad beside a video ad', () => {
    const chosen = chooseHomeAds(
      [image(1, '970X250'), image(2, '970x250'), image(3, '300x250'), video(4)],
      first,
    );
    expect(ids(chosen.sponsored)).toEqual([1, 2]);
    expect(chosen.brandAds.map((c) => c.id)).toEqual([3, 4]);
  });

  it('shows two box image ads when no video campaign runs', () => {
    const chosen = chooseHomeAds([image(1, '970X250'), image(3, '300x250'), image(5, '300x250')], first);
    expect(ids(chosen.brandAds)).toEqual([3, 5]);
    expect(ids(chosen.sponsored)).toEqual([1]);
  });

  it('skips image ads without an image, video ads without a video, and repeated images', () => {
    const chosen = chooseHomeAds(
      [
        image(1, '970X250', null),
        image(2, '970x250', '/same.svg'),
        image(3, '970x250', '/same.svg'),
        video(4, null),
      ],
      first,
    );
    expect(ids(chosen.sponsored)).toEqual([2]);
    expect(chosen.brandAds).toEqual([]);
  });

  it('shows nothing when nothing runs', () =>
    expect(chooseHomeAds([], first)).toEqual({ sponsored: [], brandAds: [] }));

  it('varies the choice with chance', () => {
    const campaigns = [image(1, '970X250'), image(2, '970x250'), image(3, '970x250')];
    const seen = new Set([0, 0.4, 0.99].map((r) => ids(chooseHomeAds(campaigns, () => r).sponsored).join()));
    expect(seen.size).toBeGreaterThan(1);
  });
});
