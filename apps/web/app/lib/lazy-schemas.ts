// The domain's schemas load in the browser only when an answer arrives, so first-load scripts stay
// free of zod (e2e/storefront-scripts.spec.ts); the browser's zod is set up for the page's CSP by
// the module it resolves to (lib/zod-in-the-browser.ts).

/** Loads a schema module when it is first needed. */
export async function lazySchemas<T>(load: () => Promise<T>): Promise<T> {
  return load();
}
