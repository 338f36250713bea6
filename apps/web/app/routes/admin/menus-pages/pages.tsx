import { PAGE_KIND_LABELS, PageList } from '@marketplace/domain/admin/menus-pages-api';
import { data, Link, useLoaderData } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Badge, Table } from '../../../components/ui/table.tsx';
import { takeFlash } from '../../../lib/flash.server.ts';
import type { LoaderArgs } from '../../../lib/services.ts';
import { formatMoment } from '../format.ts';
import { loadConsole } from './console-api.server.ts';
import './menus-pages.css';

/** requirements#operator-content: every explore and policy page, drafts included. */
export async function loader({ request, context }: LoaderArgs) {
  const list = await loadConsole(context, request, '/api/admin/content/pages', PageList);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!list) throw data('The pages could not be loaded. Please try again.', { status: 503 });
  const { flash, headers } = takeFlash(request);
  return data({ pages: list.pages, flash }, { headers });
}

export function meta() {
  return [{ title: 'Pages · Console' }];
}

export default function Pages() {
  const { pages, flash } = useLoaderData<typeof loader>();
  return (
    <div className="admin-pages">
      <div className="admin-head">
        <h1>Explore and policy pages</h1>
        <ButtonLink to="/admin/content/pages/new">New page</ButtonLink>
      </div>
      {flash && <Alert tone={flash.kind === 'success' ? 'success' : 'error'}>{flash.text}</Alert>}
      <p className="admin-muted">
        A published page shows at its address within a minute; link it from the footer on the{' '}
        <Link to="/admin/content/menus">Menus</Link> screen.
      </p>
      <Table
        label="Pages by kind and title"
        stacked
        head={
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Kind</th>
            <th scope="col">Address</th>
            <th scope="col">Status</th>
            <th scope="col">Last changed</th>
          </tr>
        }
      >
        {pages.map((page) => (
          <tr key={page.id}>
            <td data-label="Title">
              <Link to={`/admin/content/pages/${page.id}`}>{page.title}</Link>
            </td>
            <td data-label="Kind">{PAGE_KIND_LABELS[page.kind]}</td>
            <td data-label="Address">
              <code>{page.href}</code>
            </td>
            <td data-label="Status">
              {page.isPublished ? (
                <Badge tone="success">Published</Badge>
              ) : (
                <Badge tone="neutral">Draft</Badge>
              )}
            </td>
            <td data-label="Last changed">{formatMoment(page.updatedAt)}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
