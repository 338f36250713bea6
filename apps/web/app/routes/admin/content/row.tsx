import {
  AdminContentPage,
  CATEGORY_CONTENT_TYPE,
  COLUMN_FORM_FIELDS,
  CONTENT_TYPE_LABELS,
  ColumnInput,
  type ColumnFormValues,
  ContentPreview,
  ContentSaved,
  DISPLAY_TYPE_LABELS,
  HOME_CONTENT_TYPES,
  ProductMatches,
  RowInput,
  columnFormField,
  columnFormValues,
  columnInputFromForm,
} from '@marketplace/domain/admin/content-api';
import { CONTENT_LIMITS, freeSpan } from '@marketplace/domain/admin/content';
import type { z } from 'zod';
import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Choice, Field, SelectField } from '../../../components/ui/field.tsx';
import { actionApi, formFields, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import {
  loadSitePickers,
  loadVideoLibrary,
  readImagePickers,
  readLinkPickers,
  readVideoPicker,
} from '../../../lib/site-pickers.server.ts';
import { BlockFields } from './block-form.tsx';
import { blocksPath } from './blocks.tsx';
import { loadContent, throwRefusal } from './load.server.ts';
import { PreviewFrames } from './preview-frames.tsx';
import { previewHref } from './preview-link.ts';
import './content.css';

const NEW = 'new';
const BANNER_IMAGES = ['banner1Image', 'banner2Image'] as const;
const BLOCK_LINKS = ['banner1Link', 'banner2Link', 'link'] as const;

/** requirements#operator-content: one row of a page, its blocks, and a product search to find ids. */
export async function loader(args: LoaderArgs) {
  const { url, params } = args;
  const categoryId = url.searchParams.get('categoryId') ?? '';
  const query = categoryId ? `?categoryId=${encodeURIComponent(categoryId)}` : '';
  const result = await loadContent(args, 'GET', `/api/admin/content/blocks${query}`, AdminContentPage);
  const row = result.ok ? result.data.rows.find((r) => String(r.id) === params.rowId) : undefined;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the console's error boundary shows it
  if (!result.ok || !row) throw data('That row is no longer on the page.', { status: 404 });
  const q = url.searchParams.get('q')?.trim() ?? '';
  let matches: ProductMatches['products'] | null = null;
  if (q) {
    const found = await loadContent(
      args,
      'GET',
      `/api/admin/content/products?q=${encodeURIComponent(q)}`,
      ProductMatches,
    );
    matches = found.ok ? found.data.products : [];
  }
  const [pickers, videos] = await Promise.all([
    loadSitePickers(args.context),
    loadVideoLibrary(args.context),
  ]);
  return { content: result.data, row, q, matches, saved: url.searchParams.get('saved'), ...pickers, videos };
}

type Answer = {
  /** which form answered: 'row', a block's id, or 'new' */
  form: string;
  error: string;
  fields: Record<string, string>;
  values: ColumnFormValues & Record<string, string>;
  preview: string | null;
};

export async function action({ request, context, params, url }: ActionArgs) {
  const form = await readForm(request);
  const answer = (a: Omit<Answer, 'preview'> & { preview?: string | null }, status: number) =>
    data({ preview: null, ...a }, { status });
  if (!form)
    return answer(
      { form: '', error: 'The form could not be read. Please try again.', fields: {}, values: {} },
      400,
    );
  const meta = formFields(form, [
    'intent',
    'columnId',
    'direction',
    'categoryId',
    'title',
    'contentType',
    'showTitle',
  ]);
  const categoryId = /^\d{1,9}$/.test(meta.categoryId) ? Number(meta.categoryId) : null;
  const rowId = Number(params.rowId);
  const api = actionApi(context);
  const here = `/admin/content/blocks/${rowId}${categoryId === null ? '?' : `?categoryId=${categoryId}&`}`;
  const done = (message: string) =>
    redirect(`${here}saved=${encodeURIComponent(message)}`, { headers: api.headers });
  const refused = (
    result: { ok: false; kind: 'refused' | 'unreachable' } & Partial<{
      message: string;
      fields: Record<string, string>;
      status: number;
    }>,
    key: string,
    values: Answer['values'],
  ) => {
    throwRefusal(result as Parameters<typeof throwRefusal>[0], new Request(url));
    return answer(
      { form: key, error: result.message ?? '', fields: result.fields ?? {}, values },
      result.status ?? 400,
    );
  };

  if (meta.intent === 'save-row') {
    const values = { title: meta.title, contentType: meta.contentType, showTitle: meta.showTitle };
    const parsed = RowInput.safeParse({
      title: meta.title,
      showTitle: meta.showTitle === 'on',
      contentType: meta.contentType,
    });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      return answer({ form: 'row', error: 'Please correct the fields marked below.', fields, values }, 400);
    }
    const result = await api.call('PUT', `/api/admin/content/rows/${rowId}`, ContentSaved, parsed.data);
    return result.ok ? done(result.data.message) : refused(result, 'row', values);
  }
  if (meta.intent === 'move-column' || meta.intent === 'remove-column') {
    if (!/^\d{1,9}$/.test(meta.columnId))
      return answer({ form: '', error: 'Choose a block.', fields: {}, values: {} }, 400);
    const result =
      meta.intent === 'move-column'
        ? await api.call('POST', `/api/admin/content/columns/${meta.columnId}/move`, ContentSaved, {
            direction: meta.direction === 'up' ? 'up' : 'down',
          })
        : await api.call('DELETE', `/api/admin/content/columns/${meta.columnId}`, ContentSaved);
    return result.ok ? done(result.data.message) : refused(result, meta.columnId, {});
  }
  if (meta.intent !== 'preview' && meta.intent !== 'publish')
    return answer(
      { form: '', error: 'The form could not be read. Please try again.', fields: {}, values: {} },
      400,
    );

  // a block: previewed (checked by the API, nothing saved) or published
  const key = /^\d{1,9}$/.test(meta.columnId) ? meta.columnId : NEW;
  // requirements#media-library, requirements#link-picker: a banner's new image goes to the library
  // first; a site page chosen from the list (before scripts) is the link
  const isBanner = formFields(form, ['displayType']).displayType === 'banner';
  const images = isBanner ? await readImagePickers(api, form, BANNER_IMAGES) : { paths: {}, fields: {} };
  const links = readLinkPickers(form, BLOCK_LINKS, (await loadSitePickers(context)).pages);
  // requirements#media-library (ADR-0047): a film chosen from the library's list (before scripts)
  const isVideo = formFields(form, ['displayType']).displayType === 'video';
  const film = isVideo ? readVideoPicker(form, 'video', await loadVideoLibrary(context)) : null;
  const values = {
    ...formFields(form, COLUMN_FORM_FIELDS),
    ...images.paths,
    ...links.links,
    ...(film?.video ? { video: film.video } : {}),
  };
  const picked = { ...images.fields, ...links.fields, ...film?.fields };
  if (Object.keys(picked).length > 0)
    return answer(
      { form: key, error: 'Please correct the fields marked below.', fields: picked, values },
      400,
    );
  // checked here for the form's messages; the API checks what it is sent (the form's values) again
  const input = columnInputFromForm(values);
  const parsed = ColumnInput.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      fields[columnFormField(issue.path, values.displayType)] ??= issue.message;
    return answer({ form: key, error: 'Please correct the fields marked below.', fields, values }, 400);
  }
  if (meta.intent === 'preview') {
    const row = RowInput.safeParse({
      title: meta.title,
      showTitle: meta.showTitle === 'true',
      contentType: meta.contentType,
    });
    if (!row.success)
      return answer(
        { form: key, error: 'The row could not be read. Please try again.', fields: {}, values },
        400,
      );
    const draft = {
      categoryId,
      rowId,
      row: row.data,
      // the form's values passed the schema just above
      column: { id: key === NEW ? null : Number(key), input: input as z.input<typeof ColumnInput> },
    };
    const result = await api.call('POST', '/api/admin/content/preview', ContentPreview, draft);
    if (!result.ok) {
      const failed = refused(result, key, values);
      return failed;
    }
    return answer({ form: key, error: '', fields: {}, values, preview: previewHref(draft) }, 200);
  }
  const result =
    key === NEW
      ? await api.call('POST', `/api/admin/content/rows/${rowId}/columns`, ContentSaved, input)
      : await api.call('PUT', `/api/admin/content/columns/${key}`, ContentSaved, input);
  if (result.ok) return done(result.data.message);
  const failed = refused(result, key, values);
  return failed;
}

