import { BrandChanged, BrandRow, CATALOG_TREE_MESSAGES } from '@marketplace/domain/admin/catalog-tree-api';
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { BrandFields, brandBody } from './brand-form.tsx';
import { readConsole, saved, sendChange } from './console-api.server.ts';
import './catalog.css';

export async function loader(args: LoaderArgs) {
  const id = encodeURIComponent(args.params.id ?? '');
  const brand = await readConsole(args, `/api/admin/catalog/brands/${id}`, BrandRow, 'The brand');
  return { brand, done: args.url.searchParams.get('done') };
}

/** requirements#operator-catalog: saves the brand's name, registry flag, country and tagline. */
export async function action(args: ActionArgs) {
  const id = encodeURIComponent(args.params.id ?? '');
  const form = await readForm(args.request);
  const sent = await sendChange(
    args,
    'edit',
    'PATCH',
    `/api/admin/catalog/brands/${id}`,
    BrandChanged,
    brandBody(form),
  );
  return sent.ok ? saved('edit', sent.value.message) : sent.answer;
}

export function meta({ data: loaded }: { data?: Awaited<ReturnType<typeof loader>> }) {
  return [{ title: `${loaded?.brand.name ?? 'Brand'} · Brands · Console` }];
}

const DONE: Record<string, string> = {
  logo: CATALOG_TREE_MESSAGES.logoSaved,
};
/** What the logo upload answered (its page redirects back here with one of these). */
const LOGO_ERRORS: Partial<Record<string, string>> = {
  'logo-type': CATALOG_TREE_MESSAGES.logoType,
  'logo-size': CATALOG_TREE_MESSAGES.logoTooLarge,
  'logo-missing': CATALOG_TREE_MESSAGES.logoMissing,
  'logo-failed': 'The logo could not be saved. Please try again.',
};

export default function Brand() {
  const { brand, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const doneMessage = done === 'added' ? CATALOG_TREE_MESSAGES.brandAdded(brand.name) : DONE[done ?? ''];
  const logoError = LOGO_ERRORS[done ?? ''];
  return (
    <div className="admin-catalog">
      <p className="admin-cat-back">
        <Link to="/admin/catalog/brands">‹ Brands</Link>
      </p>
      <h1>{brand.name}</h1>
      <p>
        {brand.productCount} product{brand.productCount === 1 ? '' : 's'} ·{' '}
        <a href={brand.pagePath}>Its page in the shop</a>
      </p>
      {doneMessage && <Alert tone="success">{doneMessage}</Alert>}
      <div className="admin-panels">
        <section className="admin-cat-panel" aria-labelledby="edit-heading">
          <h2 id="edit-heading">Details</h2>
          <Form method="post" className="ui-form-grid">
            <BrandFields brand={brand} fields={answer?.fields ?? {}} />
            <div className="wide">
              <Button type="submit" busy={busy}>
                Save
              </Button>
            </div>
          </Form>
          {answer && (
            <Alert tone={answer.ok ? 'success' : 'error'} className="admin-answer">
              {answer.message}
            </Alert>
          )}
        </section>
        <section className="admin-cat-panel" aria-labelledby="logo-heading">
          <h2 id="logo-heading">Logo</h2>
          {brand.logo ? (
            <img className="admin-logo" src={brand.logo} alt={`${brand.name} logo`} width={96} height={96} />
          ) : (
            <p>No logo yet.</p>
          )}
          <Form
            method="post"
            action={`/admin/catalog/brands/logo?brand=${brand.id}`}
            encType="multipart/form-data"
            className="admin-panel-form"
            reloadDocument
          >
            <Field
              label="Logo image"
              name="file"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              required
              hint="JPEG, PNG, WebP or AVIF, up to 2 MB; a square image shows best."
            />
            <Button type="submit" variant="secondary">
              Upload logo
            </Button>
          </Form>
          {logoError && <Alert tone="error">{logoError}</Alert>}
        </section>
      </div>
    </div>
  );
}
