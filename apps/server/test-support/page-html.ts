// A page's first HTML as tests read it: what the browser shows before scripts run.

/**
 * The HTML without its scripts and React's text separators (`<!-- -->`). The scripts carry the
 * loader data, and with it the page's message catalogs (requirements#languages): a test that a
 * page does not say something reads what is rendered, not every message the page could say.
 */
export function shownHtml(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replaceAll('<!-- -->', '');
}

/**
 * The page's words as shown: tags taken out (a `translate="no"` element around a stored name splits
 * no sentence), the common entities decoded and spaces collapsed.
 */
export function shownText(html: string): string {
  return shownHtml(html)
    .replace(/<(style|template)\b[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, '')
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');
}
