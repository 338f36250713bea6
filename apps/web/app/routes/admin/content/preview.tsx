import { ContentPreview } from '@marketplace/domain/admin/content-api';
import { data, useLoaderData } from 'react-router';
import { ContentBlocks } from '../../../components/content-blocks.tsx';
import { HomeContentRows } from '../../../components/home/content-rows.tsx';
import type { LoaderArgs } from '../../../lib/services.ts';
import { loadContent } from './load.server.ts';
import { readDraft } from './preview-link.ts';
import '../../../components/home/home.css';

/**
 * requirements#operator-content: the page's blocks with a draft in place, drawn by the storefront's
 * own block components (the home page's rows, or a category page's), for the console's preview
 * frames. The API checks the draft and that the viewer is content staff; nothing is saved.
 */
export async function loader(args: LoaderArgs) {
  const draft = readDraft(args.url.searchParams.get('draft'));
  if (draft === null)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the root's error boundary shows it
    throw data('This preview’s address is broken. Preview the block again.', { status: 400 });
  const result = await loadContent(args, 'POST', '/api/admin/content/preview', ContentPreview, draft);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the root's error boundary shows it
  if (!result.ok) throw data(result.kind === 'refused' ? result.message : 'No preview', { status: 400 });
  return { preview: result.data };
}

export function meta() {
  return [{ title: 'Preview · Console' }, { name: 'robots', content: 'noindex' }];
}

export default function Preview() {
  const { preview } = useLoaderData<typeof loader>();
  const { page, blocks } = preview;
  return (
    <main id="main" tabIndex={-1} className={page.categoryId === null ? 'home' : 'wrap'}>
      <h1 className="sr-only">Preview of {page.name}</h1>
      {page.categoryId === null ? (
        <div className="home-body">
          <HomeContentRows rows={blocks.filter((b) => b.contentType === 'PromoBlock')} variant="promo" />
          <HomeContentRows rows={blocks.filter((b) => b.contentType === 'Home')} variant="home" />
        </div>
      ) : (
        <ContentBlocks blocks={blocks} label={page.name} />
      )}
      {blocks.length === 0 && <p>Nothing on this page shows to shoppers yet.</p>}
    </main>
  );
}
