import { BrandChanged } from '@marketplace/domain/admin/catalog-tree-api';
import { redirect } from 'react-router';
import { actionApi, loginPathFor, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs } from '../../../lib/services.ts';

/**
 * requirements#operator-catalog: the brand page's logo form (multipart, with or without scripts)
 * goes on to the API's logo upload, then back to the brand's page with what it answered.
 */
export async function action({ request, context }: ActionArgs) {
  const url = new URL(request.url);
  const brand = url.searchParams.get('brand') ?? '';
  const back = (done: string) =>
    redirect(
      /^[1-9]\d{0,9}$/.test(brand) ? `/admin/catalog/brands/${brand}?done=${done}` : '/admin/catalog/brands',
    );
  const form = await readForm(request);
  const file = form?.get('file');
  if (!(file instanceof File) || file.size === 0) return back('logo-missing');
  const body = new FormData();
  body.set('file', file);
  const result = await actionApi(context).call(
    'POST',
    `/api/admin/catalog/brand-logo?brand=${encodeURIComponent(brand)}`,
    BrandChanged,
    body,
  );
  if (result.ok) return back('logo');
  if (result.kind === 'unreachable') return back('logo-failed');
  if (result.status === 401) return redirect(loginPathFor(request));
  if (result.status === 413) return back('logo-size');
  if (result.status === 415) return back('logo-type');
  return back('logo-failed');
}

/** Opened by hand, the address leads to the brands. */
export function loader() {
  return redirect('/admin/catalog/brands');
}
