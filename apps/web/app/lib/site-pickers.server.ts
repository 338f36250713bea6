// requirements#media-library, requirements#link-picker: what the console's image and link pickers
// offer before their scripts run, and how a form's action reads them: a file chosen is uploaded to
// the media library and its path saved; a site page chosen from the list is the link saved.
import {
  chooseVideo,
  MEDIA_LIBRARY_SOURCE,
  MEDIA_VIDEOS_SOURCE,
  MediaImage,
  MediaLibrary,
  type MediaVideo,
  MediaVideos,
} from '@marketplace/domain/admin/media-api';
import { PageList } from '@marketplace/domain/admin/menus-pages-api';
import { chooseLink, SITE_PAGES } from '@marketplace/domain/admin/site-links';
import type { AppLoadContext } from 'react-router';
import type { SitePage } from '../components/ui/link-picker.tsx';
import { requestApi } from './account-api.ts';
import type { actionApi } from './page-api.server.ts';

/** The library's newest images and the shop's published content pages (either empty if unreachable). */
export async function loadSitePickers(context: AppLoadContext) {
  const [library, pages] = await Promise.all([
    requestApi(context.api, 'GET', MEDIA_LIBRARY_SOURCE, MediaLibrary),
    requestApi(context.api, 'GET', '/api/admin/content/pages', PageList),
  ]);
  return {
    library: library.ok ? library.data.images : [],
    pages: pages.ok
      ? pages.data.pages
          .filter((page) => page.isPublished)
          .map((page): SitePage => ({ path: page.href, label: page.title }))
      : [],
  };
}

/** Each image field's path: a file posted as `{name}File` is added to the library first. */
export async function readImagePickers(
  api: ReturnType<typeof actionApi>,
  form: FormData,
  names: readonly string[],
): Promise<{ paths: Record<string, string>; fields: Record<string, string> }> {
  const paths: Record<string, string> = {};
  const fields: Record<string, string> = {};
  for (const name of names) {
    const file = form.get(`${name}File`);
    if (!(file instanceof File) || file.size === 0) continue;
    const body = new FormData();
    body.set('file', file);
    body.set('name', '');
    const added = await api.call('POST', MEDIA_LIBRARY_SOURCE, MediaImage, body);
    if (added.ok) paths[name] = added.data.path;
    else
      fields[name] =
        added.kind === 'refused'
          ? (added.fields.file ?? added.fields.name ?? added.message)
          : 'The image could not be uploaded. Please try again.';
  }
  return { paths, fields };
}

/** Each link field's link: the one typed, else the site page chosen as `{name}Page`. */
export function readLinkPickers(
  form: FormData,
  names: readonly string[],
  pages: readonly SitePage[],
): { links: Record<string, string>; fields: Record<string, string> } {
  const offered = [...SITE_PAGES.map((page) => page.path), ...pages.map((page) => page.path)];
  const links: Record<string, string> = {};
  const fields: Record<string, string> = {};
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === 'string' ? value : '';
  };
  for (const name of names) {
    const chosen = chooseLink(text(name), text(`${name}Page`), offered);
    if (chosen.ok) links[name] = chosen.link;
    else fields[name] = chosen.message;
  }
  return { links, fields };
}

/** requirements#media-library (ADR-0047): the library's newest films (empty if unreachable). */
export async function loadVideoLibrary(context: AppLoadContext): Promise<MediaVideo[]> {
  const films = await requestApi(context.api, 'GET', MEDIA_VIDEOS_SOURCE, MediaVideos);
  return films.ok ? films.data.videos : [];
}

/** A video field's film: the one typed, else the library film chosen as `{name}Library`. */
export function readVideoPicker(
  form: FormData,
  name: string,
  library: readonly MediaVideo[],
): { video: string | null; fields: Record<string, string> } {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === 'string' ? value : '';
  };
  const chosen = chooseVideo(
    text(name),
    text(`${name}Library`),
    library.map((film) => film.path),
  );
  return chosen.ok
    ? { video: chosen.video, fields: {} }
    : { video: null, fields: { [name]: chosen.message } };
}
