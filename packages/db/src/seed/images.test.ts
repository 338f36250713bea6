import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCT_KINDS, SWATCH_COLOURS } from './kinds.ts';
import {
  avatarSvg,
  bannerSvg,
  brandLogoSvg,
  categoryImageSvg,
  defaultImageSvg,
  productImageSvg,
} from './images.ts';

const COLOURS = Object.values(SWATCH_COLOURS);
const NASTY = `Tom & Jerry's <script>alert("x")</script> edition`;

/** A DOMParser-free well-formedness check: one root, balanced tags, quoted attributes, no stray markup. */
function expectWellFormed(svg: string): void {
  expect(svg.startsWith('<svg ')).toBe(true);
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg.endsWith('</svg>')).toBe(true);
  const tag = /<(\/)?([a-zA-Z][\w-]*)((?:\s+[a-zA-Z][\w:-]*="[^"<>]*")*)\s*(\/)?>/g;
  const stack: string[] = [];
  let rootClosedAt = -1;
  for (const m of svg.matchAll(tag)) {
    const [, closing, name = '', , selfClosing] = m;
    expect(stack.length > 0 || rootClosedAt === -1, 'a single root element').toBe(true);
    if (closing) {
      expect(stack.pop(), `closing </${name}>`).toBe(name);
      if (stack.length === 0) rootClosedAt = m.index;
    } else if (!selfClosing) {
      stack.push(name);
    }
  }
  expect(stack).toEqual([]);
  expect(rootClosedAt).toBe(svg.length - '</svg>'.length);
  const text = svg.replace(tag, '');
  expect(text, 'no markup outside well-formed tags').not.toMatch(/[<>]/);
  expect(svg, 'only the five XML entities').not.toMatch(/&(?!(?:amp|lt|gt|quot|apos);)/);
  // Every gradient reference resolves, and ids are unique.
  const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(ids).size).toBe(ids.length);
  for (const m of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(m[1]);
}

