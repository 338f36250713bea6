// Locally generated seed images: product shots, brand logos, category tiles, marketing banners, a
// placeholder and avatars. Every function is pure and deterministic (no randomness, no clock): the
// same input always gives byte-identical SVG, so seeded data is reproducible and diffable.
//
// Product drawings are authored in a 400x400 "box" (the product rests on a floor at y≈348) and
// placed into each canvas with a transform, so one drawing serves product shots, category tiles
// and banners alike.
import type { ProductKind } from './kinds.ts';

// ---------------------------------------------------------------------------------------------
// Text, numbers, hashing

const ENTITIES: Readonly<Record<string, string>> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes text for XML content and attributes, dropping characters XML 1.0 cannot carry. */
function esc(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    const allowed =
      cp === 9 ||
      cp === 10 ||
      cp === 13 ||
      (cp >= 32 && !(cp >= 0xd800 && cp <= 0xdfff) && cp !== 0xfffe && cp !== 0xffff);
    if (allowed) out += ENTITIES[ch] ?? ch;
  }
  return out;
}

const clean = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Rounds to one decimal for compact, stable output. */
const f = (x: number): string => String(Math.round(x * 10) / 10);

/** FNV-1a, 32 bit. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Rough advance width of one character in em, on the generous side (Arial/Helvetica-like). */
function charEm(ch: string): number {
  if (ch === ' ') return 0.3;
  if ("iljtfrI.,:;'!|()[]".includes(ch)) return 0.36;
  if ('mwMW@%'.includes(ch)) return 0.94;
  if (/[A-Z]/.test(ch)) return 0.74;
  if (/[a-z0-9]/.test(ch)) return 0.6;
  return (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 1.05 : 0.72;
}

function textW(s: string, size: number, bold = false): number {
  let w = 0;
  for (const ch of s) w += charEm(ch);
  return w * size * (bold ? 1.08 : 1);
}

/** Cuts a string to fit maxW, with an ellipsis when anything was dropped. */
function ellipsize(s: string, size: number, bold: boolean, maxW: number): string {
  if (textW(s, size, bold) <= maxW) return s;
  const chars = Array.from(s);
  while (chars.length > 0 && textW(`${chars.join('').trimEnd()}…`, size, bold) > maxW) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** Greedy word wrap; overlong words are broken, overflow beyond maxLines is ellipsized. */
function wrap(
  text: string,
  size: number,
  bold: boolean,
  maxW: number,
  maxLines: number,
): { lines: string[]; fits: boolean; broken: boolean } {
  const lines: string[] = [];
  let cur = '';
  let broken = false;
  for (const word of clean(text).split(' ').filter(Boolean)) {
    const cand = cur ? `${cur} ${word}` : word;
    if (textW(cand, size, bold) <= maxW) {
      cur = cand;
      continue;
    }
    if (cur) lines.push(cur);
    cur = '';
    for (const ch of word) {
      if (cur && textW(cur + ch, size, bold) > maxW) {
        broken = true;
        lines.push(cur);
        cur = '';
      }
      cur += ch;
    }
  }
  if (cur) lines.push(cur);
  if (lines.length <= maxLines) return { lines, fits: true, broken };
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1] ?? ''}${'\u2009'.repeat(9)}`, size, bold, maxW);
  return { lines: kept.map((l) => l.replace(/\u2009+…$/, '…').replace(/\u2009/g, '')), fits: false, broken };
}

/**
 * The largest font size (maxSize down to minSize) at which the text wraps into maxLines without
 * breaking a word; failing that, with broken words; failing that, truncated at minSize.
 */
function fit(text: string, bold: boolean, maxW: number, maxLines: number, maxSize: number, minSize: number) {
  let fallback: { size: number; lines: string[] } | undefined;
  for (let s = Math.floor(maxSize); s >= minSize; s--) {
    const w = wrap(text, s, bold, maxW, maxLines);
    if (w.fits && !w.broken) return { size: s, lines: w.lines };
    if (w.fits) fallback ??= { size: s, lines: w.lines };
  }
  return fallback ?? { size: minSize, lines: wrap(text, minSize, bold, maxW, maxLines).lines };
}

// ---------------------------------------------------------------------------------------------
// Colour

type Rgb = readonly [number, number, number];

function rgb(hex: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  let h = m?.[1] ?? '888888';
  if (h.length === 3) h = Array.from(h, (c) => c + c).join('');
  const v = parseInt(h, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

const toHex = (c: Rgb): string =>
  `#${c
    .map((x) =>
      Math.max(0, Math.min(255, Math.round(x)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const lum = (c: string): number => {
  const [r, g, b] = rgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

function hsl(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const ch = (n: number) => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)));
  return toHex([ch(0), ch(8), ch(4)]);
}

/** The shades and gradient references one drawing is painted with. */
interface Paint {
  id: string;
  c: string; // base colour
  l: string; // light
  ll: string; // very light
  d: string; // dark
  dd: string; // very dark
  ink: string; // text/detail colour that contrasts with c
  s: string; // outline attributes for main shapes
  B: string; // diagonal body gradient
  H: string; // horizontal cylinder gradient
  V: string; // vertical gradient
  S: string; // sphere (radial) gradient
  M: string; // brushed metal
  K: string; // dark screen glass
  G: string; // gold
  W: string; // willow wood
}

function paint(colour: string, id: string): Paint {
  const c = toHex(rgb(colour));
  const u = (k: string) => `url(#${id}${k})`;
  return {
    id,
    c,
    l: mix(c, '#fff', 0.35),
    ll: mix(c, '#fff', 0.7),
    d: mix(c, '#000', 0.25),
    dd: mix(c, '#000', 0.5),
    ink: lum(c) > 0.6 ? '#2b2d31' : '#fff',
    s: ` stroke="${mix(c, '#000', 0.6)}" stroke-opacity=".4" stroke-width="1.5"`,
    B: u('b'),
    H: u('h'),
    V: u('v'),
    S: u('s'),
    M: u('m'),
    K: u('k'),
    G: u('g'),
    W: u('w'),
  };
}

type Stop = readonly [offset: string, colour: string, opacity?: number];
const stops = (list: readonly Stop[]) =>
  list
    .map(
      ([o, c, a]) =>
        `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('');
const lin = (id: string, dir: string, list: readonly Stop[]) =>
  `<linearGradient id="${id}"${dir}>${stops(list)}</linearGradient>`;
const rad = (id: string, dir: string, list: readonly Stop[]) =>
  `<radialGradient id="${id}"${dir}>${stops(list)}</radialGradient>`;

/** The gradient definitions the given markup refers to (only those, to keep files small). */
function defs(p: Paint, body: string): string {
  const all: Record<string, (id: string) => string> = {
    b: (id) =>
      lin(id, ' x2="1" y2="1"', [
        ['0', p.l],
        ['.5', p.c],
        ['1', p.d],
      ]),
    h: (id) =>
      lin(id, '', [
        ['0', p.d],
        ['.3', p.l],
        ['.6', p.c],
        ['1', p.dd],
      ]),
    v: (id) =>
      lin(id, ' x2="0" y2="1"', [
        ['0', p.l],
        ['1', p.d],
      ]),
    s: (id) =>
      rad(id, ' cx=".35" cy=".3" r=".8"', [
        ['0', p.ll],
        ['.45', p.c],
        ['1', p.dd],
      ]),
    m: (id) =>
      lin(id, '', [
        ['0', '#8a9199'],
        ['.4', '#f2f4f6'],
        ['.7', '#c3c9cf'],
        ['1', '#7a8189'],
      ]),
    k: (id) =>
      lin(id, ' x2="1" y2="1"', [
        ['0', '#0d131e'],
        ['.6', '#1d2a40'],
        ['1', '#34476a'],
      ]),
    g: (id) =>
      lin(id, '', [
        ['0', '#a8741a'],
        ['.45', '#f7dc8a'],
        ['.7', '#d6a73e'],
        ['1', '#8a5d12'],
      ]),
    w: (id) =>
      lin(id, '', [
        ['0', '#c9a66b'],
        ['.45', '#f4e2b8'],
        ['1', '#cfa970'],
      ]),
    f: (id) =>
      rad(id, '', [
        ['0', '#000', 0.28],
        ['1', '#000', 0],
      ]),
    y: (id) =>
      rad(id, '', [
        ['0', '#fff3b0', 0.95],
        ['1', '#fff3b0', 0],
      ]),
  };
  let out = '';
  for (const [k, make] of Object.entries(all)) if (body.includes(`#${p.id}${k})`)) out += make(p.id + k);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Shape helpers

const R = (x: number, y: number, w: number, h: number, rx: number, fill: string, e = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"${rx ? ` rx="${f(rx)}"` : ''} fill="${fill}"${e}/>`;
const C = (cx: number, cy: number, r: number, fill: string, e = '') =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${e}/>`;
const E = (cx: number, cy: number, rx: number, ry: number, fill: string, e = '') =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${e}/>`;
const P = (d: string, fill: string, e = '') => `<path d="${d}" fill="${fill}"${e}/>`;
const L = (d: string, stroke: string, w: number, e = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${f(w)}"${e}/>`;
const T = (x: number, y: number, size: number, fill: string, text: string, e = '') =>
  `<text x="${f(x)}" y="${f(y)}" font-size="${f(size)}" fill="${fill}"${e}>${esc(text)}</text>`;
const G = (transform: string, inner: string) => `<g transform="${transform}">${inner}</g>`;
const op = (o: number) => ` opacity="${o}"`;
const RND = ' stroke-linecap="round"';
const MID = ' text-anchor="middle"';
const BOLD = ' font-weight="700"';
const hi = (d: string, o = 0.3) => P(d, '#fff', op(o));

/** Text centred at (cx, y) shrunk to fit maxW, in at most one line. */
function label(
  cx: number,
  y: number,
  maxSize: number,
  maxW: number,
  fill: string,
  text: string,
  e = '',
): string {
  const t = clean(text);
  if (!t) return '';
  const size = Math.max(6, Math.min(maxSize, maxSize * (maxW / Math.max(1, textW(t, maxSize, true)))));
  return T(cx, y, size, fill, ellipsize(t, size, true, maxW + 0.5), MID + BOLD + e);
}

// ---------------------------------------------------------------------------------------------
// The product drawings, one per kind, in the 400x400 box.

interface Meta {
  title: string;
  brand: string;
  /** The model name, printed on labels and packaging. */
  model: string;
}
type Draw = (p: Paint, m: Meta) => string;

const lens = (x: number, y: number, r: number) =>
  C(x, y, r, '#10141c', ` stroke="#9aa3ad" stroke-width="${f(r / 4)}"`) +
  C(x - r / 3, y - r / 3, r / 4, '#fff', op(0.55));

const hanger = L('M200 64V44Q200 30 212 30Q224 30 224 42', '#8a9199', 4, RND);

function spokes(cx: number, cy: number, r: number, n: number): string {
  let d = '';
  for (let i = 0; i < n; i++) {
    const a = (Math.PI * i) / n;
    d += `M${f(cx + r * Math.cos(a))} ${f(cy + r * Math.sin(a))}L${f(cx - r * Math.cos(a))} ${f(cy - r * Math.sin(a))}`;
  }
  return d;
}

const DRAW: Record<ProductKind, Draw> = {
  phone: (p) =>
    G(
      'rotate(-9 150 200)',
      R(82, 78, 128, 258, 22, p.B, p.s) +
        R(94, 90, 56, 84, 17, p.d, p.s) +
        lens(122, 112, 13) +
        lens(122, 150, 13) +
        C(141, 131, 4, '#ffe9a8') +
        hi('M90 100Q92 84 108 84H120L90 180Z', 0.25) +
        C(146, 280, 9, p.l, op(0.6)),
    ) +
    G(
      'rotate(6 250 200)',
      R(186, 64, 130, 272, 24, p.B, p.s) +
        R(191, 69, 120, 262, 20, '#0a0e15') +
        R(195, 73, 112, 254, 17, p.K) +
        P('M195 236C235 196 262 270 307 214V310Q307 327 290 327H212Q195 327 195 310Z', p.c, op(0.9)) +
        P('M195 274C240 246 270 300 307 262V310Q307 327 290 327H212Q195 327 195 310Z', p.l, op(0.8)) +
        C(251, 86, 4.5, '#000', ' stroke="#333"') +
        T(251, 150, 34, '#fff', '10:09', MID + op(0.85)) +
        R(315, 128, 4, 44, 2, p.d) +
        hi('M195 90Q195 73 212 73H262L195 200Z', 0.08),
    ),
  tablet: (p) =>
    R(44, 82, 312, 222, 22, p.B, p.s) +
    R(52, 90, 296, 206, 16, '#0a0e15') +
    R(58, 96, 284, 194, 10, p.K) +
    C(262, 170, 64, p.c, op(0.85)) +
    P('M58 250C130 200 200 290 342 210V280Q342 290 332 290H68Q58 290 58 280Z', p.l, op(0.85)) +
    R(84, 124, 90, 10, 5, '#fff', op(0.7)) +
    R(84, 142, 60, 8, 4, '#fff', op(0.4)) +
    C(200, 93, 2, '#333') +
    hi('M58 106Q58 96 68 96H170L58 230Z', 0.07) +
    R(96, 322, 200, 10, 5, p.M, p.s) +
    P('M296 322L316 327L296 332Z', '#555') +
    R(120, 322, 16, 10, 0, p.d),
  laptop: (p) =>
    R(78, 56, 244, 170, 12, p.d, p.s) +
    R(84, 62, 232, 158, 8, '#0a0e15') +
    R(91, 69, 218, 142, 3, p.K) +
    P('M91 170C150 120 220 200 309 130V211H91Z', p.c, op(0.9)) +
    P('M91 196C160 160 230 220 309 176V211H91Z', p.l, op(0.8)) +
    C(200, 65.5, 2, '#444') +
    hi('M91 69H180L91 160Z', 0.07) +
    P('M62 226H338L372 268Q374 278 362 278H38Q26 278 28 268Z', p.V, p.s) +
    P('M94 232H306L318 254H82Z', p.dd, op(0.45)) +
    L('M96 237H304M91 243H309M86 249H314', '#1c1f24', 4, ' stroke-dasharray="8.6 2.4"' + op(0.6)) +
    P('M172 258H228L231 272H169Z', p.d, op(0.5)) +
    R(170, 272, 60, 4, 2, p.dd, op(0.5)),
  headphones: (p) =>
    L('M108 214C100 52 300 52 292 214', p.dd, 22, RND) +
    L('M108 214C100 52 300 52 292 214', p.B, 15, RND) +
    L('M140 108Q200 66 260 108', p.dd, 9, RND + op(0.7)) +
    R(100, 176, 16, 48, 5, p.M) +
    R(284, 176, 16, 48, 5, p.M) +
    R(76, 204, 60, 114, 28, p.B, p.s) +
    R(128, 212, 22, 98, 11, p.dd) +
    R(264, 204, 60, 114, 28, p.B, p.s) +
    R(250, 212, 22, 98, 11, p.dd) +
    E(104, 261, 12, 34, p.l, op(0.4)) +
    E(296, 261, 12, 34, p.l, op(0.4)) +
    C(296, 300, 3, '#8ff0a4'),
  earbuds: (p) => {
    const bud = (t: string) =>
      G(
        t,
        E(0, 0, 24, 27, p.S, p.s) +
          E(9, -5, 8, 10, '#2a2d33', op(0.8)) +
          R(-9, 14, 18, 66, 9, p.H, p.s) +
          R(-4, 72, 8, 6, 3, p.M),
      );
    return (
      bud('translate(150 118) rotate(-14)') +
      bud('translate(252 118) scale(-1 1) rotate(-14)') +
      R(112, 208, 176, 128, 60, p.B, p.s) +
      L('M113 252H287', p.dd, 2.5, op(0.6)) +
      hi('M150 220Q200 212 250 220Q200 232 150 220Z', 0.35) +
      C(200, 300, 3.5, '#7CFC00') +
      E(200, 336, 40, 3, p.dd, op(0.3))
    );
  },
  speaker: (p) => {
    let d = '';
    for (let y = 150; y <= 262; y += 10) d += `M98 ${y}H302`;
    return (
      L('M70 170Q40 205 70 240', p.dd, 10, RND) +
      R(60, 118, 280, 176, 52, p.B, p.s) +
      R(76, 134, 248, 144, 40, p.dd) +
      L(d, p.d, 5, ' stroke-dasharray="0 9"' + RND) +
      R(182, 262, 36, 9, 4, p.M) +
      R(150, 110, 22, 10, 4, p.dd) +
      R(189, 110, 22, 10, 4, p.dd) +
      R(228, 110, 22, 10, 4, p.dd) +
      hi('M90 126H310Q322 126 326 140H74Q78 126 90 126Z', 0.3) +
      R(96, 292, 30, 8, 4, '#2a2a2a') +
      R(274, 292, 30, 8, 4, '#2a2a2a')
    );
  },
  smartwatch: (p) =>
    R(164, 26, 72, 348, 22, p.H, p.s) +
    C(200, 318, 3.5, p.dd) +
    C(200, 336, 3.5, p.dd) +
    C(200, 300, 3.5, p.dd) +
    R(134, 112, 132, 170, 36, p.M, ' stroke="#666" stroke-width="1.5"') +
    R(143, 121, 114, 152, 28, '#05070b') +
    C(
      200,
      197,
      50,
      'none',
      ` stroke="${p.c}" stroke-width="7" stroke-dasharray="220 400" transform="rotate(-90 200 197)"` + RND,
    ) +
    C(
      200,
      197,
      40,
      'none',
      ' stroke="#59d98e" stroke-width="6" stroke-dasharray="150 400" transform="rotate(-90 200 197)"' + RND,
    ) +
    T(200, 206, 26, '#fff', '10:09', MID + BOLD) +
    T(200, 226, 11, p.l, 'MON 12', MID) +
    R(264, 168, 9, 26, 4, p.M) +
    R(265, 206, 5, 30, 2, p.M) +
    hi('M146 150Q150 124 178 122H230L146 230Z', 0.08),
  camera: (p, m) =>
    R(74, 128, 40, 18, 5, p.dd) +
    R(262, 132, 44, 14, 4, p.M) +
    P(
      'M70 146H140L158 106H242L260 146H330Q350 146 350 166V300Q350 320 330 320H70Q50 320 50 300V166Q50 146 70 146Z',
      p.B,
      p.s,
    ) +
    P('M70 146H102V320H70Q50 320 50 300V166Q50 146 70 146Z', p.dd, op(0.55)) +
    R(168, 114, 64, 22, 4, p.dd, op(0.5)) +
    label(200, 130, 12, 58, '#fff', m.brand.toUpperCase()) +
    C(214, 236, 80, p.M, ' stroke="#555" stroke-width="1.5"') +
    C(214, 236, 66, '#16181c') +
    C(214, 236, 50, p.K, ' stroke="#3a3f48" stroke-width="3"') +
    C(214, 236, 30, '#060910') +
    C(196, 218, 10, '#fff', op(0.5)) +
    C(232, 254, 5, '#9fd0ff', op(0.4)) +
    R(300, 160, 22, 14, 3, '#fff4c7', op(0.9)) +
    C(78, 166, 5, '#ff6b4a'),
  television: (p) =>
    R(188, 282, 24, 18, 0, p.M) +
    R(126, 296, 148, 9, 4, p.M, ' stroke="#777"') +
    R(24, 60, 352, 224, 7, '#121418', ' stroke="#000" stroke-width="1.5"') +
    R(30, 66, 340, 210, 2, '#0d1320') +
    R(42, 80, 316, 110, 8, p.V) +
    C(300, 135, 40, p.ll, op(0.5)) +
    R(58, 104, 120, 14, 5, '#fff', op(0.9)) +
    R(58, 126, 80, 9, 4, '#fff', op(0.6)) +
    R(58, 152, 62, 22, 11, '#fff') +
    [0, 1, 2, 3, 4]
      .map((i) =>
        R(42 + i * 64, 204, 56, 38, 6, ['#e53935', '#1e88e5', '#43a047', '#fb8c00', '#8e24aa'][i] ?? p.c),
      )
      .join('') +
    R(42, 252, 120, 8, 4, '#fff', op(0.35)) +
    hi('M30 66H200L30 220Z', 0.06) +
    C(200, 280, 1.6, '#e33'),
  charger: (p) =>
    R(168, 84, 13, 52, 6, p.M, ' stroke="#777"') +
    R(219, 84, 13, 52, 6, p.M, ' stroke="#777"') +
    L('M200 252V270C200 330 318 330 318 262V250', p.d, 10, RND) +
    R(306, 200, 24, 52, 6, p.B, p.s) +
    R(311, 184, 14, 18, 3, p.M) +
    R(138, 128, 124, 126, 24, p.B, p.s) +
    hi('M150 140H236Q250 140 250 154L150 230Z', 0.25) +
    P('M206 158L184 196H201L194 226L218 184H201Z', p.ink, op(0.85)) +
    R(184, 248, 32, 8, 3, p.dd),
  tshirt: (p) =>
    P(
      'M150 68Q200 96 250 68L322 94Q330 97 334 104L370 170L316 198L296 166V332Q296 340 288 340H112Q104 340 104 332V166L84 198L30 170L66 104Q70 97 78 94Z',
      p.V,
      p.s,
    ) +
    P('M156 71Q200 88 244 71Q200 106 156 71Z', p.dd) +
    L('M150 68Q200 112 250 68', p.d, 7) +
    L('M104 166L90 110M296 166L310 110M38 180L80 196M362 180L320 196', p.dd, 1.5, op(0.4)) +
    L('M140 250Q160 285 148 326M262 228Q246 272 264 322', p.dd, 2, op(0.25)) +
    C(200, 180, 22, p.ink, op(0.18)),
  shirt: (p) =>
    hanger +
    P(
      'M160 70H240L312 92Q336 100 342 128L366 318Q366 326 358 327L334 330Q326 331 325 323L304 176V336Q304 344 296 344H104Q96 344 96 336V176L75 323Q74 331 66 330L42 327Q34 326 34 318L58 128Q64 100 88 92Z',
      p.V,
      p.s,
    ) +
    P('M160 70Q200 60 240 70L200 100Z', p.dd) +
    P('M160 70L200 100L178 130L148 84Z', p.l, p.s) +
    P('M240 70L200 100L222 130L252 84Z', p.l, p.s) +
    L('M200 100V344M120 152H162V192L141 200L120 192Z', p.dd, 1.5, op(0.5)) +
    [140, 180, 220, 260, 300].map((y) => C(206, y, 3.5, p.ll, p.s)).join('') +
    L('M44 305L69 308M331 308L356 305M96 176L84 128M304 176L316 128', p.dd, 1.5, op(0.5)),
  kurta: (p) =>
    hanger +
    P(
      'M172 60H228L268 74Q290 82 296 102L326 246L298 254L280 134L296 360H104L120 134L102 254L74 246L104 102Q110 82 132 74Z',
      p.V,
      p.s,
    ) +
    R(170, 52, 60, 14, 6, p.d, p.s) +
    R(192, 66, 16, 100, 3, p.d) +
    L('M189 66V168H211V66', p.G, 2.5) +
    [82, 104, 126, 148].map((y) => C(200, y, 3.2, p.G)).join('') +
    [
      [150, 200],
      [250, 200],
      [176, 250],
      [226, 250],
      [150, 296],
      [250, 296],
      [200, 200],
      [200, 294],
    ]
      .map(([x = 0, y = 0]) => C(x, y, 3.2, p.G, op(0.9)))
      .join('') +
    R(103, 332, 194, 22, 0, p.dd, op(0.7)) +
    L('M104 343H296', p.G, 7, ' stroke-dasharray="3 5"') +
    L('M103 332H297M102 354H298M77 234L101 241M299 241L323 234', p.G, 2.5) +
    L('M113 296V360M287 296V360M146 176Q154 260 146 324M254 176Q246 260 254 324', p.dd, 1.8, op(0.4)),
  saree: (p) => {
    let pleats = '';
    for (let i = 0; i < 7; i++)
      pleats += P(
        `M${184 + i * 4} 192L${188 + i * 4} 192L${172 + i * 12} 356L${160 + i * 12} 356Z`,
        i % 2 ? p.dd : p.l,
        op(0.35),
      );
    const butis: readonly (readonly [number, number])[] = [
      [150, 240],
      [252, 236],
      [140, 300],
      [262, 300],
      [250, 330],
      [150, 330],
      [196, 120],
      [214, 142],
      [232, 164],
      [130, 200],
      [124, 250],
    ];
    return (
      P('M152 94Q126 190 108 318L160 326Q160 220 182 88Z', p.d, p.s) +
      P('M111 298L160 306L160 326L108 318Z', p.G) +
      L('M110 322L160 330', p.G, 9, ' stroke-dasharray="1.5 2.5"') +
      L('M152 94Q126 190 110 298M182 88Q160 220 160 306', p.G, 4) +
      R(188, 44, 24, 40, 8, '#d8cfc4') +
      P('M146 150H254L258 188H142Z', '#e6d9cb') +
      P('M152 92Q200 74 248 92L256 160Q200 170 144 160Z', p.dd, p.s) +
      P('M142 182Q200 194 258 182Q268 262 284 352Q200 366 116 352Q132 262 142 182Z', p.V, p.s) +
      pleats +
      L('M118 346Q200 360 282 346', p.G, 10) +
      P('M150 94L180 84L262 184L238 196Z', p.B, p.s) +
      L('M180 84L262 184M150 94L238 196', p.G, 4) +
      butis.map(([x, y]) => C(x, y, 3, p.G)).join('')
    );
  },
  dress: (p) =>
    hanger +
    L('M166 66L174 98M234 66L226 98', p.d, 5, RND) +
    P('M170 92Q200 112 230 92L246 180H154Z', p.B, p.s) +
    P('M154 190H246Q300 270 338 340Q200 368 62 340Q100 270 154 190Z', p.V, p.s) +
    R(150, 174, 100, 18, 5, p.dd) +
    P('M200 183L184 173V193ZM200 183L216 173V193Z', p.l) +
    C(200, 183, 4, p.ll) +
    L('M176 200Q160 280 136 352M200 200V358M224 200Q240 280 264 352', p.dd, 1.6, op(0.35)) +
    hi('M165 110L178 170H166Z', 0.25),
  jeans: (p) =>
    P(
      'M114 56H286L298 348Q298 354 292 354H218Q212 354 212 348L200 148L188 348Q188 354 182 354H108Q102 354 102 348Z',
      p.V,
      p.s,
    ) +
    P('M114 56H286L287 78H113Z', p.d, p.s) +
    R(136, 52, 7, 30, 2, p.d, p.s) +
    R(257, 52, 7, 30, 2, p.d, p.s) +
    C(200, 67, 5, p.M, ' stroke="#777"') +
    L(
      'M200 78V146M200 80Q224 80 224 104V126Q222 142 202 146M114 82Q152 84 160 114M286 82Q248 84 240 114M106 338H186M214 338H294',
      '#e3a04a',
      1.6,
      ' stroke-dasharray="4 3"',
    ) +
    L(
      'M130 180Q148 186 168 182M136 196Q150 200 164 197M232 182Q252 186 270 180M236 197Q250 200 264 196',
      '#fff',
      2.5,
      op(0.3) + RND,
    ) +
    L('M150 240V340M250 240V340', '#fff', 10, op(0.07)),
  shoe: (p) =>
    P(
      'M62 292C56 240 66 184 94 152Q140 170 182 160L204 132Q220 126 228 142C248 196 300 214 336 228C352 236 360 262 356 292Z',
      p.B,
      p.s,
    ) +
    P('M94 152Q140 172 184 160L178 152Q138 160 100 144Z', p.dd) +
    P('M62 292C58 260 62 230 74 205Q120 230 140 292Z', p.d, op(0.55)) +
    P('M120 270Q190 200 300 232Q230 230 170 280Z', p.ll, op(0.7)) +
    L('M196 164L212 152M210 176L228 162M224 188L244 174M238 198L260 186', p.ll, 5, RND) +
    P('M48 284H364Q370 312 346 318H70Q46 316 48 284Z', '#f6f6f4', ' stroke="#9a9a96" stroke-width="1.5"') +
    L('M52 300H362', '#c9c9c4', 2) +
    R(64, 200, 16, 46, 6, p.dd, op(0.6)),
  sandal: (p) => {
    const sole =
      'M0-136C40-136 52-100 48-54C45-14 40 26 42 70C44 116 30 142 0 142C-30 142-44 116-42 70C-40 26-45-14-48-54C-52-100-40-136 0-136Z';
    const one = (t: string) =>
      G(
        t,
        P(sole, p.dd, p.s) +
          G('scale(.9)', P(sole, '#e9dcc6')) +
          P('M-50-66Q0-30 50-66V-38Q0 0-50-38Z', p.B, p.s) +
          P('M-46 0Q0 30 46 0V26Q0 56-46 26Z', p.B, p.s) +
          C(-14, -104, 9, 'none', ` stroke="${p.c}" stroke-width="5"`) +
          C(0, 12, 6, p.G),
      );
    return one('translate(150 208) rotate(-10)') + one('translate(256 212) rotate(10) scale(-1 1)');
  },
  handbag: (p) =>
    L('M140 164C140 74 260 74 260 164', p.dd, 13, RND) +
    L('M140 164C140 74 260 74 260 164', p.l, 4, op(0.4)) +
    P('M92 160H308L334 326Q336 342 320 342H80Q64 342 66 326Z', p.B, p.s) +
    P('M92 160H308L314 204Q200 230 86 204Z', p.d, p.s) +
    L('M96 170H304', p.ll, 1.4, ' stroke-dasharray="5 4"' + op(0.6)) +
    R(186, 204, 28, 22, 5, p.G, ' stroke="#8a5d12"') +
    R(194, 210, 12, 10, 3, p.dd) +
    R(132, 150, 14, 20, 4, p.G) +
    R(254, 150, 14, 20, 4, p.G) +
    hi('M100 230L90 320H110Z', 0.2),
  backpack: (p) =>
    L('M132 130Q96 220 118 334M268 130Q304 220 282 334', p.dd, 14, RND) +
    L('M176 96Q200 62 224 96', p.dd, 8, RND) +
    P('M118 332V150Q118 88 200 86Q282 88 282 150V332Q282 346 268 346H132Q118 346 118 332Z', p.B, p.s) +
    L('M128 166Q130 98 200 96Q270 98 272 166', p.dd, 3) +
    R(264, 158, 6, 20, 2, p.M) +
    R(140, 218, 120, 108, 24, p.d, p.s) +
    L('M150 238H250', p.dd, 3) +
    R(238, 238, 7, 20, 3, p.M) +
    R(184, 176, 32, 20, 5, p.ll, op(0.9)) +
    hi('M130 160Q130 110 170 100L136 250Z', 0.15),
  wristwatch: (p) => {
    let d = '';
    for (let i = 0; i < 12; i++) {
      const a = (Math.PI * i) / 6;
      const r0 = i % 3 === 0 ? 48 : 56;
      d += `M${f(200 + 62 * Math.sin(a))} ${f(200 - 62 * Math.cos(a))}L${f(200 + r0 * Math.sin(a))} ${f(200 - r0 * Math.cos(a))}`;
    }
    return (
      R(166, 28, 68, 344, 14, p.dd, p.s) +
      L('M174 38V124M226 38V124M174 276V362M226 276V362', p.l, 1.5, ' stroke-dasharray="5 4"') +
      [300, 320, 340].map((y) => C(200, y, 3.5, '#111')).join('') +
      R(282, 190, 12, 20, 4, p.M) +
      C(200, 200, 86, p.M, ' stroke="#666" stroke-width="1.5"') +
      C(200, 200, 74, p.S) +
      L(d, p.ink, 3.5) +
      L('M200 200L176 164', p.ink, 6, RND) +
      L('M200 200L244 176', p.ink, 4, RND) +
      L('M200 214L200 140', '#e53935', 1.6, RND) +
      C(200, 200, 5, p.ink) +
      hi('M140 160Q170 120 230 126Q180 140 150 180Z', 0.25)
    );
  },
  sunglasses: (p) => {
    const left =
      'M62 160H184Q192 160 191 170L186 222Q181 262 140 262H112Q72 262 65 224L58 172Q57 160 62 160Z';
    const right =
      'M338 160H216Q208 160 209 170L214 222Q219 262 260 262H288Q328 262 335 224L342 172Q343 160 338 160Z';
    const frame = ` stroke="${p.c}" stroke-width="9"`;
    return (
      P('M58 166L24 148L26 160L58 182Z', p.d) +
      P('M342 166L376 148L374 160L342 182Z', p.d) +
      P(left, p.K, frame) +
      P(right, p.K, frame) +
      P(left, p.c, op(0.25)) +
      P(right, p.c, op(0.25)) +
      L('M191 172Q200 158 209 172', p.c, 8) +
      hi('M78 172H118L86 246Q74 236 72 220Z', 0.2) +
      hi('M232 172H272L240 246Q228 236 226 220Z', 0.2) +
      L('M56 160H344', p.l, 3, op(0.5))
    );
  },
  necklace: (p) => {
    const drop = (x: number, y: number, s: number) =>
      G(
        `translate(${f(x)} ${f(y)}) scale(${f(s)})`,
        P('M0 0C22 25 26 57 0 87C-26 57-22 25 0 0Z', p.G) +
          P('M0 10C16 31 19 55 0 77C-19 55-16 31 0 10Z', p.S) +
          hi('M-4 30L-10 50L-4 60Z', 0.6),
      );
    return (
      L('M96 72C90 236 310 236 304 72', p.G, 2) +
      L('M96 72C90 236 310 236 304 72', p.G, 7, ' stroke-dasharray="0 9"' + RND) +
      C(200, 198, 7, 'none', ` stroke="${p.G}" stroke-width="3"`) +
      drop(200, 205, 1) +
      C(136, 160, 9, p.S, ` stroke="${p.G}" stroke-width="3"`) +
      C(264, 160, 9, p.S, ` stroke="${p.G}" stroke-width="3"`) +
      C(92, 262, 9, p.G) +
      drop(92, 272, 0.6) +
      C(308, 262, 9, p.G) +
      drop(308, 272, 0.6)
    );
  },
  pressurecooker: (p) =>
    P('M296 176H378Q390 176 390 187Q390 198 378 198H296Z', '#26282c') +
    P('M84 206H54Q46 206 46 214Q46 222 54 222H84Z', '#26282c') +
    P('M84 188V300Q84 338 124 340H266Q306 338 306 300V188Z', p.H, p.s) +
    E(195, 188, 114, 22, p.M, ' stroke="#777" stroke-width="1.5"') +
    E(195, 182, 96, 14, p.M, ' stroke="#999"') +
    R(150, 168, 90, 12, 6, '#26282c') +
    R(187, 140, 16, 30, 4, '#26282c') +
    C(195, 138, 10, '#26282c') +
    hi('M110 214H126V306H110Z', 0.25) +
    L('M86 226H304', p.dd, 2, op(0.3)),
  mixer: (p) =>
    L('M262 118Q306 118 302 162Q298 206 256 212', p.dd, 12, RND) +
    P('M134 96H266L250 242H150Z', '#e6edf3', ' fill-opacity=".88" stroke="#9aa7b2" stroke-width="2"') +
    L('M168 226L232 214M172 212L228 230', '#7b828a', 4, RND) +
    hi('M146 108H160L164 228H154Z', 0.7) +
    R(126, 82, 148, 18, 8, p.dd, p.s) +
    R(186, 70, 28, 14, 5, p.dd) +
    P('M148 240H252L258 260H142Z', p.dd) +
    P(
      'M112 258H288Q300 258 302 270L312 336Q313 346 303 346H97Q87 346 88 336L98 270Q100 258 112 258Z',
      p.B,
      p.s,
    ) +
    C(200, 304, 22, p.M, ' stroke="#666" stroke-width="1.5"') +
    L('M200 304V286', '#333', 4, RND) +
    [166, 176, 224, 234].map((x) => C(x, 288, 2.5, p.ink, op(0.7))).join('') +
    hi('M110 270H124L116 336H104Z', 0.25),
  kettle: (p) =>
    L('M262 166Q332 170 322 240Q314 302 274 306', p.dd, 16, RND) +
    P('M140 164L90 138Q84 134 88 128L100 124L144 150Z', p.B, p.s) +
    P('M124 330L138 150Q200 128 262 150L276 330Z', p.H, p.s) +
    E(200, 148, 62, 13, p.d, p.s) +
    R(186, 128, 28, 16, 6, p.dd) +
    R(154, 190, 14, 110, 7, '#d6ecff', op(0.75) + ' stroke="#8aa"') +
    R(108, 326, 184, 22, 9, '#26282c') +
    hi('M232 170H244L248 316H236Z', 0.25) +
    C(292, 232, 4, '#7CFC00'),
  bottle: (p) =>
    L('M184 62Q200 34 216 62', p.dd, 7, RND) +
    R(164, 58, 72, 54, 12, p.dd, p.s) +
    L('M168 74H232M168 86H232M168 98H232', '#000', 2, op(0.2)) +
    R(172, 108, 56, 16, 4, p.M) +
    P('M160 122H240Q258 122 258 146V330Q258 348 240 348H160Q142 348 142 330V146Q142 122 160 122Z', p.H, p.s) +
    R(142, 206, 116, 40, 0, p.dd, op(0.3)) +
    hi('M160 136H172V334H160Z', 0.35),
  lamp: (p) =>
    E(200, 224, 130, 60, `url(#${p.id}y)`) +
    R(193, 206, 14, 114, 3, p.M) +
    P('M142 340Q142 316 200 316Q258 316 258 340Z', p.M, ' stroke="#888"') +
    E(200, 341, 64, 8, p.M, ' stroke="#888"') +
    E(200, 206, 40, 7, '#fff3ad') +
    P('M138 76H262L306 204H94Z', p.B, p.s) +
    R(92, 200, 216, 8, 3, p.d) +
    R(134, 72, 132, 8, 3, p.d) +
    hi('M150 84H170L128 196H108Z', 0.2),
  chair: (p) =>
    L('M136 200L126 346M264 200L274 346', '#5d4128', 10, RND) +
    R(144, 190, 12, 40, 0, p.dd) +
    R(244, 190, 12, 40, 0, p.dd) +
    R(120, 54, 160, 148, 32, p.B, p.s) +
    L('M148 96H252M148 128H252M148 160H252', p.dd, 2, op(0.3)) +
    P('M104 222H296Q312 222 312 238V250Q312 266 296 266H104Q88 266 88 250V238Q88 222 104 222Z', p.V, p.s) +
    L('M110 262L96 350M290 262L304 350', '#6b4a2f', 11, RND) +
    hi('M134 70Q150 62 170 62L134 170Z', 0.2),
  bedsheet: (p) => {
    let dots = '';
    for (let x = 66; x <= 340; x += 34)
      dots += C(x, 290, 10, p.ll, op(0.55)) + C(x, 290, 3.5, p.dd) + C(x + 17, 310, 3, p.ll, op(0.6));
    for (let x = 90; x <= 320; x += 46) dots += C(x, 232, 6, p.ll, op(0.5));
    return (
      R(54, 92, 292, 124, 16, '#7a5535', ' stroke="#5b3d24" stroke-width="1.5"') +
      R(70, 108, 260, 92, 10, '#8e6544') +
      P('M68 190H332L364 252H36Z', p.V, p.s) +
      R(36, 250, 328, 76, 6, p.B, p.s) +
      dots +
      R(92, 158, 102, 50, 20, p.ll, p.s) +
      R(206, 158, 102, 50, 20, p.ll, p.s) +
      L('M36 254H364', p.dd, 3, op(0.4)) +
      R(48, 326, 10, 20, 0, '#5b3d24') +
      R(342, 326, 10, 20, 0, '#5b3d24')
    );
  },
  cushion: (p) => {
    let petals = '';
    for (let i = 0; i < 8; i++)
      petals += E(200, 168, 9, 24, p.ll, ` transform="rotate(${i * 45} 200 200)"` + op(0.85));
    return (
      L('M88 88L72 72M312 88L328 72M88 312L72 328M312 312L328 328', p.G, 6, RND) +
      P(
        'M88 88Q200 114 312 88Q288 200 312 312Q200 286 88 312Q112 200 88 88Z',
        p.S,
        ` stroke="${p.dd}" stroke-width="4"`,
      ) +
      C(200, 200, 58, 'none', ` stroke="${p.ll}" stroke-width="3"` + op(0.7)) +
      petals +
      C(200, 200, 12, p.G)
    );
  },
  perfume: (p, m) =>
    R(168, 70, 64, 62, 10, p.G, ' stroke="#8a5d12" stroke-width="1.5"') +
    L('M180 74V128M192 74V128M204 74V128M216 74V128', '#8a5d12', 1.5, op(0.35)) +
    R(182, 130, 36, 18, 3, p.M) +
    R(118, 146, 164, 196, 26, p.B, p.s + ' fill-opacity=".92"') +
    R(127, 155, 146, 178, 20, 'none', ' stroke="#fff" stroke-opacity=".35" stroke-width="3"') +
    R(150, 224, 100, 44, 4, '#fffdf7', op(0.92)) +
    label(200, 252, 15, 88, '#3a3328', m.brand.toUpperCase()) +
    hi('M134 166Q130 250 140 322L150 320Q142 250 146 166Z', 0.4),
  lipstick: (p) =>
    P('M150 176V114Q150 100 164 96L204 82V176Z', p.B, p.s) +
    hi('M158 112H166V172H158Z', 0.3) +
    R(144, 170, 66, 52, 4, p.M, ' stroke="#888"') +
    R(138, 218, 78, 128, 8, p.G, ' stroke="#8a5d12" stroke-width="1.5"') +
    R(138, 300, 78, 12, 0, p.c) +
    G(
      'rotate(-4 300 318)',
      R(238, 292, 122, 54, 8, p.G, ' stroke="#8a5d12" stroke-width="1.5"') + R(258, 292, 10, 54, 0, p.c),
    ),
  cream: (p, m) =>
    R(264, 80, 76, 12, 2, p.d) +
    L('M268 86H336', '#000', 6, ' stroke-dasharray="2 3"' + op(0.2)) +
    P('M264 92H340L328 300H276Z', p.V, p.s) +
    R(278, 298, 48, 46, 6, p.dd) +
    R(66, 198, 188, 48, 12, p.M, ' stroke="#888" stroke-width="1.5"') +
    R(74, 242, 172, 104, 18, p.H, p.s) +
    R(94, 268, 132, 50, 6, '#fff', op(0.92)) +
    label(160, 298, 16, 118, '#333', m.brand) +
    hi('M286 104H296L290 290H282Z', 0.3),
  shampoo: (p, m) =>
    P('M184 52H248Q258 52 258 62V68H184Z', p.dd) +
    R(180, 50, 40, 32, 6, p.dd) +
    R(192, 80, 16, 28, 0, p.M) +
    R(178, 106, 44, 22, 5, p.dd) +
    P(
      'M150 128H250Q278 128 282 160L290 326Q290 346 270 346H130Q110 346 110 326L118 160Q122 128 150 128Z',
      p.H,
      p.s,
    ) +
    R(136, 184, 128, 112, 10, '#fff', op(0.92)) +
    label(200, 222, 18, 112, '#333', m.brand) +
    R(160, 240, 80, 5, 2, p.c) +
    R(170, 254, 60, 4, 2, '#bbb') +
    R(176, 266, 48, 4, 2, '#bbb') +
    hi('M128 164H140L138 320H126Z', 0.3),
  trimmer: (p) =>
    L('M166 62H234', '#5c6168', 10, ' stroke-dasharray="2 2.6"') +
    R(162, 66, 76, 20, 4, p.M, ' stroke="#777"') +
    P('M158 84H242L236 130H164Z', p.dd, p.s) +
    P('M164 128H236Q246 230 232 330Q228 348 210 348H190Q172 348 168 330Q154 230 164 128Z', p.H, p.s) +
    R(186, 166, 28, 44, 14, p.dd) +
    L('M194 183A8 8 0 1 0 206 183M200 178V188', '#fff', 2.5, RND) +
    C(200, 226, 3.5, '#48e06a') +
    L('M180 256H220M180 268H220M181 280H219M182 292H218', p.dd, 3, op(0.5) + RND),
  dumbbell: (p) => {
    let k = '';
    for (let x = 150; x <= 250; x += 6) k += `M${x} 191V209`;
    return G(
      'rotate(-16 200 210)',
      R(128, 188, 144, 24, 6, p.M, ' stroke="#777"') +
        L(k, '#6d747c', 1.4, op(0.6)) +
        R(60, 185, 18, 30, 4, p.M) +
        R(322, 185, 18, 30, 4, p.M) +
        R(76, 148, 30, 104, 9, p.B, p.s) +
        R(102, 132, 30, 136, 9, p.B, p.s) +
        R(268, 132, 30, 136, 9, p.B, p.s) +
        R(294, 148, 30, 104, 9, p.B, p.s) +
        hi('M108 142H114V258H108Z', 0.3) +
        hi('M274 142H280V258H274Z', 0.3),
    );
  },
  yogamat: (p) => {
    let tex = '';
    for (let y = 270; y <= 330; y += 12)
      tex += `M${f(124 + (y - 252) * 0.45)} ${y}H${f(326 + (y - 252) * 0.45)}`;
    return (
      P('M118 252H320L358 340H156Z', p.l, p.s) +
      L(tex, p.c, 1.5, op(0.5)) +
      E(318, 200, 28, 52, p.d, p.s) +
      R(116, 148, 202, 104, 0, p.V, p.s) +
      R(168, 146, 16, 108, 2, p.dd) +
      R(252, 146, 16, 108, 2, p.dd) +
      E(116, 200, 28, 52, p.B, p.s) +
      L(
        'M116 200m-3 0a3 5 0 1 1 6 0a9 15 0 1 1-18 0a15 25 0 1 1 30 0a21 35 0 1 1-42 0a26 44 0 1 1 52 0',
        p.dd,
        1.8,
        op(0.7),
      ) +
      hi('M140 156H310V170H140Z', 0.2)
    );
  },
  bicycle: (p) =>
    L(spokes(110, 262, 66, 9) + spokes(292, 262, 66, 9), '#9aa0a6', 1) +
    C(110, 262, 70, 'none', ' stroke="#222" stroke-width="10"') +
    C(292, 262, 70, 'none', ' stroke="#222" stroke-width="10"') +
    C(110, 262, 63, 'none', ' stroke="#b9bec4" stroke-width="2.5"') +
    C(292, 262, 63, 'none', ' stroke="#b9bec4" stroke-width="2.5"') +
    L('M110 262L186 264L166 162ZM166 162L262 158L186 264', p.c, 9, ' stroke-linejoin="round"' + RND) +
    L('M266 150L292 262', p.d, 8, RND) +
    L('M166 162L160 140M262 158L258 132', '#444', 6, RND) +
    P('M140 132Q160 126 184 134Q170 142 142 140Z', '#222') +
    L('M246 132Q258 126 278 134', '#222', 7, RND) +
    C(186, 264, 12, p.M, ' stroke="#555"') +
    L('M186 264L204 290', '#444', 5, RND) +
    R(196, 288, 20, 6, 2, '#222') +
    C(110, 262, 6, '#555') +
    C(292, 262, 6, '#555'),
  bat: (p, m) => {
    const brand = clean(m.brand).toUpperCase();
    const size = Math.min(20, 80 / Math.max(1, textW(brand, 1, true)));
    return G(
      'rotate(-32 200 206)',
      R(189, 26, 22, 10, 4, p.dd) +
        R(188, 32, 24, 118, 9, p.H, p.s) +
        L('M188 48H212M188 64H212M188 80H212M188 96H212M188 112H212M188 128H212', p.dd, 2, op(0.35)) +
        P('M190 148H210L234 180H166Z', p.W, ' stroke="#a07f4c" stroke-width="1"') +
        P(
          'M168 178H232Q238 178 238 184V354Q238 366 226 366H174Q162 366 162 354V184Q162 178 168 178Z',
          p.W,
          ' stroke="#a07f4c" stroke-width="1.5"',
        ) +
        L('M178 190V356M222 190V356', '#b8955c', 1, op(0.5)) +
        R(170, 196, 60, 26, 4, p.c) +
        R(170, 236, 60, 110, 6, p.B) +
        (brand
          ? T(
              200,
              291,
              size,
              p.ink,
              ellipsize(brand, size, true, 100),
              MID + BOLD + ' transform="rotate(90 200 291)" dominant-baseline="middle"',
            )
          : ''),
    );
  },
  racket: (p) => {
    // Drawn upright (head centred at 200,118) and tilted: strings first, then the frame over
    // their ends, the open throat, and the wrapped handle.
    const [cx, cy, rx, ry] = [200, 118, 74, 96];
    const [ix, iy] = [rx - 4, ry - 4];
    let strings = '';
    for (let x = 5; x < ix - 2; x += 10) {
      const h = iy * Math.sqrt(1 - (x / ix) ** 2);
      strings += `M${f(cx - x)} ${f(cy - h)}V${f(cy + h)}M${f(cx + x)} ${f(cy - h)}V${f(cy + h)}`;
    }
    for (let y = 5; y < iy - 2; y += 10) {
      const w = ix * Math.sqrt(1 - (y / iy) ** 2);
      strings += `M${f(cx - w)} ${f(cy - y)}H${f(cx + w)}M${f(cx - w)} ${f(cy + y)}H${f(cx + w)}`;
    }
    let wrapLines = '';
    for (let y = 302; y <= 362; y += 10) wrapLines += `M187 ${y + 4}L213 ${y - 4}`;
    const ring = (stroke: string, w: number, e = '') =>
      E(cx, cy, rx, ry, 'none', ` stroke="${stroke}" stroke-width="${w}"${e}`);
    const arms = 'M154 194Q172 244 197 278M246 194Q228 244 203 278';
    return G(
      'translate(14 2) rotate(-28 200 200)',
      E(cx, cy, ix, iy, p.ll, op(0.18)) +
        L(strings, '#4a4f57', 1.3, op(0.75)) +
        L(arms, p.dd, 15, RND) +
        L(arms, p.B, 11, RND) +
        ring(p.dd, 17) +
        ring(p.B, 13) +
        ring(p.dd, 2.5, ' stroke-dasharray="2 9"' + op(0.5)) +
        L(
          `M${cx - rx + 2} ${cy + 10}A${rx - 2} ${ry - 2} 0 0 1 ${cx + 10} ${cy - ry + 2}`,
          '#fff',
          3,
          op(0.4) + RND,
        ) +
        P('M182 264H218L210 292H190Z', p.B, p.s) +
        R(186, 290, 28, 78, 6, p.H, p.s) +
        L(wrapLines, p.dd, 2.5, op(0.55)) +
        R(184, 285, 32, 10, 4, p.dd, p.s) +
        R(184, 364, 32, 12, 5, p.dd, p.s),
    );
  },
  ball: (p) => {
    const seam = lum(p.c) > 0.6 ? '#c62828' : '#fff';
    return (
      C(200, 214, 124, p.S, p.s) +
      L('M150 100C110 170 110 260 150 328', p.dd, 7, op(0.5)) +
      L(
        'M142 104C104 172 104 256 142 324M158 100C118 170 118 260 158 328',
        seam,
        3,
        ' stroke-dasharray="4 5"',
      ) +
      hi('M150 130Q180 104 230 102Q186 120 162 150Z', 0.25)
    );
  },
  book: (p, m) => {
    const t = fit(m.title, true, 158, 4, 28, 11);
    const top = 150 - (t.lines.length * t.size * 1.15) / 2 + t.size * 0.85;
    const lines = t.lines
      .map((line, i) => T(200, top + i * t.size * 1.15, t.size, p.ink, line, MID + BOLD))
      .join('');
    return (
      P('M292 66L312 78V348L292 338Z', '#efe9dc', ' stroke="#bdb5a4"') +
      L('M297 74V338M302 76V342M307 79V345', '#d4ccba', 1) +
      P('M96 338L116 350H312L292 338Z', p.dd) +
      R(96, 60, 196, 280, 5, p.B, p.s) +
      R(104, 60, 7, 280, 0, p.dd, op(0.35)) +
      L('M122 84H270M122 216H270', p.ink, 2, op(0.55)) +
      lines +
      C(200, 262, 18, 'none', ` stroke="${p.ink}" stroke-width="2"` + op(0.5)) +
      label(200, 316, 14, 150, p.ink, m.brand, op(0.85))
    );
  },
  softtoy: (p) =>
    C(140, 94, 28, p.S, p.s) +
    C(260, 94, 28, p.S, p.s) +
    C(140, 94, 14, p.ll, op(0.7)) +
    C(260, 94, 14, p.ll, op(0.7)) +
    E(118, 246, 26, 46, p.S, p.s + ' transform="rotate(20 118 246)"') +
    E(282, 246, 26, 46, p.S, p.s + ' transform="rotate(-20 282 246)"') +
    E(200, 268, 84, 80, p.S, p.s) +
    E(200, 280, 46, 46, p.ll, op(0.55)) +
    E(140, 324, 38, 28, p.S, p.s) +
    E(260, 324, 38, 28, p.S, p.s) +
    E(140, 328, 18, 14, p.ll, op(0.8)) +
    E(260, 328, 18, 14, p.ll, op(0.8)) +
    C(200, 152, 78, p.S, p.s) +
    E(200, 178, 32, 25, p.ll) +
    E(200, 167, 11, 8, '#2a1a12') +
    L('M200 174V184M188 188Q200 196 212 188', '#2a1a12', 2.5, RND) +
    C(170, 140, 7, '#1a1a1a') +
    C(230, 140, 7, '#1a1a1a') +
    C(172, 138, 2, '#fff') +
    C(232, 138, 2, '#fff') +
    P('M200 226L174 212V240ZM200 226L226 212V240Z', p.G) +
    C(200, 226, 6, p.G),
  powerbank: (p, m) =>
    L('M230 92Q236 40 300 44Q352 48 346 120V300', '#2a2d33', 7, RND) +
    R(334, 296, 24, 40, 5, '#2a2d33') +
    R(118, 86, 152, 256, 26, p.B, p.s) +
    R(130, 98, 128, 232, 18, p.dd, op(0.18)) +
    R(144, 78, 30, 12, 4, '#2a2d33') +
    R(214, 78, 30, 12, 4, '#2a2d33') +
    P('M204 142L176 196H198L188 240L222 176H200Z', p.ink, op(0.85)) +
    label(194, 282, 20, 110, p.ink, m.model, op(0.8)) +
    [0, 1, 2, 3].map((i) => C(164 + i * 20, 312, 5, i < 3 ? '#59d98e' : '#2a2d33')).join('') +
    hi('M130 110Q130 98 142 98H200L130 220Z', 0.22),
  soundbar: (p) =>
    R(250, 118, 118, 212, 16, p.B, p.s) +
    C(309, 212, 44, p.dd, ' stroke="#111" stroke-width="3"') +
    C(309, 212, 26, '#1d2026') +
    C(309, 212, 10, p.d) +
    R(260, 300, 98, 8, 3, p.dd, op(0.5)) +
    R(24, 238, 300, 58, 26, p.B, p.s) +
    R(40, 248, 268, 38, 18, p.dd, op(0.85)) +
    L(
      Array.from({ length: 26 }, (_, i) => `M${52 + i * 10} 256V278`).join(''),
      p.d,
      4,
      ' stroke-dasharray="0 7"' + RND,
    ) +
    C(174, 266, 3, '#59d98e') +
    hi('M44 240H300Q314 240 318 250H30Q34 240 44 240Z', 0.3),
  fitnessband: (p) =>
    R(174, 34, 52, 334, 26, p.H, p.s) +
    L('M182 80H218M182 96H218M182 304H218M182 320H218', p.dd, 2, op(0.4)) +
    R(160, 118, 80, 164, 38, '#17191e', ' stroke="#444" stroke-width="2"') +
    R(170, 130, 60, 140, 28, p.K) +
    T(200, 196, 22, '#fff', '8,432', MID + BOLD) +
    T(200, 214, 10, p.ll, 'STEPS', MID) +
    P('M200 246L190 236Q186 230 192 226Q197 224 200 229Q203 224 208 226Q214 230 210 236Z', '#ff5b6e') +
    hi('M174 140Q176 130 190 130H214L174 220Z', 0.1),
  actioncam: (p, m) =>
    R(176, 292, 48, 40, 6, '#2a2d33') +
    R(150, 326, 100, 14, 6, '#2a2d33') +
    C(200, 312, 9, '#555') +
    R(102, 118, 196, 166, 24, p.B, p.s) +
    R(108, 124, 184, 154, 20, p.dd, op(0.12)) +
    R(224, 104, 46, 16, 5, p.dd) +
    C(168, 200, 56, '#222', ' stroke="#777" stroke-width="4"') +
    lens(168, 200, 34) +
    R(236, 146, 46, 40, 6, '#0a0e15') +
    R(239, 149, 40, 34, 4, p.K) +
    C(266, 226, 6, '#ff4a3d') +
    label(258, 262, 12, 60, p.ink, m.brand.toUpperCase(), op(0.8)),
  earrings: (p) => {
    const jhumka = (x: number) =>
      G(
        `translate(${x} 0)`,
        C(0, 70, 12, p.G) +
          C(0, 70, 6, p.S) +
          L('M0 82V112', p.G, 4) +
          C(0, 118, 15, p.S, ` stroke="${p.G}" stroke-width="3"`) +
          P('M-58 232Q-60 160 0 146Q60 160 58 232Z', p.G) +
          P('M-44 214Q-42 170 0 162Q42 170 44 214Z', p.S, op(0.9)) +
          hi('M-30 200Q-26 174 -8 168L-16 200Z', 0.5) +
          [-48, -32, -16, 0, 16, 32, 48].map((dx) => C(dx, 244, 6, p.G) + C(dx, 258, 4, p.ll)).join(''),
      );
    return jhumka(128) + jhumka(272);
  },
  pan: (p) =>
    C(262, 186, 122, '#2b2d31', ' stroke="#111" stroke-width="2"') +
    C(262, 186, 104, '#3a3d42') +
    R(248, 30, 28, 60, 10, p.dd, p.s) +
    hi('M180 120Q220 86 262 84Q214 104 196 132Z', 0.15) +
    E(52, 268, 22, 12, 'none', ` stroke="${p.dd}" stroke-width="9"`) +
    E(348, 268, 22, 12, 'none', ` stroke="${p.dd}" stroke-width="9"`) +
    P('M64 256H336Q334 342 200 344Q66 342 64 256Z', p.H, p.s) +
    E(200, 256, 136, 26, '#26282c', ' stroke="#555" stroke-width="3"') +
    E(200, 260, 118, 18, '#3a3d42') +
    hi('M92 276Q110 320 160 332Q110 312 100 276Z', 0.35),
  handblender: (p) =>
    P(
      'M244 232H336L326 340Q326 346 318 346H262Q254 346 254 340Z',
      '#e6edf3',
      ' fill-opacity=".85" stroke="#9aa7b2" stroke-width="2"',
    ) +
    L('M248 256H262M248 282H262M248 308H262', '#9aa7b2', 2) +
    R(140, 40, 76, 150, 34, p.B, p.s) +
    R(164, 70, 28, 44, 12, p.dd, op(0.7)) +
    C(178, 82, 5, '#fff', op(0.8)) +
    C(178, 102, 5, '#fff', op(0.8)) +
    R(150, 182, 56, 20, 6, p.dd) +
    R(166, 200, 24, 104, 6, p.M, ' stroke="#777"') +
    P('M146 300H210L220 336Q178 350 136 336Z', p.M, ' stroke="#777" stroke-width="1.5"') +
    L('M160 330L196 322', '#555', 3, RND) +
    hi('M150 54Q150 44 164 44L150 150Z', 0.3),
  coffeemaker: (p) =>
    R(96, 318, 228, 28, 8, p.dd, p.s) +
    R(236, 52, 88, 276, 14, p.B, p.s) +
    R(96, 52, 228, 54, 14, p.B, p.s) +
    R(110, 100, 120, 14, 4, p.dd) +
    P(
      'M128 148H206L214 318Q170 330 120 318Z',
      '#e6edf3',
      ' fill-opacity=".7" stroke="#9aa7b2" stroke-width="2"',
    ) +
    P('M124 236H212L214 316Q170 328 120 316Z', '#4a2a14') +
    L('M206 170Q236 172 232 214Q228 250 210 252', '#26282c', 9, RND) +
    R(120, 136, 96, 16, 6, '#26282c') +
    R(258, 250, 46, 14, 6, '#2a2d33') +
    C(281, 286, 6, '#ff4a3d') +
    hi('M132 160H142L134 304H126Z', 0.5),
  flask: (p) =>
    R(152, 40, 96, 64, 12, p.dd, p.s) +
    L('M156 60H244M156 76H244M156 92H244', '#000', 2, op(0.2)) +
    R(160, 100, 80, 16, 4, p.M) +
    P(
      'M150 114H250Q262 114 262 130V328Q262 346 244 346H156Q138 346 138 328V130Q138 114 150 114Z',
      p.M,
      ' stroke="#777" stroke-width="1.5"',
    ) +
    R(138, 150, 124, 150, 0, p.H, op(0.92)) +
    R(176, 196, 48, 48, 24, '#fff', op(0.25)) +
    hi('M150 124H162V336H150Z', 0.4),
  quilt: (p) => {
    const slab = (y: number, fill: string) =>
      R(60, y, 280, 62, 26, fill, p.s) +
      L(
        `M80 ${y + 20}Q200 ${y + 10} 320 ${y + 20}M80 ${y + 42}Q200 ${y + 52} 320 ${y + 42}`,
        p.ll,
        3,
        ' stroke-dasharray="6 6"' + op(0.7),
      );
    return (
      slab(282, p.d) +
      slab(224, p.V) +
      slab(166, p.B) +
      slab(108, p.V) +
      R(188, 100, 24, 250, 0, p.G, op(0.9)) +
      P('M200 104L170 80Q160 96 176 110ZM200 104L230 80Q240 96 224 110Z', p.G)
    );
  },
  desklamp: (p) =>
    E(200, 336, 72, 14, p.dd, p.s) +
    R(128, 318, 144, 22, 10, p.B, p.s) +
    L('M160 322L120 180L252 84', p.dd, 14, RND) +
    L('M160 322L120 180L252 84', p.B, 9, RND) +
    C(120, 180, 12, p.M, ' stroke="#777"') +
    C(160, 318, 10, p.M, ' stroke="#777"') +
    P('M230 70L352 128L340 148L220 90Z', p.B, p.s) +
    P('M226 96L336 150L238 238L150 200Z', `url(#${p.id}y)`) +
    L('M232 94L338 146', '#fff7c2', 6, RND) +
    C(232, 262, 4, '#59d98e'),
  officechair: (p) =>
    L('M200 300L96 332M200 300L304 332M200 300L150 348M200 300L250 348M200 300L200 326', '#2a2d33', 10, RND) +
    [96, 304, 150, 250, 200].map((x, i) => C(x, [340, 340, 354, 354, 334][i] ?? 340, 9, '#111')).join('') +
    R(190, 232, 20, 70, 6, p.M, ' stroke="#777"') +
    R(186, 150, 28, 86, 6, '#2a2d33') +
    P('M118 34Q200 14 282 34L272 196Q200 210 128 196Z', p.B, p.s) +
    L('M138 60H262M136 92H264M134 124H266M132 156H268', p.dd, 2, op(0.35)) +
    P('M104 210H296Q312 210 312 226V236Q312 252 296 252H104Q88 252 88 236V226Q88 210 104 210Z', p.V, p.s) +
    L('M98 214V176H128M302 214V176H272', '#2a2d33', 9, RND) +
    hi('M132 44Q160 34 180 32L140 150Z', 0.2),
  attar: (p, m) =>
    P('M200 36L214 66L200 150L186 66Z', p.G) +
    R(188, 140, 24, 26, 4, p.G) +
    P('M170 170H230L258 214Q280 262 250 312Q236 340 200 342Q164 340 150 312Q120 262 142 214Z', p.S, p.s) +
    P('M150 232L200 206L250 232L238 296L200 318L162 296Z', '#fff', op(0.18)) +
    L('M150 232L200 206L250 232M162 296L200 318L238 296M200 206V318', '#fff', 2, op(0.35)) +
    E(200, 168, 32, 8, p.G) +
    label(200, 268, 14, 70, p.ink, m.brand, op(0.8)),
  deodorant: (p, m) =>
    R(156, 44, 88, 70, 22, p.dd, p.s) +
    R(168, 106, 64, 10, 3, p.M) +
    R(146, 112, 108, 232, 16, p.H, p.s) +
    R(146, 150, 108, 120, 0, p.dd, op(0.3)) +
    label(200, 204, 22, 96, p.ink, m.brand.toUpperCase()) +
    label(200, 234, 13, 96, p.ink, m.model, op(0.8)) +
    R(146, 326, 108, 18, 8, p.M) +
    hi('M158 122H170V320H158Z', 0.35),
  liquidlipstick: (p, m) =>
    R(120, 60, 44, 120, 14, p.dd, p.s) +
    R(126, 176, 32, 10, 3, p.G) +
    P(
      'M118 186H166L172 330Q172 344 158 344H126Q112 344 112 330Z',
      '#e6edf3',
      ' fill-opacity=".6" stroke="#9aa7b2" stroke-width="2"',
    ) +
    R(124, 200, 36, 136, 10, p.c) +
    label(142, 280, 11, 32, p.ink, m.brand.slice(0, 4).toUpperCase(), ' transform="rotate(-90 142 276)"') +
    G(
      'rotate(28 262 220)',
      R(250, 60, 24, 150, 10, p.dd, p.s) + R(258, 208, 8, 90, 3, '#c7ccd2') + E(262, 316, 12, 24, p.c, p.s),
    ) +
    hi('M126 70Q128 62 136 62L126 160Z', 0.3),
  foundation: (p, m) =>
    R(182, 40, 16, 24, 3, '#2a2d33') +
    P('M162 62H246V74H198V84H162Z', '#2a2d33') +
    R(168, 82, 64, 36, 6, p.M, ' stroke="#777"') +
    R(120, 116, 160, 228, 22, '#e6edf3', ' fill-opacity=".55" stroke="#9aa7b2" stroke-width="2"') +
    R(132, 140, 136, 192, 14, p.c) +
    R(148, 200, 104, 66, 4, '#fff', op(0.9)) +
    label(200, 228, 16, 92, '#2b2d31', m.brand) +
    label(200, 252, 11, 92, '#555', m.model) +
    hi('M134 130H148V330H134Z', 0.5),
  compact: (p, m) =>
    E(200, 152, 124, 104, p.B, p.s) +
    E(200, 150, 104, 86, '#cfd8e2') +
    P('M130 110Q170 80 230 88Q180 100 150 140Z', '#fff', op(0.7)) +
    label(200, 240, 14, 120, p.ink, m.brand, op(0.85)) +
    E(200, 268, 140, 50, p.dd, p.s) +
    E(200, 262, 140, 50, p.B, p.s) +
    E(200, 262, 116, 38, '#e7c4a4') +
    E(200, 262, 94, 30, '#efd3b8') +
    E(236, 258, 44, 20, '#fff', ' stroke="#ddd"') +
    hi('M98 250Q120 228 170 222Q126 238 112 262Z', 0.3),
  sunscreen: (p, m) =>
    R(160, 300, 80, 46, 10, p.dd, p.s) +
    P('M138 62H262L244 300H156Z', p.V, p.s) +
    R(138, 52, 124, 16, 4, p.d, p.s) +
    C(200, 136, 24, '#ffcf3a') +
    L(
      Array.from({ length: 8 }, (_, i) => {
        const a = (Math.PI * i) / 4;
        return `M${f(200 + 32 * Math.cos(a))} ${f(136 + 32 * Math.sin(a))}L${f(200 + 42 * Math.cos(a))} ${f(136 + 42 * Math.sin(a))}`;
      }).join(''),
      '#ffcf3a',
      5,
      RND,
    ) +
    label(200, 210, 26, 96, p.ink, 'SPF 50') +
    label(200, 240, 13, 90, p.ink, m.brand, op(0.85)) +
    hi('M150 72H166L170 290H160Z', 0.3),
  serum: (p, m) =>
    E(200, 62, 26, 32, '#26282c') +
    R(182, 86, 36, 30, 6, p.G) +
    L('M200 118V292', '#cfe3f0', 6, op(0.6)) +
    P('M168 116H232Q262 124 262 160V326Q262 344 244 344H156Q138 344 138 326V160Q138 124 168 116Z', p.S, p.s) +
    R(150, 196, 100, 96, 6, '#fff', op(0.92)) +
    label(200, 230, 16, 88, '#2b2d31', m.brand) +
    label(200, 256, 11, 88, '#555', m.model) +
    label(200, 278, 10, 88, '#555', '30 ml') +
    hi('M150 150Q152 132 166 128L150 300Z', 0.35),
  hairoil: (p, m) =>
    R(176, 40, 48, 40, 8, p.dd, p.s) +
    R(182, 78, 36, 20, 4, p.dd) +
    P(
      'M182 96H218Q218 118 246 130Q266 140 266 166V324Q266 344 246 344H154Q134 344 134 324V166Q134 140 154 130Q182 118 182 96Z',
      '#e0a526',
      ' fill-opacity=".85" stroke="#9a6b12" stroke-width="2"',
    ) +
    R(146, 190, 108, 110, 8, '#fff', op(0.92)) +
    P('M200 204Q178 222 200 246Q222 222 200 204Z', p.c) +
    P('M200 246Q170 236 164 214Q190 214 200 246ZM200 246Q230 236 236 214Q210 214 200 246Z', p.d) +
    label(200, 270, 14, 96, '#2b2d31', m.brand) +
    label(200, 290, 10, 96, '#555', m.model) +
    hi('M146 160H158V330H146Z', 0.4),
  kettlebell: (p, m) =>
    P('M130 190Q110 60 200 56Q290 60 270 190', 'none', ` stroke="${p.dd}" stroke-width="34"` + RND) +
    P('M130 190Q110 60 200 56Q290 60 270 190', 'none', ` stroke="${p.B}" stroke-width="26"` + RND) +
    C(200, 242, 108, p.S, p.s) +
    R(140, 334, 120, 14, 6, p.dd) +
    R(160, 220, 80, 44, 8, '#fff', op(0.85)) +
    label(200, 250, 18, 70, '#2b2d31', m.brand) +
    hi('M120 200Q130 160 170 146Q140 180 136 220Z', 0.25),
  yogablock: (p) =>
    P('M70 250L230 250L290 214L130 214Z', p.l, p.s) +
    P('M70 250H230V338H70Z', p.B, p.s) +
    P('M230 250L290 214V302L230 338Z', p.d, p.s) +
    P('M104 170L264 170L324 134L164 134Z', p.l, p.s) +
    P('M104 170H264V214H104Z', p.B, p.s) +
    P('M264 170L324 134V178L264 214Z', p.d, p.s) +
    L('M40 344Q30 280 90 270Q160 262 150 220', '#3b4150', 14, RND) +
    R(132, 196, 30, 22, 4, p.M, ' stroke="#555"') +
    L('M340 120Q380 200 334 260Q300 310 350 340', '#3b4150', 14, RND),
  shaker: (p) =>
    R(154, 36, 92, 30, 10, p.dd, p.s) +
    R(214, 24, 28, 20, 6, p.dd) +
    R(146, 62, 108, 26, 6, p.d, p.s) +
    P(
      'M146 86H254L242 330Q240 344 226 344H174Q160 344 158 330Z',
      '#e6edf3',
      ' fill-opacity=".6" stroke="#9aa7b2" stroke-width="2"',
    ) +
    P('M150 200H250L242 330Q240 344 226 344H174Q160 344 158 330Z', p.c, op(0.85)) +
    L('M158 120H176M160 150H176M161 180H176M163 210H176M164 240H176', '#5a6470', 2) +
    C(214, 276, 24, 'none', ' stroke="#c7ccd2" stroke-width="4"') +
    L('M194 264L234 288M194 288L234 264', '#c7ccd2', 2) +
    hi('M232 100H242L232 326H224Z', 0.4),
  rccar: (p) =>
    L('M112 160V60', '#2a2d33', 4, RND) +
    C(112, 58, 5, '#ff4a3d') +
    P(
      'M36 260Q40 214 80 206L128 166Q144 154 170 154H246Q272 154 288 172L316 206Q362 210 366 250V270Q366 284 352 284H48Q36 284 36 270Z',
      p.B,
      p.s,
    ) +
    P('M140 174H196V210H112Z', p.K) +
    P('M208 174H256Q270 174 280 190L292 210H208Z', p.K) +
    R(40, 230, 26, 12, 4, '#ffe9a8') +
    [100, 300].map((x) => C(x, 284, 50, '#1b1d21') + C(x, 284, 28, p.M) + C(x, 284, 8, '#333')).join('') +
    L('M150 246H260', p.dd, 3, op(0.5)) +
    hi('M64 222Q100 206 150 204L80 240Z', 0.25),
  blocks: (p) => {
    const brick = (x: number, y: number, w: number, fill: string) =>
      R(x, y, w, 52, 4, fill, p.s) +
      Array.from({ length: Math.round(w / 40) }, (_, i) =>
        R(x + 8 + i * 40, y - 12, 24, 14, 3, fill, p.s),
      ).join('') +
      R(x, y + 40, w, 12, 0, '#000', op(0.12));
    return (
      brick(60, 292, 160, p.c) +
      brick(220, 292, 120, '#f2c230') +
      brick(100, 228, 120, '#1e63c6') +
      brick(220, 228, 80, '#2e8b57') +
      brick(140, 164, 120, '#d32f2f') +
      brick(180, 100, 40, p.l)
    );
  },
  stemkit: (p) =>
    R(70, 120, 260, 150, 14, '#2e6b3a', ' stroke="#173d20" stroke-width="2"') +
    L('M90 150H170V200H250M110 240H210V170H310M130 140V250', '#e8c46a', 3, op(0.9)) +
    R(180, 176, 60, 40, 4, '#1b1d21') +
    L(
      'M184 174V166M196 174V166M208 174V166M220 174V166M232 174V166M184 218V226M196 218V226M208 218V226M220 218V226M232 218V226',
      '#c7ccd2',
      2,
    ) +
    C(110, 150, 10, '#ff4a3d') +
    C(290, 150, 10, '#59d98e') +
    R(270, 224, 40, 28, 4, p.c) +
    [110, 290].map((x) => C(x, 300, 40, '#1b1d21') + C(x, 300, 18, p.M)).join('') +
    L('M270 238Q330 200 300 130', p.c, 4, RND) +
    R(96, 60, 40, 70, 6, p.B, p.s) +
    R(104, 48, 24, 14, 3, '#c7ccd2'),
};

/** Close-up centres (in box coordinates) for view 2. */
const FOCUS: Partial<Record<ProductKind, readonly [number, number]>> = {
  phone: [140, 140],
  tablet: [230, 170],
  laptop: [200, 230],
  headphones: [120, 230],
  earbuds: [200, 170],
  smartwatch: [200, 197],
  camera: [200, 220],
  charger: [210, 170],
  tshirt: [200, 130],
  shirt: [200, 120],
  kurta: [200, 110],
  saree: [210, 200],
  dress: [200, 170],
  jeans: [200, 110],
  shoe: [220, 200],
  sandal: [200, 170],
  handbag: [200, 200],
  backpack: [200, 230],
  wristwatch: [200, 200],
  sunglasses: [130, 210],
  necklace: [200, 240],
  pressurecooker: [195, 180],
  mixer: [200, 280],
  kettle: [200, 180],
  bottle: [200, 130],
  lamp: [200, 150],
  chair: [200, 160],
  bedsheet: [200, 260],
  cushion: [200, 200],
  perfume: [200, 210],
  lipstick: [180, 170],
  cream: [170, 270],
  shampoo: [200, 200],
  trimmer: [200, 130],
  dumbbell: [130, 215],
  yogamat: [130, 210],
  bicycle: [200, 230],
  bat: [200, 240],
  racket: [214, 140],
  ball: [180, 200],
  book: [200, 170],
  softtoy: [200, 160],
};

/** Where each product meets the floor: the centre y and half-width of its soft shadow. */
const SHADOW: Partial<Record<ProductKind, readonly [number, number]>> = {
  phone: [340, 120],
  tablet: [342, 130],
  laptop: [280, 180],
  headphones: [324, 120],
  earbuds: [340, 100],
  speaker: [302, 140],
  smartwatch: [372, 70],
  camera: [322, 150],
  television: [306, 110],
  charger: [344, 110],
  shoe: [320, 160],
  wristwatch: [372, 70],
  sunglasses: [300, 140],
  pressurecooker: [342, 150],
  mixer: [348, 110],
  kettle: [350, 105],
  bottle: [350, 70],
  lamp: [343, 80],
  chair: [352, 130],
  perfume: [344, 90],
  lipstick: [348, 120],
  shampoo: [348, 100],
  trimmer: [350, 50],
  dumbbell: [330, 130],
  yogamat: [342, 130],
  bicycle: [334, 160],
  ball: [340, 110],
  book: [352, 120],
  softtoy: [354, 120],
  cushion: [334, 130],
  backpack: [348, 100],
  handbag: [344, 140],
  jeans: [356, 110],
  tshirt: [344, 110],
  shirt: [348, 130],
  kurta: [362, 110],
  saree: [362, 110],
  dress: [362, 120],
};

/** The kind's drawing on its floor shadow, in the 400x400 box. */
function scene(kind: ProductKind, p: Paint, m: Meta): string {
  const draw = DRAW[kind] as Draw | undefined;
  const [sy, sx] = SHADOW[kind] ?? [348, 150];
  const shadow = E(200, sy, sx, 13, `url(#${p.id}f)`);
  // An unknown kind (only possible from untyped callers) gets a plain parcel rather than a crash.
  return draw
    ? shadow + draw(p, m)
    : shadow + R(110, 130, 180, 210, 10, p.B, p.s) + L('M110 180H290M200 130V180', p.dd, 4, op(0.4));
}

const FONT = ' font-family="Helvetica,Arial,sans-serif"';
const svgOpen = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"${FONT}>`;

// ---------------------------------------------------------------------------------------------
// Public API

const VIEW_BG = ['#eef0f3', '#f4efe8', '#e9eef4'] as const;

/**
 * An 800x800 product shot. Views: 0 front hero, 1 angled on a podium, 2 close-up detail,
 * 3 the retail box with the product in front of it. The model name changes the drawing's
 * proportions a little and is printed on labels and the box, so two models of one kind differ.
 */
export function productImageSvg(p: {
  kind: ProductKind;
  colour: string;
  title: string;
  brand: string;
  view: number;
  model?: string;
}): string {
  const view = Number.isFinite(p.view) ? ((Math.trunc(p.view) % 4) + 4) % 4 : 0;
  const model = clean(p.model ?? '');
  const id = `p${(hash(`${p.kind}|${p.colour}|${view}`) % 1296).toString(36)}`;
  const pt = paint(p.colour, id);
  const brand = clean(p.brand);
  let art = scene(p.kind, pt, { title: p.title, brand, model });
  if (model) {
    // proportions by model: up to 8% narrower or wider, shorter or taller, standing on the same floor
    const h = hash(`${p.kind}|${model}`);
    const sx = 0.92 + ((h % 17) / 16) * 0.16;
    const sy = 0.92 + (((h >>> 8) % 17) / 16) * 0.16;
    if (sx !== 1 || sy !== 1)
      art = G(
        `translate(200 348) scale(${(Math.round(sx * 100) / 100).toString()} ${(Math.round(sy * 100) / 100).toString()}) translate(-200 -348)`,
        art,
      );
  }
  const [fx, fy] = FOCUS[p.kind] ?? [200, 200];
  const edge = view === 3 ? mix(pt.c, '#fff', 0.86) : (VIEW_BG[view] ?? VIEW_BG[0]);
  const bg = rad(`${id}q`, ' cy=".42" r=".75"', [
    ['0', '#fff'],
    ['.55', mix(edge, '#fff', 0.5)],
    ['1', edge],
  ]);
  let body: string;
  if (view === 0) body = G('translate(40 26) scale(1.8)', art);
  else if (view === 1) body = G('translate(400 388) rotate(-10) scale(1.62) translate(-200 -205)', art);
  else if (view === 2) body = G(`translate(${f(400 - 2.3 * fx)} ${f(400 - 2.3 * fy)}) scale(2.3)`, art);
  else {
    // the retail box: a printed front, a shaded side and top, then the product in front of it
    const band = pt.c;
    const bandInk = pt.ink;
    const bsize = brand ? Math.min(32, 330 / Math.max(1, textW(brand, 1, true))) : 0;
    const msize = model ? Math.min(26, 330 / Math.max(1, textW(model, 1, true))) : 0;
    body =
      P('M90 150L170 100H560L480 150Z', mix(band, '#fff', 0.35), ' stroke="#0003"') +
      P('M480 150L560 100V580L480 650Z', mix(band, '#000', 0.3), ' stroke="#0003"') +
      R(90, 150, 390, 500, 6, '#fdfdfd', ' stroke="#0003"') +
      R(90, 150, 390, 96, 0, band) +
      (brand
        ? T(285, 198 + bsize * 0.36, bsize, bandInk, ellipsize(brand, bsize, true, 350), MID + BOLD)
        : '') +
      `<use href="#${id}a" transform="translate(145 236) scale(.7)"/>` +
      R(90, 560, 390, 90, 0, mix(band, '#fff', 0.8)) +
      (model
        ? T(285, 605 + msize * 0.36, msize, '#2b2d31', ellipsize(model, msize, true, 350), MID + BOLD)
        : '') +
      `<use href="#${id}a" transform="translate(430 400) scale(.92)"/>`;
  }
  let brandMark = '';
  if (brand && view !== 3) {
    const up = brand.toUpperCase();
    const size = Math.min(20, 300 / Math.max(1, textW(up, 1, true) + up.length * 0.12));
    brandMark = T(
      764,
      764,
      size,
      '#8d939b',
      ellipsize(up, size, true, 300),
      ' text-anchor="end" letter-spacing="2"' + BOLD,
    );
  }
  const title = clean(p.title);
  return (
    svgOpen(800, 800) +
    (title ? `<title>${esc(title)}</title>` : '') +
    `<defs>${bg}${defs(pt, art)}${view === 3 ? `<g id="${id}a">${art}</g>` : ''}</defs>` +
    `<rect width="800" height="800" fill="url(#${id}q)"/>` +
    body +
    brandMark +
    '</svg>'
  );
}

/** A 400x200 wordmark with an emblem, coloured from a hash of the name. */
export function brandLogoSvg(name: string): string {
  const n = clean(name) || 'Brand';
  const h = hash(n);
  const hue = h % 360;
  const main = hsl(hue, 0.62, 0.42);
  const accent = hsl((hue + 40 + ((h >>> 9) % 80)) % 360, 0.75, 0.58);
  const upper = (h >>> 12) % 3 === 0;
  const word = upper ? n.toUpperCase() : n;
  const initial = (Array.from(n)[0] ?? 'B').toUpperCase();
  const shapes = [
    (fill: string) => C(86, 100, 54, fill),
    (fill: string) => R(34, 48, 104, 104, 26, fill),
    (fill: string) => P('M86 44L134 72V128L86 156L38 128V72Z', fill),
    (fill: string) => R(48, 62, 76, 76, 12, fill, ' transform="rotate(45 86 100)"'),
    (fill: string) => P('M86 44Q138 44 138 96Q138 140 86 158Q34 140 34 96Q34 44 86 44Z', fill),
  ];
  const shape = shapes[(h >>> 4) % shapes.length] ?? shapes[0];
  const emblem = shape ? G('translate(10 8)', shape(accent)) + shape(main) : '';
  const t = fit(word, true, 226, 2, 50, 18);
  const lh = t.size * 1.1;
  const top = 100 - (t.lines.length * lh) / 2 + t.size * 0.78;
  const text = t.lines
    .map((l, i) => T(156, top + i * lh, t.size, '#1f2430', l, BOLD + (upper ? ' letter-spacing="1"' : '')))
    .join('');
  const under = top + (t.lines.length - 1) * lh + t.size * 0.32;
  return (
    svgOpen(400, 200) +
    `<title>${esc(n)}</title>` +
    '<rect width="400" height="200" fill="#fff"/>' +
    emblem +
    T(86, 119, 52, '#fff', initial, MID + BOLD) +
    text +
    R(158, Math.min(184, under), 46, 5, 2.5, accent) +
    '</svg>'
  );
}

/** A 400x400 category tile: a soft circle and the kind's drawing, no text. */
export function categoryImageSvg(p: { name: string; kind: ProductKind; colour: string }): string {
  const id = `c${(hash(`${p.kind}|${p.colour}`) % 1296).toString(36)}`;
  const pt = paint(p.colour, id);
  const art = scene(p.kind, pt, { title: p.name, brand: '', model: '' });
  // Very light products (white, cream) sit on a cool grey tint so the tile never washes out.
  const tint = lum(pt.c) > 0.85 ? '#c9d1db' : pt.c;
  const glow = rad(`${id}q`, ' cy=".4"', [
    ['0', '#fff'],
    ['1', mix(tint, '#fff', 0.72)],
  ]);
  const name = clean(p.name);
  return (
    svgOpen(400, 400) +
    (name ? `<title>${esc(name)}</title>` : '') +
    `<defs>${glow}${defs(pt, art)}</defs>` +
    `<rect width="400" height="400" fill="${mix(tint, '#fff', 0.93)}"/>` +
    C(200, 200, 176, `url(#${id}q)`) +
    G('translate(44 40) scale(.78)', art) +
    '</svg>'
  );
}

const PALETTES = [
  { a: '#ff9933', b: '#ffcf70', ink: '#3b1d00', accent: '#c2185b' }, // saffron
  { a: '#0f4c81', b: '#2a9d8f', ink: '#ffffff', accent: '#ffd166' }, // ocean
  { a: '#6a1b9a', b: '#d63ae8', ink: '#ffffff', accent: '#ffe14d' }, // berry
  { a: '#c9f2e1', b: '#8fdcbc', ink: '#0b4f3c', accent: '#ff6f61' }, // mint
  { a: '#141e30', b: '#2f4a6d', ink: '#ffffff', accent: '#f2c230' }, // midnight
  { a: '#ffe3d6', b: '#ffb899', ink: '#5a1e0f', accent: '#1e63c6' }, // peach
  { a: '#0b6e4f', b: '#16a35a', ink: '#ffffff', accent: '#f7b32b' }, // emerald
  { a: '#f0508f', b: '#ff7a59', ink: '#ffffff', accent: '#2b2d42' }, // rose
] as const;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Headline, subline and an optional button fitted into a box, by shrinking and wrapping. */
function textBlock(
  headline: string,
  subline: string,
  box: Box,
  o: {
    hlMax: number;
    hlLines: number;
    slLines: number;
    centre: boolean;
    top?: boolean;
    cta: boolean;
    ink: string;
    btn: string;
    btnInk: string;
    /** A class on every element, to show the block in one layout only. */
    cls?: string;
    /** The smallest headline and subline sizes to accept before giving up on the subline. */
    minHs?: number;
    minSs?: number;
  },
): { svg: string; bottom: number; ss: number; hs: number } {
  let chosen: { hs: number; ss: number; hl: string[]; sl: string[]; total: number; cta: boolean } | undefined;
  for (let k = 1; k >= 0.2 && !chosen; k -= 0.04) {
    const hs = Math.max(8, Math.floor(o.hlMax * k));
    const ss = Math.max(7, Math.floor(hs * 0.46));
    const hw = wrap(headline, hs, true, box.w, o.hlLines);
    const sw = subline
      ? wrap(subline, ss, false, box.w, o.slLines)
      : { lines: [], fits: true, broken: false };
    const cta = o.cta && textW('Shop now', ss, true) + ss * 2.4 <= box.w;
    const total =
      hw.lines.length * hs * 1.12 +
      (sw.lines.length ? ss * 0.5 + sw.lines.length * ss * 1.3 : 0) +
      (cta ? ss * 3.1 : 0);
    const last = k - 0.04 < 0.2;
    if ((hw.fits && sw.fits && !hw.broken && !sw.broken && total <= box.h) || last)
      chosen = { hs, ss, hl: hw.lines, sl: sw.lines, total, cta };
  }
  if (!chosen) return { svg: '', bottom: box.y, ss: 7, hs: 8 };
  if (subline && (chosen.hs < (o.minHs ?? 0) || chosen.ss < (o.minSs ?? 0)))
    return textBlock(headline, '', box, { ...o, minHs: undefined, minSs: undefined });
  const { hs, ss, hl, sl, total, cta } = chosen;
  const x = o.centre ? box.x + box.w / 2 : box.x;
  const anchor = (o.centre ? MID : '') + (o.cls ? ` class="${o.cls}"` : '');
  let y = box.y + (o.top ? 0 : Math.max(0, (box.h - total) / 2));
  let out = '';
  for (const line of hl) {
    out += T(x, y + hs * 0.86, hs, o.ink, line, anchor + BOLD);
    y += hs * 1.12;
  }
  if (sl.length) y += ss * 0.5;
  for (const line of sl) {
    out += T(x, y + ss * 0.95, ss, o.ink, line, anchor + op(0.88));
    y += ss * 1.3;
  }
  if (cta) {
    y += ss * 0.9;
    out += button(x, y, ss, o.centre, o.btn, o.btnInk);
    y += ss * 2.2;
  }
  return { svg: out, bottom: y, ss, hs };
}

/** A pill-shaped 'Shop now' button, its text at font size ss. */
function button(x: number, y: number, ss: number, centre: boolean, fill: string, ink: string): string {
  const bw = textW('Shop now', ss, true) + ss * 2.4;
  const bh = ss * 2.2;
  const bx = centre ? x - bw / 2 : x;
  return (
    R(bx, y, bw, bh, bh / 2, fill) + T(bx + bw / 2, y + bh / 2 + ss * 0.36, ss, ink, 'Shop now', MID + BOLD)
  );
}

/** A marketing banner of any size; the layout adapts to wide, medium and tall aspect ratios. */
export function bannerSvg(p: {
  width: number;
  height: number;
  headline: string;
  subline: string;
  kind: ProductKind;
  palette: number;
}): string {
  const W = Math.max(40, Math.round(Number.isFinite(p.width) ? p.width : 728));
  const H = Math.max(40, Math.round(Number.isFinite(p.height) ? p.height : 90));
  const pal = PALETTES[((Math.trunc(Number.isFinite(p.palette) ? p.palette : 0) % 8) + 8) % 8] ?? PALETTES[0];
  const id = `b${(hash(`${p.kind}|${pal.a}`) % 1296).toString(36)}`;
  const pt = paint(pal.accent, id);
  const art = scene(p.kind, pt, { title: p.headline, brand: '', model: '' });
  const headline = clean(p.headline);
  const subline = clean(p.subline);
  const btnInk = lum(pal.ink) > 0.5 ? pal.a : '#ffffff';
  const common = { ink: pal.ink, btn: pal.ink, btnInk };
  const pad = Math.max(8, Math.round(Math.min(W, H) * 0.08));
  let prod: { x: number; y: number; s: number };
  let text: string;
  const wide = W / H >= 1.8;
  // a carousel's previous and next buttons take about 4% of a desktop width on each side
  const inset = wide ? Math.max(pad * 1.5, W * 0.055) : pad * 1.5;
  if (wide) {
    // Wide: copy on the left, the product on the right.
    const s = H * 0.94;
    prod = { x: W - s - Math.max(pad * 0.5, W * 0.05), y: H * 0.04, s };
    const box = { x: inset, y: pad, w: prod.x - inset - pad, h: H - pad * 2 };
    text = textBlock(headline, subline, box, {
      ...common,
      hlMax: Math.min(H * 0.26, 72),
      hlLines: 2,
      slLines: H < 150 ? 1 : 2,
      centre: false,
      cta: H >= 200,
    }).svg;
  } else if (H / W >= 1.6) {
    // Tall: copy stacked at the top, the button at the bottom, the product between them.
    const box = { x: pad, y: pad * 1.5, w: W - pad * 2, h: H * 0.5 };
    const copy = textBlock(headline, subline, box, {
      ...common,
      hlMax: W * 0.19,
      hlLines: 5,
      slLines: 4,
      centre: true,
      top: true,
      cta: false,
    });
    const ss = copy.ss;
    const bh = ss * 2.2;
    const fits = textW('Shop now', ss, true) + ss * 2.4 <= W - pad * 2;
    const ctaY = H - pad * 1.5 - (fits ? bh : 0);
    const top = copy.bottom + pad;
    const s = Math.max(0, Math.min(W - pad * 2, ctaY - pad - top, H * 0.42));
    prod = { x: (W - s) / 2, y: top + (ctaY - pad - top - s) / 2, s };
    text = copy.svg + (fits ? button(W / 2, ctaY, ss, true, common.btn, common.btnInk) : '');
  } else {
    // Medium: the headline across the top, subline and button beside the product below.
    const s = Math.min(W, H) * 0.52;
    prod = { x: W - s - pad * 0.3, y: H - s - pad * 0.3, s };
    const box = { x: pad, y: pad, w: W - pad * 2, h: H - s - pad * 1.2 };
    text =
      textBlock(headline, '', box, {
        ...common,
        hlMax: H * 0.14,
        hlLines: 3,
        slLines: 0,
        centre: false,
        cta: false,
      }).svg +
      textBlock(
        '',
        subline,
        { x: pad, y: H - s - pad * 0.2, w: W - s - pad * 1.5, h: s + pad * 0.2 - pad },
        { ...common, hlMax: (H * 0.064) / 0.46, hlLines: 1, slLines: 3, centre: false, cta: true },
      ).svg;
  }
  const bg = lin(`${id}q`, ' x2="1" y2="1"', [
    ['0', pal.a],
    ['1', pal.b],
  ]);
  const product = (at: { x: number; y: number; s: number }, cls: string) =>
    C(at.x + at.s / 2, at.y + at.s / 2, at.s * 0.46, '#fff', op(0.28) + cls) +
    `<g${cls} transform="translate(${f(at.x)} ${f(at.y)}) scale(${f(at.s / 400)})"><use href="#${id}a"/></g>`;
  let layouts =
    product(prod, wide ? ' class="w"' : '') +
    (wide ? text.replaceAll('<text ', '<text class="w" ').replaceAll('<rect ', '<rect class="w" ') : text);
  let style = '';
  if (wide) {
    // On a phone a wide banner shows at a quarter of its size or less: a second layout, drawn with
    // text of at least 14 px (headline) and 11 px (subline) at 360 px wide, clear of the carousel's
    // buttons (a tenth of a phone's width on each side), replaces it below 60% of the full width.
    const k = W / 360;
    const nInset = W * 0.11;
    const s = Math.min(H * 0.86, W * 0.24);
    const at = { x: W - nInset - s, y: (H - s) / 2, s };
    const copy = textBlock(
      headline,
      subline,
      { x: nInset, y: pad * 0.6, w: at.x - nInset - pad * 0.5, h: H - pad * 1.2 },
      {
        ...common,
        hlMax: Math.min(H * 0.42, 26 * k),
        hlLines: 3,
        slLines: 1,
        centre: false,
        cta: false,
        cls: 'n',
        minHs: 14 * k,
        minSs: 11 * k,
      },
    );
    layouts += product(at, ' class="n"') + copy.svg;
    style = `<style>.n{display:none}@media (max-width:${Math.round(W * 0.6)}px){.w{display:none}.n{display:inline}}</style>`;
  } else if (H / W < 1.6) {
    // A medium tile in a two-column phone grid is about 130 px wide: below 40% of its width it
    // shows its headline alone, at least 13 px there, over the product.
    const k = W / 130;
    const s = Math.min(W, H) * 0.5;
    const at = { x: (W - s) / 2, y: H - s - pad * 0.4, s };
    const copy = textBlock(
      headline,
      '',
      { x: pad, y: pad, w: W - pad * 2, h: at.y - pad * 1.4 },
      {
        ...common,
        hlMax: Math.min(H * 0.2, 15 * k),
        hlLines: 3,
        slLines: 0,
        centre: true,
        cta: false,
        cls: 'n',
      },
    );
    layouts =
      product(prod, ' class="w"') +
      text.replaceAll('<text ', '<text class="w" ').replaceAll('<rect ', '<rect class="w" ') +
      product(at, ' class="n"') +
      copy.svg;
    style = `<style>.n{display:none}@media (max-width:${Math.round(W * 0.4)}px){.w{display:none}.n{display:inline}}</style>`;
  }
  return (
    svgOpen(W, H) +
    (headline ? `<title>${esc(headline)}</title>` : '') +
    style +
    `<defs>${bg}${defs(pt, art)}<g id="${id}a">${art}</g></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#${id}q)"/>` +
    C(W * 0.92, H * 0.1, Math.max(W, H) * 0.3, '#fff', op(0.1)) +
    C(W * 0.05, H * 1.05, Math.min(W, H) * 0.5, '#fff', op(0.08)) +
    layouts +
    '</svg>'
  );
}

/** The neutral 'no image' placeholder. */
export function defaultImageSvg(): string {
  return (
    svgOpen(800, 800) +
    '<title>No image</title>' +
    '<rect width="800" height="800" fill="#f1f3f5"/>' +
    R(270, 250, 260, 210, 22, '#fff', ' stroke="#c4cad1" stroke-width="8"') +
    C(340, 320, 24, '#c4cad1') +
    P('M286 440L372 350L430 408L466 372L514 440Z', '#c4cad1') +
    T(400, 540, 34, '#9aa1a9', 'No image', MID + BOLD) +
    '</svg>'
  );
}

/** A 200x200 round avatar with up to three initials. */
export function avatarSvg(initials: string): string {
  const chars = Array.from(clean(initials).replace(/\s/g, '')).slice(0, 3);
  const text = chars.join('').toUpperCase() || '?';
  const h = hash(text);
  const fill = hsl(h % 360, 0.5, 0.45);
  const size = Math.min(84, 150 / Math.max(1, textW(text, 1, true)));
  return (
    svgOpen(200, 200) +
    `<title>${esc(text)}</title>` +
    C(100, 100, 100, fill) +
    C(100, 100, 96, 'none', ' stroke="#fff" stroke-opacity=".25" stroke-width="4"') +
    T(100, 100 + size * 0.36, size, '#fff', text, MID + BOLD) +
    '</svg>'
  );
}
