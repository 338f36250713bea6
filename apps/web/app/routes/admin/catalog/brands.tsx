import { BrandChanged, BrandPage } from '@marketplace/domain/admin/catalog-tree-api';
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Badge, Table } from '../../../components/ui/table.tsx';
import { readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { BrandFields, brandBody } from './brand-form.tsx';
import { readConsole, sendChange } from './console-api.server.ts';
import './catalog.css';

/** requirements#operator-catalog: brands by any part of their name, 25 a page; the API checks the query. */
export async function loader(args: LoaderArgs) {
  const query = new URLSearchParams();
  for (const name of ['q', 'page']) {
    const value = args.url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  return readConsole(args, `/api/admin/catalog/brands?${query.toString()}`, BrandPage, 'The brands');
}

/** Adds a brand; its page opens, where the logo is uploaded. */
export async function action(args: ActionArgs) {
  const form = await readForm(args.request);
  const sent = await sendChange(
    args,
    'add',
    'POST',
    '/api/admin/catalog/brands',
    BrandChanged,
    brandBody(form),
  );
  if (!sent.ok) return sent.answer;
  return redirect(`/admin/catalog/brands/${sent.value.brand.id}?done=added`);
}

export function meta() {
  return [{ title: 'Brands · Console' }];
}

export default function Brands() {
  const list = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="admin-catalog">
      <h1>Brands</h1>
      <Form method="get" className="admin-cat-inline-form" aria-label="Search brands">
        <Field label="Brand name" name="q" type="search" defaultValue={list.q} maxLength={100} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <p>
        {list.total === 1 ? '1 brand' : `${list.total} brands`}
        {list.q && ` named like “${list.q}”`}
        {list.pageCount > 1 && `, page ${list.page} of ${list.pageCount}`}
      </p>
      {list.brands.length > 0 && (
        <Table
          label="Brands"
          stacked
          head={
            <tr>
              <th scope="col">Logo</th>
              <th scope="col">Brand</th>
              <th scope="col">Registry</th>
              <th scope="col">Products</th>
              <th scope="col">In the shop</th>
            </tr>
          }
        >
          {list.brands.map((brand) => (
            <tr key={brand.id}>
              <td data-label="Logo">
                {brand.logo ? (
                  <img className="admin-logo-thumb" src={brand.logo} alt="" width={40} height={40} />
                ) : (
                  '—'
                )}
              </td>
              <td data-label="Brand">
                <Link to={`/admin/catalog/brands/${brand.id}`}>{brand.name}</Link>
              </td>
              <td data-label="Registry">
                {brand.isRegistry ? <Badge tone="info">Brand registry</Badge> : '—'}
              </td>
              <td data-label="Products">{brand.productCount}</td>
              <td data-label="In the shop">
                <a href={brand.pagePath}>Brand page</a>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={list.page} pages={list.pageCount} />

      <section className="admin-cat-panel" aria-labelledby="add-brand-heading">
        <h2 id="add-brand-heading">Add a brand</h2>
        <Form method="post" className="ui-form-grid">
          {answer && !answer.ok && (
            <Alert tone="error" className="wide">
              {answer.message}
            </Alert>
          )}
          <BrandFields fields={answer?.fields ?? {}} />
          <div className="wide">
            <Button type="submit" busy={navigation.state === 'submitting'}>
              Add brand
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
