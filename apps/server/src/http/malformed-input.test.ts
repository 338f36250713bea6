import { describe, expect, it } from 'vitest';
import { checkJson, MAX_JSON_DEPTH } from './malformed-input.ts';

const nested = (depth: number, leaf: unknown) => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('checking a parsed JSON body', () => {
  it('refuses a body deeper than the limit, and takes one at it', () => {
    expect(checkJson(nested(MAX_JSON_DEPTH + 1, 1))).toEqual({ kind: 'too-deep' });
    expect(checkJson(nested(MAX_JSON_DEPTH, 1))).toEqual({ kind: 'ok' });
  });

  it('walks 200,000 levels without recursion and without copying a path per level', () => {
    // a recursive walk overflows the stack here; copying the path at each level is 2·10^10 copies
    const started = performance.now();
    expect(checkJson(nested(200_000, 'x\u0000'), Number.POSITIVE_INFINITY)).toMatchObject({
      kind: 'unstorable',
    });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('names the first bad field by its dotted path, a bad key as _', () => {
    expect(checkJson({ a: ['ok', { b: 'x\u0000' }], c: 'y\u0000' })).toEqual({
      kind: 'unstorable',
      field: 'a.1.b',
    });
    expect(checkJson({ list: [{ ['k\u0000']: 1 }] })).toEqual({ kind: 'unstorable', field: 'list.0._' });
    expect(checkJson('\ud800')).toEqual({ kind: 'unstorable', field: '_' });
    expect(checkJson({ fine: ['🙂', 1, null, true] })).toEqual({ kind: 'ok' });
  });
});
