import { describe, expect, it } from 'vitest';
import { eligibleBannerCampaigns, parseAdSize, pickBannerCampaign } from './banner.ts';

describe('parseAdSize: x, X or × between width and height; anything else is invalid', () => {
  it.each([
    ['300x250', { width: 300, height: 250 }],
    ['970X250', { width: 970, height: 250 }],
    ['1200×300', { width: 1200, height: 300 }],
    [' 728 x 90 ', { width: 728, height: 90 }],
    ['160x600', { width: 160, height: 600 }],
  ])('%j → %j', (text, size) => {
    expect(parseAdSize(text)).toEqual(size);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['300'],
    ['300x'],
    ['x250'],
    ['300*250'],
    ['300 by 250'],
    ['0x250'],
    ['300x0'],
    ['-300x250'],
    ['300.5x250'],
    ['300pxx250px'],
    ['300x250x100'],
    ['999999x250'],
    ['full width'],
    ['<script>x</script>'],
  ])('%j → null (full width, 40vh)', (text) => {
    expect(parseAdSize(text)).toBeNull();
  });
});

const campaign = (
  id: number,
  adType: string,
  adImage: string | null,
  adSize: string | null = '1500x300',
) => ({
  id,
  adType,
  adImage,
  adSize,
});

describe('eligibleBannerCampaigns', () => {
  it('keeps image campaigns with an image, one per image, in order', () => {
    const list = [
      campaign(1, 'image', '/media/a.svg'),
      campaign(2, 'video', '/media/b.svg'),
      campaign(3, 'image', null),
      campaign(4, 'image', '   '),
      campaign(5, 'image', '/media/a.svg'),
      campaign(6, 'image', '/media/c.svg'),
    ];
    expect(eligibleBannerCampaigns(list).map((c) => c.id)).toEqual([1, 6]);
  });
});

describe('pickBannerCampaign', () => {
  const list = [
    campaign(1, 'image', '/media/a.svg'),
    campaign(2, 'image', '/media/a.svg'),
    campaign(3, 'image', '/media/b.svg'),
    campaign(4, 'image', '/media/c.svg'),
  ];
  it.each([
    [0, 1],
    [0.34, 3],
    [0.67, 4],
    [0.999_999, 4],
  ])('random %d picks campaign %d among the de-duplicated ones', (random, id) => {
    expect(pickBannerCampaign(list, () => random)?.id).toBe(id);
  });

  it('is null when no campaign is eligible (the default long banner shows)', () => {
    expect(pickBannerCampaign([campaign(1, 'video', null)])).toBeNull();
    expect(pickBannerCampaign([])).toBeNull();
  });

  it('gives every eligible campaign a turn', () => {
    const seen = new Set<number | undefined>();
    for (let i = 0; i < 200; i++) seen.add(pickBannerCampaign(list)?.id);
    expect([...seen].sort()).toEqual([1, 3, 4]);
  });
});
