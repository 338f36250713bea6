import { options } from 'preact';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { listenForInstallOffer } from './pwa/install-prompt.ts';

// React Router's own browser entry, for the browser's renderer, Preact (ADR-0020), with four
// additions (the fourth: hydration waits for the first paint, see firstPaint), and the service
// worker's registration at the end.
//
// 1. The router's first render waits for the state the server streamed into the page: it throws
//    a promise until that is decoded, and React's root waits there. Preact resumes a suspended
//    hydration on one DOM node only, and the router renders two (head and body), so the page
//    waits for that state first: the router is asked for once outside rendering, before anything
//    else (it throws the promise before using a hook), and hydration starts when it settles.
//
// 2. Hydration keeps the server's attributes, and React's useId gives other ids than Preact's, so
//    while the page hydrates an attribute carrying an id from useId (id, for, aria-controls,
//    aria-labelledby, …) is set to the browser's id. An element rendered later, such as a panel
//    that opens, then names the same id as the hydrated control that points at it.
//
// 3. Preact matches the head's elements to the server's in order. React's server adds resource
//    hints there (preloads of the first images, the module preloads the router renders in the
//    body), while the router renders only stylesheets and the icon in the head: a hint taken for
//    a stylesheet would leave the stylesheet out. The hints have done their work once this runs,
//    so they go before hydrating.

const PREACT_ID = /\bP\d+-\d+/;
let hydrating = false;
const previousDiffed = options.diffed?.bind(options);
options.diffed = (vnode) => {
  if (hydrating && typeof vnode.type === 'string') {
    const dom = (vnode as unknown as { __e?: Element | null }).__e;
    const props = vnode.props as Record<string, unknown>;
    if (dom && 'setAttribute' in dom)
      for (const name in props) {
        const value = props[name];
        if (typeof value !== 'string' || !PREACT_ID.test(value)) continue;
        const attribute = name === 'htmlFor' ? 'for' : name;
        if (dom.getAttribute(attribute) !== value) dom.setAttribute(attribute, value);
      }
  }
  previousDiffed?.(vnode);
};

/** Settles once the router's state from the server is decoded (or at once if it cannot tell). */
async function routerStateDecoded(): Promise<void> {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown.catch(() => undefined);
  }
}

const HEAD_LINKS = new Set(['stylesheet', 'icon', 'manifest', 'apple-touch-icon']);

function hydrate() {
  for (const link of document.head.querySelectorAll('link')) if (!HEAD_LINKS.has(link.rel)) link.remove();
  hydrating = true;
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  } finally {
    hydrating = false;
  }
}

/**
 * Settles once the browser has painted the server's HTML (or after 100 ms in a tab the browser does
 * not paint, such as one opened in the background). Scripts that arrive fast would otherwise
 * hydrate before the first paint, and the shopper would look at a blank screen meanwhile.
 */
function firstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

void Promise.all([routerStateDecoded(), firstPaint()]).then(() => startTransition(hydrate));

// requirements#pwa: the browser's offer to install the app is kept from the start (the footer's
// button uses it), and the service worker (offline page, cached build files) registers once the page has loaded,
// so it never competes with the page's own first requests. Not while developing: it would keep old modules.
listenForInstallOffer();
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
