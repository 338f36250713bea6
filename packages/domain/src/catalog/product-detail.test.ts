import { describe, expect, it } from 'vitest';
import {
  hasFullRatingSummary,
  parseBullets,
  parseTechnicalDetails,
  quantityOptions,
  stockLabel,
  videoSource,
} from './product-detail.ts';

describe('parseBullets', () => {
  it.each([
    [
      ['One', 'Two'],
      ['One', 'Two'],
    ],
    [['One|||Two|||Three'], ['One', 'Two', 'Three']],
    [
      ['  One ||| ', 'Two'],
      ['One', 'Two'],
    ],
    ['Solo|||Pair', ['Solo', 'Pair']],
    [['||||||'], []],
    [[], []],
    [null, []],
    [['a | b'], ['a | b']], // a single bar is text, not a separator
  ])('%j -> %j', (stored, bullets) => {
    expect(parseBullets(stored)).toEqual(bullets);
  });
});

describe('parseTechnicalDetails', () => {
  it.each([
    [
      'Brand:::Sony;;;Colour:::Black',
      [
        { name: 'Brand', value: 'Sony' },
        { name: 'Colour', value: 'Black' },
      ],
    ],
    [' Brand ::: Sony ;;; ;;;Weight:::', [{ name: 'Brand', value: 'Sony' }]],
    ['Ratio:::16:9', [{ name: 'Ratio', value: '16:9' }]],
    ['Note:::a:::b', [{ name: 'Note', value: 'a:::b' }]],
    ['no pairs here', []],
    ['', []],
    [null, []],
    [[{ name: 'Brand', value: 'Sony' }], [{ name: 'Brand', value: 'Sony' }]],
    [
      [{ name: 'Brand:::Sony;;;RAM:::8 GB', value: '' }],
      [
        { name: 'Brand', value: 'Sony' },
        { name: 'RAM', value: '8 GB' },
      ],
    ],
    [[{ name: ' ', value: 'x' }], []],
  ] as const)('%j', (stored, details) => {
    expect(parseTechnicalDetails(stored as Parameters<typeof parseTechnicalDetails>[0])).toEqual(details);
  });
});

describe('videoSource', () => {
  const yt = { kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' };
  it.each([
    ['/media/videos/demo.mp4', { kind: 'file', src: '/media/videos/demo.mp4' }],
    ['https://cdn.example.com/v/a.webm', { kind: 'file', src: 'https://cdn.example.com/v/a.webm' }],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', yt],
    ['https://youtu.be/dQw4w9WgXcQ', yt],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0', yt],
    ['https://youtube.com/shorts/dQw4w9WgXcQ', yt],
    ['<iframe width="560" src="https://www.youtube.com/embed/dQw4w9WgXcQ" frameborder="0"></iframe>', yt],
    ['https://vimeo.com/76979871', { kind: 'embed', src: 'https://player.vimeo.com/video/76979871' }],
    ['<video><source src="/media/videos/x.mp4"></video>', { kind: 'file', src: '/media/videos/x.mp4' }],
  ])('%s plays', (stored, source) => {
    expect(videoSource(stored)).toEqual(source);
  });

  it.each([
    '',
    '   ',
    null,
    'not a url',
    'javascript:alert(1)',
    '<iframe src="javascript:alert(1)"></iframe>',
    'https://www.youtube.com/watch?v=short',
    'https://example.com/page.html',
    '/media/videos/readme.txt',
    '//evil.example.com/a.mp4',
    'data:video/mp4;base64,AAAA',
    '<iframe></iframe>',
  ])('%j has no src: Invalid video URL', (stored) => {
    expect(videoSource(stored)).toBeNull();
  });
});

describe('quantityOptions', () => {
  it.each([
    [10, 3, [1, 2, 3]],
    [2, 5, [1, 2]],
    [1, 10, [1]],
    [0, 10, []],
    [-4, 10, []],
    [5, 5, [1, 2, 3, 4, 5]],
  ])('stock %d, max %d -> %j', (stock, max, options) => {
    expect(quantityOptions(stock, max)).toEqual(options);
  });
});

describe('stockLabel', () => {
  it.each([
    [0, 'Out of stock', 'out'],
    [-1, 'Out of stock', 'out'],
    [1, 'Only 1 left in stock.', 'low'],
    [5, 'Only 5 left in stock.', 'low'],
    [6, 'In Stock', 'ok'],
    [250, 'In Stock', 'ok'],
  ] as const)('%d in stock -> %s', (stock, text, tone) => {
    expect(stockLabel(stock)).toEqual({ text, tone });
  });
});

describe('hasFullRatingSummary', () => {
  const all = { 1: 1, 2: 2, 3: 3, 4: 4, 5: 5 };
  it.each([
    [all, 15, true],
    [{ ...all, 1: 0 }, 14, false],
    [{ ...all, 5: 0 }, 10, false],
    [all, 0, false],
    [{ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, 0, false],
  ])('%j with %d ratings -> %s', (stars, total, shown) => {
    expect(hasFullRatingSummary(stars, total)).toBe(shown);
  });
});
