/**
 * A Code 128 reader for tests, independent of the library that draws the bars: it measures the
 * bars of an SVG (vertical strokes, centred on x, as wide as their stroke), turns them into
 * module widths and decodes the symbols with the standard's width table, checking the start code,
 * the check symbol and the stop pattern, as a scanner does.
 */
const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
];
const STOP = '2331112';

/** The widths (in modules) of the bars and spaces, first bar first. */
export function moduleWidths(svg: string): number[] {
  const bars: { left: number; right: number }[] = [];
  for (const path of svg.matchAll(/<path[^>]*stroke-width="([\d.]+)"[^>]*d="([^"]+)"/g)) {
    const width = Number(path[1]);
    for (const move of (path[2] ?? '').matchAll(/M([\d.]+) [\d.]+L([\d.]+) [\d.]+/g)) {
      const x = Number(move[1]);
      if (x !== Number(move[2])) throw new Error('only vertical bars are expected');
      bars.push({ left: x - width / 2, right: x + width / 2 });
    }
  }
  bars.sort((a, b) => a.left - b.left);
  const widths: number[] = [];
  for (const [index, bar] of bars.entries()) {
    const previous = bars[index - 1];
    if (previous) widths.push(bar.left - previous.right);
    widths.push(bar.right - bar.left);
  }
  const unit = Math.min(...widths);
  return widths.map((w) => Math.round(w / unit));
}

/** The text a scanner reads from the barcode (sets A, B and C with their switches). */
export function decodeCode128(svg: string): string {
  const widths = moduleWidths(svg).join('');
  if (!widths.endsWith(STOP)) throw new Error('no stop pattern');
  const body = widths.slice(0, -STOP.length);
  if (body.length % 6 !== 0) throw new Error('the symbols are not 6 elements each');
  const values: number[] = [];
  for (let at = 0; at < body.length; at += 6) {
    const value = PATTERNS.indexOf(body.slice(at, at + 6));
    if (value < 0) throw new Error(`unknown symbol ${body.slice(at, at + 6)}`);
    values.push(value);
  }
  const [start, ...rest] = values;
  const check = rest.pop();
  if (start === undefined || check === undefined || start < 103) throw new Error('no start code');
  const sum = rest.reduce((total, value, index) => total + value * (index + 1), start);
  if (sum % 103 !== check) throw new Error('the check symbol does not match');
  let set: 'A' | 'B' | 'C' = start === 103 ? 'A' : start === 104 ? 'B' : 'C';
  let text = '';
  for (const value of rest) {
    if (set === 'C') {
      if (value < 100) text += String(value).padStart(2, '0');
      else if (value === 100) set = 'B';
      else if (value === 101) set = 'A';
      else throw new Error(`unexpected ${value} in set C`);
    } else if (value < 96) {
      text +=
        set === 'B'
          ? String.fromCharCode(value + 32)
          : String.fromCharCode(value < 64 ? value + 32 : value - 64);
    } else if (value === 99) set = 'C';
    else if (value === 100 && set === 'A') set = 'B';
    else if (value === 101 && set === 'B') set = 'A';
    else throw new Error(`unexpected ${value} in set ${set}`);
  }
  return text;
}
