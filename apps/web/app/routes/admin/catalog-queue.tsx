import { ModerationQueue } from '@marketplace/domain/admin/moderation-api';
import { data, Link, useLoaderData } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Badge, Table } from '../../components/ui/table.tsx';
import { takeFlash } from '../../lib/flash.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import './moderation.css';
import { loadConsole } from './console-api.server.ts';
import { formatMoment } from './format.ts';

export async function loader(args: LoaderArgs) {
  const queue = await loadConsole(args, '/api/admin/catalog/queue', ModerationQueue);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!queue) throw data('The moderation queue could not be loaded. Please try again.', { status: 503 });
  const { flash, headers } = takeFlash(args.request);
  return data({ queue, flash }, { headers });
}

export function meta() {
  return [{ title: 'Moderation · Console' }];
}

/** requirements#operator-catalog: new products and edits of live ones waiting for review, oldest first. */
export default function CatalogQueue() {
  const { queue, flash } = useLoaderData<typeof loader>();
  return (
    <div className="admin-mod">
      <div className="admin-mod-head">
        <h1>Moderation queue</h1>
        <ButtonLink to="/admin/catalog/merge" variant="secondary">
          Merge duplicate products
        </ButtonLink>
      </div>
      {flash && <Alert tone={flash.kind === 'success' ? 'success' : 'error'}>{flash.text}</Alert>}
      <p>
        {queue.total === 0
          ? 'Nothing waits for review.'
          : `${queue.total} waiting, oldest first${queue.total > queue.items.length ? ` (the first ${queue.items.length} shown)` : ''}.`}
      </p>
      {queue.items.length > 0 && (
        <Table
          label="Products and edits waiting for review, oldest first"
          stacked
          head={
            <tr>
              <th scope="col">Submitted</th>
              <th scope="col">Product</th>
              <th scope="col">What</th>
              <th scope="col">Seller</th>
              <th scope="col">Category</th>
              <th scope="col">Brand</th>
            </tr>
          }
        >
          {queue.items.map((item) => (
            <tr key={`${item.kind}-${item.id}`}>
              <td data-label="Submitted">{formatMoment(item.submittedAt)}</td>
              <td data-label="Product">
                <span className="admin-mod-product">
                  <img src={item.image} alt="" width={48} height={48} loading="lazy" />
                  <Link to={`/admin/catalog/products/${item.productId}`}>{item.productName}</Link>
                </span>
              </td>
              <td data-label="What">
                {item.kind === 'product' ? (
                  <Badge tone="info">New product</Badge>
                ) : (
                  <>
                    <Badge tone="warning">Edit</Badge>{' '}
                    <span className="admin-mod-muted">{item.changed.join(', ')}</span>
                  </>
                )}
              </td>
              <td data-label="Seller">{item.sellerName}</td>
              <td data-label="Category">{item.categoryPath}</td>
              <td data-label="Brand">{item.brandName}</td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
