import {
  AdminContentPage,
  CATEGORY_CONTENT_TYPE,
  CONTENT_TYPE_LABELS,
  ContentSaved,
  DISPLAY_TYPE_LABELS,
  HOME_CONTENT_TYPES,
  MoveInput,
  NewRowInput,
} from '@marketplace/domain/admin/content-api';
import { CONTENT_LIMITS } from '@marketplace/domain/admin/content';
import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Choice, Field, SelectField } from '../../../components/ui/field.tsx';
import { Table } from '../../../components/ui/table.tsx';
import { fieldErrors } from '../../../lib/account-api.ts';
import { actionApi, formFields, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { loadContent, throwRefusal } from './load.server.ts';
import './content.css';

/** The screen's address for a page: the home page, or a category's (`?categoryId=`). */
export const blocksPath = (categoryId: number | null) =>
  categoryId === null ? '/admin/content/blocks' : `/admin/content/blocks?categoryId=${categoryId}`;

/** requirements#operator-content: the rows of the home page or a category page. */
export async function loader(args: LoaderArgs) {
  const categoryId = args.url.searchParams.get('categoryId') ?? '';
  const query = categoryId ? `?categoryId=${encodeURIComponent(categoryId)}` : '';
  const result = await loadContent(args, 'GET', `/api/admin/content/blocks${query}`, AdminContentPage);
  if (result.ok) return { content: result.data, saved: args.url.searchParams.get('saved') };
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the console's error boundary shows it
  throw data(result.kind === 'refused' ? result.message : 'Not found', {
    status: result.kind === 'refused' && result.status === 404 ? 404 : 400,
  });
}

type Answer = { error: string; fields: Record<string, string>; values: Record<string, string> };

/** Adds, moves and removes rows; each form says which by its `intent`. */
export async function action({ request, context, url }: ActionArgs) {
  const form = await readForm(request);
  const fail = (answer: Answer, status: number) => data(answer, { status });
  if (!form)
    return fail({ error: 'The form could not be read. Please try again.', fields: {}, values: {} }, 400);
  const values = formFields(form, ['intent', 'rowId', 'title', 'contentType', 'direction', 'categoryId']);
  const categoryId = values.categoryId ? Number(values.categoryId) : null;
  const api = actionApi(context);
  const back = (message: string) =>
    redirect(
      `${blocksPath(categoryId)}${categoryId === null ? '?' : '&'}saved=${encodeURIComponent(message)}`,
      {
        headers: api.headers,
      },
    );
  let result;
  if (values.intent === 'add') {
    const parsed = NewRowInput.safeParse({
      categoryId,
      title: values.title,
      showTitle: form.get('showTitle') === 'on',
      contentType: values.contentType,
    });
    if (!parsed.success)
      return fail(
        { error: 'Please correct the fields marked below.', fields: fieldErrors(parsed.error), values },
        400,
      );
    result = await api.call('POST', '/api/admin/content/rows', ContentSaved, parsed.data);
    if (result.ok)
      return redirect(
        `/admin/content/blocks/${result.data.id}${categoryId === null ? '' : `?categoryId=${categoryId}`}`,
      );
  } else if (values.intent === 'move' || values.intent === 'remove') {
    if (!/^\d{1,9}$/.test(values.rowId)) return fail({ error: 'Choose a row.', fields: {}, values: {} }, 400);
    if (values.intent === 'move') {
      const parsed = MoveInput.safeParse({ direction: values.direction });
      if (!parsed.success) return fail({ error: 'Move up or down.', fields: {}, values: {} }, 400);
      result = await api.call(
        'POST',
        `/api/admin/content/rows/${values.rowId}/move`,
        ContentSaved,
        parsed.data,
      );
    } else result = await api.call('DELETE', `/api/admin/content/rows/${values.rowId}`, ContentSaved);
  } else return fail({ error: 'The form could not be read. Please try again.', fields: {}, values: {} }, 400);
  throwRefusal(result, new Request(url));
  if (result.ok) return back(result.data.message);
  return result.kind === 'refused'
    ? fail({ error: result.message, fields: result.fields, values }, result.status)
    : fail({ error: 'The change could not be saved. Please try again.', fields: {}, values }, 503);
}

export function meta() {
  return [{ title: 'Page blocks · Console' }];
}

const blockSummary = (row: AdminContentPage['rows'][number]) =>
  row.columns.length === 0
    ? 'No blocks yet'
    : row.columns
        .map((c) => `${DISPLAY_TYPE_LABELS[c.displayType].split(' (')[0]} (${c.span}/12)`)
        .join(' · ');

export default function PageBlocks() {
  const { content, saved } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { page, rows, categories } = content;
  const isHome = page.categoryId === null;
  const types = isHome ? HOME_CONTENT_TYPES : ([CATEGORY_CONTENT_TYPE] as const);
  const suffix = isHome ? '' : `?categoryId=${page.categoryId}`;
  return (
    <div className="admin-content">
      <p className="admin-content-back">
        <Link to="/admin/content">‹ Storefront content</Link>
      </p>
      <h1>Page blocks: {page.name}</h1>
      <Form method="get" className="admin-filters" aria-label="Choose a page">
        <SelectField label="Page" name="categoryId" defaultValue={page.categoryId ?? ''}>
          <option value="">Home page</option>
          {/* requirements#console-pickers: each category by its path of names */}
          {[...categories]
            .sort((a, b) => a.path.localeCompare(b.path))
            .map((c) => (
              <option key={c.id} value={c.id}>
                {c.path}
                {c.rowCount > 0 ? ` (${c.rowCount} row${c.rowCount === 1 ? '' : 's'})` : ''}
              </option>
            ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          Open
        </Button>
      </Form>
      <p>
        Shoppers see this page at <Link to={page.href}>{page.href}</Link>. Published changes show there within
        a minute.
      </p>
      {saved && <Alert tone="success">{saved}</Alert>}
      {answer && !answer.values.title && answer.error && <Alert tone="error">{answer.error}</Alert>}
      {rows.length === 0 ? (
        <p>This page has no rows yet.</p>
      ) : (
        <Table
          label="Rows, top to bottom"
          stacked
          head={
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Where</th>
              <th scope="col">Blocks</th>
              <th scope="col">Actions</th>
            </tr>
          }
        >
          {rows.map((row, i) => (
            <tr key={row.id}>
              <td data-label="Row">
                <Link to={`/admin/content/blocks/${row.id}${suffix}`}>{row.title || 'Untitled row'}</Link>
                {!row.showTitle && <small> (title hidden)</small>}
              </td>
              <td data-label="Where">
                {CONTENT_TYPE_LABELS[row.contentType as keyof typeof CONTENT_TYPE_LABELS] ?? row.contentType}
              </td>
              <td data-label="Blocks">{blockSummary(row)}</td>
              <td data-label="Actions">
                <div className="admin-row-actions">
                  {(['up', 'down'] as const).map((direction) => (
                    <Form method="post" key={direction}>
                      <input type="hidden" name="intent" value="move" />
                      <input type="hidden" name="rowId" value={row.id} />
                      <input type="hidden" name="direction" value={direction} />
                      <input type="hidden" name="categoryId" value={page.categoryId ?? ''} />
                      <Button
                        type="submit"
                        variant="secondary"
                        small
                        disabled={direction === 'up' ? i === 0 : i === rows.length - 1}
                        aria-label={`Move “${row.title}” ${direction}`}
                      >
                        {direction === 'up' ? '↑ Up' : '↓ Down'}
                      </Button>
                    </Form>
                  ))}
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="rowId" value={row.id} />
                    <input type="hidden" name="categoryId" value={page.categoryId ?? ''} />
                    <Button type="submit" variant="link" small aria-label={`Remove “${row.title}”`}>
                      Remove
                    </Button>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <h2>Add a row</h2>
      <Form method="post" className="ui-form-grid" aria-label="Add a row" noValidate>
        {answer?.values.title !== undefined && answer.values.intent === 'add' && (
          <Alert tone="error" className="wide">
            {answer.error}
          </Alert>
        )}
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="categoryId" value={page.categoryId ?? ''} />
        <Field
          label="Title"
          name="title"
          maxLength={CONTENT_LIMITS.titleLength}
          defaultValue={answer?.values.title}
          error={answer?.fields.title}
        />
        <SelectField
          label="Where"
          name="contentType"
          defaultValue={answer?.values.contentType ?? types[types.length - 1]}
          error={answer?.fields.contentType}
        >
          {types.map((type) => (
            <option key={type} value={type}>
              {CONTENT_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <Choice label="Show the title above the row" name="showTitle" defaultChecked />
        <div className="wide">
          <Button type="submit">Add the row</Button>
        </div>
      </Form>
    </div>
  );
}
