import type { StructuredData as Data } from '@marketplace/domain/seo/structured-data';

/** JSON text safe inside a script element: no tag, entity or line-separator characters survive raw. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * requirements#seo: a page's schema.org JSON-LD, in the body (search engines read it anywhere): a
 * data block the browser never runs, so it needs no nonce, and the head stays as hydration finds it.
 */
export function StructuredData({ items }: { items: readonly Data[] }) {
  return (
    <>
      {items.map((item, index) => (
        <script
          key={index}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: scriptSafeJson(item) }}
        />
      ))}
    </>
  );
}
