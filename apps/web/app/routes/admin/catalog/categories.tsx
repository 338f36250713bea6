import {
  CATALOG_TREE_LIMITS,
  CategoryChanged,
  CategoryTree,
  type CategoryRow,
} from '@marketplace/domain/admin/catalog-tree-api';
import { categoryListingType } from '@marketplace/domain/catalog/categories';
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Badge } from '../../../components/ui/table.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { readConsole, sendChange } from './console-api.server.ts';
import './catalog.css';

/** requirements#operator-catalog: the whole tree, retired categories shown as such. */
export async function loader(args: LoaderArgs) {
  const tree = await readConsole(args, '/api/admin/catalog/categories', CategoryTree, 'The category tree');
  return { categories: tree.categories, added: args.url.searchParams.get('added') };
}

/** Adds a top category; the new category's page opens. */
export async function action(args: ActionArgs) {
  const form = await readForm(args.request);
  const name = form?.get('name');
  const sent = await sendChange(args, 'add', 'POST', '/api/admin/catalog/categories', CategoryChanged, {
    parentId: null,
    name: typeof name === 'string' ? name : '',
  });
  if (!sent.ok) return sent.answer;
  return redirect(`/admin/catalog/categories/${sent.value.category.id}?done=added`);
}

export function meta() {
  return [{ title: 'Categories · Console' }];
}

function Branch({ rows, parentId }: { rows: readonly CategoryRow[]; parentId: number | null }) {
  const children = rows.filter((row) => row.parentId === parentId);
  if (children.length === 0) return null;
  return (
    <ul className="admin-tree">
      {children.map((row) => (
        <li key={row.id} className={row.isRetired ? 'is-retired' : undefined}>
          <span className="admin-tree-row">
            <Link to={`/admin/catalog/categories/${row.id}`}>{row.name}</Link>
            <span className="admin-tree-type">{categoryListingType(row.level)}</span>
            {row.productCount > 0 && (
              <span className="admin-tree-count">
                {row.liveProductCount} live of {row.productCount} product{row.productCount === 1 ? '' : 's'}
              </span>
            )}
            {row.isRetired && <Badge tone="neutral">Retired</Badge>}
          </span>
          <Branch rows={rows} parentId={row.id} />
        </li>
      ))}
    </ul>
  );
}

export default function Categories() {
  const { categories } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const live = categories.filter((row) => !row.isRetired);
  return (
    <div className="admin-catalog">
      <h1>Categories</h1>
      <p>
        {live.length} categories in use in four levels (c, sc, ssc, sssc in listing addresses). Open one to
        rename, move or retire it, add categories under it, or set a leaf’s filters.
      </p>
      <Form method="post" className="admin-cat-inline-form" aria-label="Add a top category">
        <Field
          label="New top category"
          name="name"
          required
          maxLength={CATALOG_TREE_LIMITS.nameLength}
          error={answer?.fields.name}
        />
        <Button type="submit" variant="secondary" busy={navigation.state === 'submitting'}>
          Add top category
        </Button>
      </Form>
      {answer && !answer.ok && <Alert tone="error">{answer.message}</Alert>}
      <nav aria-label="Category tree">
        <Branch rows={categories} parentId={null} />
      </nav>
    </div>
  );
}
