import sanitizeHtml from 'sanitize-html';

/**
 * requirements#operator-content: what an explore or policy page's HTML may hold. Headings (the
 * page's own title is its h1, so an h1 written in the editor becomes an h2), paragraphs, line
 * breaks, bold, italic, underline and strike, lists, quotes, rules, simple tables, and links to
 * https, http, mailto and tel addresses or to paths on this site. No scripts, styles, classes, ids,
 * event handlers, forms, images, frames or SVG: their tags go, and script and style take their text
 * with them.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  // rel and target are the link transform's own: it rebuilds a link's attributes from href and title
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'template',
    'xmp',
    'iframe',
    'object',
  ],
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      // a link away from the site opens in a new tab that cannot reach back into this one
      const isExternal = /^\s*https?:/i.test(href ?? '');
      return {
        tagName,
        attribs: {
          ...(href === undefined ? {} : { href }),
          ...(title === undefined ? {} : { title }),
          rel: 'noopener noreferrer',
          ...(isExternal ? { target: '_blank' } : {}),
        },
      };
    },
  },
};

// control characters other than tab, line feed and carriage return never belong in a page
// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A page's HTML cleaned to the allow-list; cleaning clean HTML again changes nothing. */
export function sanitizePageHtml(html: string): string {
  const text = html.replace(CONTROL_CHARACTERS, '');
  return sanitizeHtml(text, OPTIONS).trim();
}
