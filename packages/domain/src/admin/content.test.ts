import { describe, expect, it } from 'vitest';
import {
  CONTENT_MESSAGES,
  claimParagraphs,
  freeSpan,
  GRID_COLUMNS,
  isBannerLive,
  isSafeLink,
  isSafeMedia,
  looksLikeHtml,
  moveInOrder,
  parseProductIds,
  spanProblem,
} from './content.ts';
import { BannerFields, ColumnInput, PrivilegeClaimInput } from './content-api.ts';

// requirements#operator-content, requirements#content-blocks
describe('a row’s widths on the 12-column grid', () => {
  const cases: [number, number[], string | null][] = [
    [12, [], null],
    [1, [], null],
    [6, [6], null],
    [4, [4, 4], null],
    [0, [], CONTENT_MESSAGES.spanRange],
    [13, [], CONTENT_MESSAGES.spanRange],
    [-1, [], CONTENT_MESSAGES.spanRange],
    [2.5, [], CONTENT_MESSAGES.spanRange],
    [5, [8], CONTENT_MESSAGES.rowFull(8)],
    [1, [12], CONTENT_MESSAGES.rowFull(12)],
    [7, [3, 3], CONTENT_MESSAGES.rowFull(6)],
  ];
  it('lets a block of a row already past 12 keep or narrow its width, never widen', () => {
    expect(spanProblem(3, [3, 3, 3, 3, 3], 3)).toBeNull();
    expect(spanProblem(2, [3, 3, 3, 3, 3], 3)).toBeNull();
    expect(spanProblem(4, [3, 3, 3, 3, 3], 3)).toBe(CONTENT_MESSAGES.rowFull(15));
    expect(spanProblem(13, [], 12)).toBe(CONTENT_MESSAGES.spanRange);
  });

  for (const [span, others, expected] of cases)
    it(`a column of ${span} beside ${others.join('+') || 'nothing'}: ${expected ?? 'fits'}`, () => {
      expect(spanProblem(span, others)).toBe(expected);
    });

  it('says how wide the new column may be, or that the row is full', () => {
    expect(CONTENT_MESSAGES.rowFull(8)).toBe(
      'The columns of a row span at most 12 together: the others take 8, so this one can span at most 4.',
    );
    expect(CONTENT_MESSAGES.rowFull(12)).toContain('already span all 12');
    expect(freeSpan([])).toBe(GRID_COLUMNS);
    expect(freeSpan([6, 4])).toBe(2);
    expect(freeSpan([12, 3])).toBe(0);
  });
});

