import { useRouteLoaderData } from 'react-router';

// requirements#media-store: with MEDIA_BASE_URL set (a CDN or the bucket's public address), the
// shop's own media paths are linked from there; anything else (an https address, blob:) is kept.

/** The address a page links for `path`: /media/x.webp → {base}x.webp when a base is set. */
export function mediaUrl(path: string, base: string | null | undefined): string;
export function mediaUrl(
  path: string | null | undefined,
  base: string | null | undefined,
): string | undefined;
export function mediaUrl(
  path: string | null | undefined,
  base: string | null | undefined,
): string | undefined {
  if (path === null || path === undefined) return undefined;
  if (!base || !path.startsWith('/media/')) return path;
  return base + path.slice('/media/'.length);
}

/** mediaUrl with the shop's MEDIA_BASE_URL, as the root loader gives it. */
export function useMediaUrl(): (path: string) => string {
  const base = useRouteLoaderData<{ mediaBaseUrl?: string | null }>('root')?.mediaBaseUrl ?? null;
  return (path) => mediaUrl(path, base);
}
