// The domain's schemas load in the browser only when an answer arrives, so first-load scripts stay
// free of zod (e2e/storefront-scripts.spec.ts); zod is set up for the page's CSP as they load.

/** Loads a schema module together with the browser's zod settings (lib/browser-schemas.ts). */
export async function lazySchemas<T>(load: () => Promise<T>): Promise<T> {
  const [, schemas] = await Promise.all([import('./browser-schemas.ts'), load()]);
  return schemas;
}
