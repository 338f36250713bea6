import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const HEAD_END = '</head>';
const STYLE_OR_ICON = /<link\b[^>]*\brel="(?:stylesheet|icon)"[^>]*\/?>/g;
const AFTER_VIEWPORT = /<meta name="viewport"[^>]*\/?>/;

/**
 * The page's stylesheets first in the head, before the resource hints React writes there (the
 * module preloads of the page's scripts, preloads of its first images): on a phone's connection the
 * browser asks for the stylesheets first, and the page paints sooner. The icon moves with them so
 * the head's links keep their order for hydration (the browser entry removes the hints before
 * hydrating). Everything after the head passes through as it comes.
 */
export function moveStylesFirst(head: string): string {
  const links = head.match(STYLE_OR_ICON);
  const viewport = AFTER_VIEWPORT.exec(head);
  if (!links || !viewport) return head;
  const rest = head.replace(STYLE_OR_ICON, '');
  const at = rest.indexOf(viewport[0]) + viewport[0].length;
  return rest.slice(0, at) + links.join('') + rest.slice(at);
}

/** Passes a page's HTML through, with moveStylesFirst applied to its head. */
export function stylesFirstInHead(onFinal: () => void): Transform {
  let pending = '';
  let headDone = false;
  const decoder = new StringDecoder('utf8'); // a character split across chunks stays whole
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (headDone) return callback(null, typeof chunk === 'string' ? chunk : decoder.write(chunk));
      pending += typeof chunk === 'string' ? chunk : decoder.write(chunk);
      const end = pending.indexOf(HEAD_END);
      if (end < 0) return callback();
      headDone = true;
      const out = moveStylesFirst(pending.slice(0, end)) + pending.slice(end);
      pending = '';
      callback(null, out);
    },
    flush(callback) {
      onFinal();
      pending += decoder.end();
      callback(null, pending || undefined);
    },
  });
}