describe('links and media a block may carry', () => {
  const links: [string, boolean][] = [
    ['/todaydeals', true],
    ['/c/Electronics?sort=price', true],
    ['https://brand.example.com/offer', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['http://brand.example.com', false],
    ['https://user:pass@brand.example.com', false],
    ['vbscript:msgbox(1)', false],
    ['/a b', false],
    ['', false],
    [`/${'a'.repeat(600)}`, false],
  ];
  for (const [link, safe] of links)
    it(`${JSON.stringify(link.slice(0, 40))} is ${safe ? 'taken' : 'refused'}`, () => {
      expect(isSafeLink(link)).toBe(safe);
    });

  const media: [string, boolean][] = [
    ['/media/videos/claim.mp4', true],
    ['/media/banners/uploads/abc-1500x300.webp', true],
    ['https://cdn.example.com/v.mp4', true],
    ['/media/../secrets', false],
    ['/images/x.png', false],
    ['javascript:alert(1)', false],
    ['http://cdn.example.com/v.mp4', false],
    ['/media/a"onerror="x', false],
  ];
  for (const [path, safe] of media)
    it(`media ${path} is ${safe ? 'taken' : 'refused'}`, () => {
      expect(isSafeMedia(path)).toBe(safe);
    });
});

describe('typed text', () => {
  it('tells HTML from plain text with angle brackets', () => {
    expect(looksLikeHtml('<b>bold</b>')).toBe(true);
    expect(looksLikeHtml('<img src=x onerror=alert(1)>')).toBe(true);
    expect(looksLikeHtml('<!-- note -->')).toBe(true);
    expect(looksLikeHtml('Prices < ₹500 and > ₹100')).toBe(false);
    expect(looksLikeHtml('3 < 4')).toBe(false);
  });

  const ids: [string, number[] | null][] = [
    ['12, 15 18', [12, 15, 18]],
    ['  7 ', [7]],
    ['', []],
    ['12,,15', [12, 15]],
    ['12, abc', null],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['99999999999', null],
  ];
  for (const [text, expected] of ids)
    it(`product ids ${JSON.stringify(text)}`, () => {
      expect(parseProductIds(text)).toEqual(expected);
    });

  it('splits the privilege claim into paragraphs at blank lines', () => {
    expect(claimParagraphs('One.\n\nTwo\nstill two.\n \n\nThree.')).toEqual([
      'One.',
      'Two\nstill two.',
      'Three.',
    ]);
  });
});

describe('ordering', () => {
  const cases: [number[], number, 'up' | 'down', number[] | null][] = [
    [[1, 2, 3], 2, 'up', [2, 1, 3]],
    [[1, 2, 3], 2, 'down', [1, 3, 2]],
    [[1, 2, 3], 1, 'up', null],
    [[1, 2, 3], 3, 'down', null],
    [[1, 2, 3], 9, 'up', null],
  ];
  for (const [ids, id, direction, expected] of cases)
    it(`moves ${id} ${direction} in ${ids.join(',')}`, () => {
      expect(moveInOrder(ids, id, direction)).toEqual(expected);
    });
});

describe('when a banner shows', () => {
  const now = new Date('2026-11-28T10:00:00Z');
  const at = (iso: string) => new Date(iso);
  const cases: [string, Parameters<typeof isBannerLive>[0], boolean][] = [
    ['on, no dates', { isActive: true, startsAt: null, endsAt: null }, true],
    ['off', { isActive: false, startsAt: null, endsAt: null }, false],
    ['not started', { isActive: true, startsAt: at('2026-11-28T10:00:01Z'), endsAt: null }, false],
    ['starts now', { isActive: true, startsAt: now, endsAt: null }, true],
    ['ended now', { isActive: true, startsAt: null, endsAt: now }, false],
    [
      'running',
      { isActive: true, startsAt: at('2026-11-01T00:00:00Z'), endsAt: at('2026-12-01T00:00:00Z') },
      true,
    ],
  ];
  for (const [name, banner, live] of cases)
    it(name, () => {
      expect(isBannerLive(banner, now)).toBe(live);
    });
});

describe('the forms’ schemas', () => {
  it('reads banner times as Indian time and refuses days that do not exist', () => {
    const base = { kind: 'long', altText: 'Sale', link: '', startsAt: '', endsAt: '', isActive: 'on' };
    expect(BannerFields.parse({ ...base, startsAt: '2026-12-01T09:00' }).startsAt).toBe(
      '2026-12-01T03:30:00.000Z',
    );
    for (const bad of ['2026-02-30T09:00', '2026-12-01T25:00', '2026-12-01', 'tomorrow'])
      expect(BannerFields.safeParse({ ...base, startsAt: bad }).success, bad).toBe(false);
    expect(BannerFields.parse({ ...base, isActive: '' }).isActive).toBe(false);
  });

  it('caps a product block at 24 products and a content block’s text at 1000 characters', () => {
    const column = (block: unknown) => ({ span: 12, header: '', displayCount: 4, block });
    const ids = Array.from({ length: 25 }, (_, i) => i + 1);
    expect(ColumnInput.safeParse(column({ type: 'product', productIds: ids })).success).toBe(false);
    expect(ColumnInput.safeParse(column({ type: 'product', productIds: ids.slice(0, 24) })).success).toBe(
      true,
    );
    expect(ColumnInput.safeParse(column({ type: 'content', text: 'a'.repeat(1001), link: '' })).success).toBe(
      false,
    );
    expect(ColumnInput.parse(column({ type: 'content', text: ' a ', link: '' })).header).toBeNull();
  });

  it('keeps the privilege claim’s paragraphs and turns Windows line ends into \\n', () => {
    expect(PrivilegeClaimInput.parse({ text: 'One.\r\n\r\nTwo.', video: '' })).toEqual({
      text: 'One.\n\nTwo.',
      video: null,
    });
  });
});