function viewBox(svg: string): [number, number] {
  const m = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  return [Number(m?.[1]), Number(m?.[2])];
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The markup outside every <g>: the layout's own elements, without the (transformed) product drawing. */
function topLevel(svg: string): string {
  let out = svg;
  for (let prev = ''; prev !== out;) {
    prev = out;
    out = out.replace(/<g\b[^>]*>(?:(?!<g\b)[\s\S])*?<\/g>/g, '');
  }
  return out;
}

/** Each <text>'s horizontal extent, by a rough average character width of 0.55em. */
function textExtents(svg: string) {
  return [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map((m) => {
    const attrs = m[1] ?? '';
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1];
    const x = Number(attr('x'));
    const size = Number(attr('font-size'));
    const width = Array.from(unescape(m[2] ?? '')).length * 0.55 * size;
    const anchor = attr('text-anchor') ?? 'start';
    const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
    return { left, right: left + width, y: Number(attr('y')), size, text: m[2] ?? '' };
  });
}

const product = (kind: (typeof PRODUCT_KINDS)[number], colour: string, view: number) =>
  productImageSvg({ kind, colour, view, title: `Classic ${kind}`, brand: 'Lakshmi Home' });

describe('productImageSvg', () => {
  it('renders a well-formed 800x800 SVG for every kind, colour and view', () => {
    for (const kind of PRODUCT_KINDS)
      for (const colour of COLOURS)
        for (let view = 0; view < 4; view++) {
          const svg = product(kind, colour, view);
          expectWellFormed(svg);
          expect(viewBox(svg)).toEqual([800, 800]);
        }
  }, 30_000); // 70 kinds x 10 colours x 4 views

  it('stays small: every product image is under 6 KB', () => {
    let max = 0;
    for (const kind of PRODUCT_KINDS)
      for (const colour of COLOURS)
        for (let view = 0; view < 4; view++)
          max = Math.max(
            max,
            Buffer.byteLength(productImageSvg({ kind, colour, view, title: NASTY, brand: NASTY })),
          );
    expect(max).toBeLessThan(6 * 1024);
  });

  it('is deterministic', () => {
    for (const kind of PRODUCT_KINDS) {
      const input = { kind, colour: '#1e63c6', title: 'A title', brand: 'Zorro', view: 3 };
      expect(productImageSvg(input)).toBe(productImageSvg({ ...input }));
    }
  });

  it('gives different output for different kinds, colours and views', () => {
    expect(new Set(PRODUCT_KINDS.map((k) => product(k, '#d32f2f', 0))).size).toBe(PRODUCT_KINDS.length);
    for (const kind of PRODUCT_KINDS) {
      expect(new Set(COLOURS.map((c) => product(kind, c, 0))).size).toBe(COLOURS.length);
      expect(new Set([0, 1, 2, 3].map((v) => product(kind, '#2e8b57', v))).size).toBe(4);
    }
  });

  it('escapes titles and brands for XML', () => {
    for (const kind of ['book', 'perfume', 'camera', 'bat', 'racket', 'phone'] as const)
      for (let view = 0; view < 4; view++) {
        const svg = productImageSvg({ kind, colour: '#7b3fa8', title: NASTY, brand: NASTY, view });
        expectWellFormed(svg);
        expect(svg).not.toContain('<script');
        expect(svg).toContain('&lt;script&gt;');
        expect(svg).toContain('&amp;');
      }
    const book = productImageSvg({ kind: 'book', colour: '#222222', title: `<&>"'`, brand: 'B', view: 0 });
    expect(book).toContain('&lt;&amp;&gt;&quot;&apos;');
  });

  it('keeps the brand small: no text larger than a label', () => {
    for (const kind of PRODUCT_KINDS)
      for (let view = 0; view < 4; view++)
        for (const t of textExtents(product(kind, '#f07c1e', view))) expect(t.size).toBeLessThanOrEqual(34);
  });

  it('copes with odd input: views out of range, bad colours, empty text', () => {
    for (const view of [-1, 4, 7, Number.NaN, 2.6]) expectWellFormed(product('shoe', '#e86fa5', view));
    expect(product('shoe', '#e86fa5', 5)).toBe(product('shoe', '#e86fa5', 1));
    expectWellFormed(
      productImageSvg({ kind: 'book', colour: 'not-a-colour', title: '', brand: '', view: 0 }),
    );
    expectWellFormed(
      productImageSvg({
        kind: 'book',
        colour: '#abc',
        title: 'x'.repeat(500),
        brand: 'y'.repeat(300),
        view: 3,
      }),
    );
  });
});

describe('brandLogoSvg', () => {
  it('renders a well-formed, deterministic 400x200 wordmark', () => {
    for (const name of ['Zorro', 'Lakshmi Home', 'boAt', NASTY, 'हिमालय', '', 'A'.repeat(120)]) {
      const svg = brandLogoSvg(name);
      expectWellFormed(svg);
      expect(viewBox(svg)).toEqual([400, 200]);
      expect(svg).toBe(brandLogoSvg(name));
      for (const t of textExtents(svg)) {
        expect(t.left).toBeGreaterThanOrEqual(0);
        expect(t.right).toBeLessThanOrEqual(400);
      }
    }
  });

  it('derives its colours from the name', () => {
    const fills = (svg: string) => [...svg.matchAll(/fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]).join();
    const names = ['Zorro', 'Prestige', 'Tanishq', 'Himalaya', 'Bharat Sports'];
    expect(new Set(names.map((n) => fills(brandLogoSvg(n)))).size).toBe(names.length);
  });
});

describe('categoryImageSvg', () => {
  it('renders a 400x400 tile for every kind, with no text beside the drawing', () => {
    for (const kind of PRODUCT_KINDS) {
      const svg = categoryImageSvg({ name: `${kind} & more`, kind, colour: '#2e8b57' });
      expectWellFormed(svg);
      expect(viewBox(svg)).toEqual([400, 400]);
      expect(topLevel(svg)).not.toContain('<text');
      expect(svg).toBe(categoryImageSvg({ name: `${kind} & more`, kind, colour: '#2e8b57' }));
    }
  });
});

describe('bannerSvg', () => {
  const sizes = [
    [1500, 300],
    [728, 90],
    [300, 250],
    [160, 600],
    [970, 250],
    [320, 50],
    [336, 280],
    [120, 600],
  ] as const;
  const copy = [
    ['Big Diwali Sale', 'Up to 70% off'],
    [
      'Kitchen upgrades from ₹499 on pressure cookers, mixers and kettles',
      'Free delivery across India, easy returns',
    ],
    [
      'An extraordinarily long headline that keeps going well past any sensible length for a banner',
      'And a subline that is equally verbose, with many words, numbers like 10,000+ and more',
    ],
    ['Supercalifragilisticexpialidocious', 'Pneumonoultramicroscopicsilicovolcanoconiosis'],
    [NASTY, NASTY],
    ['दिवाली धमाका सेल', 'हर ऑर्डर पर मुफ़्त डिलीवरी'],
  ] as const;

  it('is well-formed and keeps every line of text inside the banner', () => {
    sizes.forEach(([width, height], i) =>
      copy.forEach(([headline, subline], j) => {
        const svg = bannerSvg({
          width,
          height,
          headline,
          subline,
          kind: PRODUCT_KINDS[(i * 7 + j) % PRODUCT_KINDS.length] ?? 'phone',
          palette: i + j,
        });
        expectWellFormed(svg);
        expect(viewBox(svg)).toEqual([width, height]);
        const texts = textExtents(topLevel(svg));
        expect(texts.length).toBeGreaterThan(0);
        for (const t of texts) {
          expect(t.left, `${width}x${height} "${t.text}"`).toBeGreaterThanOrEqual(0);
          expect(t.right, `${width}x${height} "${t.text}"`).toBeLessThanOrEqual(width);
          expect(t.y).toBeGreaterThan(0);
          expect(t.y).toBeLessThanOrEqual(height);
        }
      }),
    );
  });

  it('redraws a wide banner for phones: text of 14 px and 11 px at 360 px wide, clear of the carousel buttons', () => {
    for (const [width, height] of [
      [1500, 300],
      [1200, 300],
      [970, 250],
      [900, 300],
      [728, 90],
    ] as const)
      for (const [headline, subline] of copy.slice(0, 2)) {
        const full = bannerSvg({ width, height, headline, subline, kind: 'phone', palette: 1 });
        // the layouts' own text, without the product drawing's (a phone shows its clock)
        const svg = full.replace(/<defs>[\s\S]*<\/defs>/, '');
        expect(full).toContain(`@media (max-width:${Math.round(width * 0.6)}px)`);
        const all = textExtents(topLevel(svg));
        const narrow = [...svg.matchAll(/<text[^>]* class="n"[^>]*>/g)].map((m) => m[0]);
        expect(narrow.length, `${width}x${height}`).toBeGreaterThan(0);
        const phone = (size: number) => (size * 360) / width;
        const texts = textExtents(svg.replace(/<text[^>]* class="w"[^>]*>[^<]*<\/text>/g, ''));
        const [first, ...rest] = texts;
        if (height >= 200)
          expect(phone(first?.size ?? 0), `${width}x${height} headline`).toBeGreaterThanOrEqual(
            headline.length > 40 ? 13 : 13.9,
          );
        for (const t of rest)
          expect(phone(t.size), `${width}x${height} "${t.text}"`).toBeGreaterThanOrEqual(10.9);
        for (const t of texts) {
          expect(t.left, `${width}x${height} "${t.text}"`).toBeGreaterThanOrEqual(width * 0.1);
          expect(t.right, `${width}x${height} "${t.text}"`).toBeLessThanOrEqual(width * 0.9);
        }
        // the desktop layout keeps its text off the carousel's buttons too
        for (const t of textExtents(svg.replace(/<text[^>]* class="n"[^>]*>[^<]*<\/text>/g, '')))
          expect(t.left, `${width}x${height} desktop "${t.text}"`).toBeGreaterThanOrEqual(width * 0.05);
        expect(all.length).toBeGreaterThan(0);
      }
  });

  it('shows a medium tile in a two-column phone grid with its headline alone, at least 13 px at 130 px wide', () => {
    for (const [width, height] of [
      [600, 400],
      [300, 250],
      [336, 280],
    ] as const) {
      const full = bannerSvg({
        width,
        height,
        headline: 'Upgrade your kitchen',
        subline: 'Mixers from ₹599',
        kind: 'mixer',
        palette: 3,
      });
      expect(full).toContain(`@media (max-width:${Math.round(width * 0.4)}px)`);
      const narrow = textExtents(
        full.replace(/<defs>[\s\S]*<\/defs>/, '').replace(/<text[^>]* class="w"[^>]*>[^<]*<\/text>/g, ''),
      );
      expect(narrow.map((t) => t.text).join(' ')).toBe('Upgrade your kitchen');
      for (const t of narrow)
        expect((t.size * 130) / width, `${width}x${height}`).toBeGreaterThanOrEqual(12.9);
    }
  });

  it('escapes its text', () => {
    const svg = bannerSvg({
      width: 1500,
      height: 300,
      headline: NASTY,
      subline: '<b>bold</b>',
      kind: 'book',
      palette: 2,
    });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;b&gt;');
  });

  it('is deterministic and varies with the palette', () => {
    const make = (palette: number) =>
      bannerSvg({
        width: 728,
        height: 90,
        headline: 'Fitness week',
        subline: 'Dumbbells & mats',
        kind: 'dumbbell',
        palette,
      });
    expect(make(3)).toBe(make(3));
    expect(new Set([0, 1, 2, 3, 4, 5, 6, 7].map(make)).size).toBe(8);
    expect(make(9)).toBe(make(1));
  });
});

describe('defaultImageSvg and avatarSvg', () => {
  it('renders the placeholder', () => {
    expectWellFormed(defaultImageSvg());
    expect(defaultImageSvg()).toBe(defaultImageSvg());
  });

  it('renders avatars with escaped initials', () => {
    for (const initials of ['AK', 'z', 'RSP', 'अ', '', '<&>', 'Too many letters']) {
      const svg = avatarSvg(initials);
      expectWellFormed(svg);
      expect(viewBox(svg)).toEqual([200, 200]);
      expect(svg).toBe(avatarSvg(initials));
    }
    expect(avatarSvg('ak')).toContain('>AK</text>');
    expect(avatarSvg('<&>')).toContain('&lt;&amp;&gt;');
  });
});

describe('purity', () => {
  it('uses no randomness or clock', () => {
    const source = readFileSync(new URL('./images.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/Math\.random|Date\b|performance\.now|crypto/);
  });
});
