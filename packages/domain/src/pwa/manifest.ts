// requirements#pwa: the web app manifest that makes the shop installable (W3C Web Application
// Manifest). Its colours are the storefront's tokens (apps/web/app/styles/tokens.css): the header's
// brand colour for the title bar, the page's surface behind the splash screen.

/** --color-brand: the header bar, and the phone's status bar over the installed app. */
export const THEME_COLOUR = '#131921';
/** --color-surface: what the installed app shows while its first page loads. */
export const BACKGROUND_COLOUR = '#ffffff';

export const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** The manifest as served at /manifest.webmanifest. */
export function webAppManifest(siteName: string, description: string) {
  return {
    id: '/',
    name: siteName,
    short_name: siteName,
    description,
    lang: 'en-IN',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    categories: ['shopping'],
    icons: APP_ICONS,
  };
}