export function meta() {
  return [{ title: 'Edit a row · Console' }];
}

export default function EditRow() {
  const { content, row, q, matches, saved, library, pages, videos } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { page, categories } = content;
  const isHome = page.categoryId === null;
  const types = isHome ? HOME_CONTENT_TYPES : ([CATEGORY_CONTENT_TYPE] as const);
  const spans = row.columns.map((c) => c.span);
  const rowAnswer = answer?.form === 'row' ? answer : null;
  // the row's hidden fields every block form sends, so a preview shows the row as it is
  const rowContext = (
    <>
      <input type="hidden" name="categoryId" value={page.categoryId ?? ''} />
      <input type="hidden" name="title" value={row.title} />
      <input type="hidden" name="showTitle" value={String(row.showTitle)} />
      <input type="hidden" name="contentType" value={row.contentType} />
    </>
  );
  const blockForm = (key: string, values: ColumnFormValues, maxSpan: number, label: string) => {
    const mine = answer?.form === key ? answer : null;
    return (
      <Form
        method="post"
        encType="multipart/form-data"
        className="ui-form-grid admin-block-form"
        aria-label={label}
        noValidate
        key={`${key}-${JSON.stringify(mine?.values ?? {})}`}
      >
        {mine?.error && (
          <Alert tone="error" className="wide">
            {mine.error}
          </Alert>
        )}
        {rowContext}
        <input type="hidden" name="columnId" value={key === NEW ? '' : key} />
        <BlockFields
          values={mine?.values ?? values}
          fields={mine?.fields ?? {}}
          maxSpan={maxSpan}
          categories={categories}
          library={library}
          videos={videos}
          pages={pages}
        />
        <div className="wide admin-content-form-actions">
          <Button type="submit" name="intent" value="preview" variant="secondary">
            Preview
          </Button>
          <Button type="submit" name="intent" value="publish">
            Publish
          </Button>
        </div>
        {mine?.preview && (
          <div className="wide">
            <PreviewFrames href={mine.preview} />
          </div>
        )}
      </Form>
    );
  };
  return (
    <div className="admin-content">
      <p className="admin-content-back">
        <Link to={blocksPath(page.categoryId)}>‹ Page blocks: {page.name}</Link>
      </p>
      <h1>{row.title || 'Untitled row'}</h1>
      {saved && (
        <Alert tone="success">
          {saved} Shoppers see it on <Link to={page.href}>{page.name}</Link> within a minute.
        </Alert>
      )}
      <Form
        method="post"
        className="ui-form-grid"
        aria-label="The row"
        noValidate
        key={JSON.stringify(rowAnswer?.values ?? row)}
      >
        {rowAnswer?.error && (
          <Alert tone="error" className="wide">
            {rowAnswer.error}
          </Alert>
        )}
        <input type="hidden" name="categoryId" value={page.categoryId ?? ''} />
        <Field
          label="Row title"
          name="title"
          maxLength={CONTENT_LIMITS.titleLength}
          defaultValue={rowAnswer?.values.title ?? row.title}
          error={rowAnswer?.fields.title}
        />
        <SelectField
          label="Where"
          name="contentType"
          defaultValue={rowAnswer?.values.contentType ?? row.contentType}
          error={rowAnswer?.fields.contentType}
        >
          {types.map((type) => (
            <option key={type} value={type}>
              {CONTENT_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <Choice label="Show the title above the row" name="showTitle" defaultChecked={row.showTitle} />
        <div className="wide">
          <Button type="submit" name="intent" value="save-row" variant="secondary">
            Save the row
          </Button>
        </div>
      </Form>

      <h2>Blocks, left to right</h2>
      <p>
        The row’s blocks take {12 - freeSpan(spans)} of its 12 columns. On phones each block takes the whole
        width.
      </p>
      {row.columns.map((column, i) => (
        <section key={column.id} className="admin-block" aria-labelledby={`block-${column.id}`}>
          <div className="admin-block-head">
            <h3 id={`block-${column.id}`}>
              {i + 1}. {DISPLAY_TYPE_LABELS[column.displayType]}
              {column.header ? `: ${column.header}` : ''} <small>({column.span}/12)</small>
            </h3>
            <div className="admin-row-actions">
              {(['up', 'down'] as const).map((direction) => (
                <Form method="post" key={direction}>
                  <input type="hidden" name="intent" value="move-column" />
                  <input type="hidden" name="columnId" value={column.id} />
                  <input type="hidden" name="direction" value={direction} />
                  <input type="hidden" name="categoryId" value={page.categoryId ?? ''} />
                  <Button
                    type="submit"
                    variant="secondary"
                    small
                    disabled={direction === 'up' ? i === 0 : i === row.columns.length - 1}
                  >
                    {direction === 'up' ? '← Left' : 'Right →'}
                  </Button>
                </Form>
              ))}
              <Form method="post">
                <input type="hidden" name="intent" value="remove-column" />
                <input type="hidden" name="columnId" value={column.id} />
                <input type="hidden" name="categoryId" value={page.categoryId ?? ''} />
                <Button type="submit" variant="link" small>
                  Remove
                </Button>
              </Form>
            </div>
          </div>
          {answer?.form === String(column.id) && !answer.values.displayType && answer.error && (
            <Alert tone="error">{answer.error}</Alert>
          )}
          {blockForm(
            String(column.id),
            columnFormValues(column),
            freeSpan(spans) + column.span,
            `Block ${i + 1}`,
          )}
        </section>
      ))}
      <section className="admin-block" aria-labelledby="block-new">
        <h3 id="block-new">Add a block</h3>
        {freeSpan(spans) === 0 ? (
          <p>This row’s blocks take all 12 columns: narrow or remove one to add another.</p>
        ) : (
          blockForm(
            NEW,
            { displayType: 'content', span: String(freeSpan(spans)) },
            freeSpan(spans),
            'Add a block',
          )
        )}
      </section>

      <section className="admin-block" aria-labelledby="find-products">
        <h2 id="find-products">Find products</h2>
        <Form method="get" className="admin-filters" aria-label="Find products">
          <input type="hidden" name="categoryId" value={page.categoryId ?? ''} />
          <Field label="Product name or id" name="q" defaultValue={q} maxLength={100} />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
        {matches && matches.length === 0 && <p>No products match “{q}”.</p>}
        {matches && matches.length > 0 && (
          <ul className="admin-product-matches" aria-label="Products found">
            {matches.map((p) => (
              <li key={p.id}>
                <img src={p.image} alt="" width={40} height={40} loading="lazy" />
                <span>
                  <strong>{p.id}</strong> {p.name}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
