import { describe, expect, it } from 'vitest';
import { moveStylesFirst, stylesFirstInHead } from './styles-first.server.ts';

const HEAD =
  '<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>' +
  '<link rel="preload" as="image" href="/a.svg" fetchPriority="high"/><meta name="theme-color" content="#131921"/><title>Home – ₹</title>' +
  '<link nonce="n" rel="icon" href="/favicon.svg" type="image/svg+xml"/><link rel="modulepreload" href="/assets/entry.js" nonce="n"/>' +
  '<link nonce="n" rel="stylesheet" href="/assets/app.css"/><link nonce="n" rel="stylesheet" href="/assets/home.css"/>';

const tags = (html: string) => html.match(/<(?:link|meta|title)\b[^>]*>/g) ?? [];

describe('stylesheets first in the head', () => {
  it('puts the icon and stylesheets, in their order, right after the viewport', () => {
    const moved = moveStylesFirst(HEAD);
    expect(
      tags(moved).map(
        (t) => /rel="(\w+)"|name="([\w-]+)"|charSet|title/.exec(t)?.slice(1).find(Boolean) ?? t.slice(1, 6),
      ),
    ).toEqual([
      'meta ',
      'viewport',
      'icon',
      'stylesheet',
      'stylesheet',
      'preload',
      'theme-color',
      'title',
      'modulepreload',
    ]);
    expect(moved.indexOf('/assets/app.css')).toBeLessThan(moved.indexOf('/assets/home.css'));
    expect(moved.length).toBe(HEAD.length);
  });

  it('leaves a head without a viewport or without stylesheets as it is', () => {
    expect(moveStylesFirst('<head><title>x</title>')).toBe('<head><title>x</title>');
    expect(moveStylesFirst('<head><meta name="viewport" content="x"/><title>x</title>')).toBe(
      '<head><meta name="viewport" content="x"/><title>x</title>',
    );
  });

  it('rewrites the head across chunks, keeps characters split between chunks whole, and passes the body through', async () => {
    const page = `${HEAD}</head><body><p>₹1,699 – दिल्ली</p></body></html>`;
    const bytes = Buffer.from(page);
    let finals = 0;
    const stream = stylesFirstInHead(() => finals++);
    const out: string[] = [];
    stream.on('data', (chunk: Buffer | string) => out.push(chunk.toString()));
    const done = new Promise((resolve) => stream.on('end', resolve));
    // 7-byte chunks split the multi-byte characters
    for (let at = 0; at < bytes.length; at += 7) stream.write(bytes.subarray(at, at + 7));
    stream.end();
    await done;
    const html = out.join('');
    expect(html).toBe(`${moveStylesFirst(HEAD)}</head><body><p>₹1,699 – दिल्ली</p></body></html>`);
    expect(finals).toBe(1);
  });
});
