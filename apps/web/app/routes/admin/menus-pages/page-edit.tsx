import { PageChanged, PageDetail, PAGE_KIND_LABELS } from '@marketplace/domain/admin/menus-pages-api';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Badge } from '../../../components/ui/table.tsx';
import { fieldErrors } from '../../../lib/account-api.ts';
import { flashCookie, takeFlash } from '../../../lib/flash.server.ts';
import { formFields, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { formatMoment } from '../format.ts';
import { loadConsole, sendConsole } from './console-api.server.ts';
import { PAGE_FORM_FIELDS, PageForm, pageInputOf } from './page-form.tsx';
import './menus-pages.css';

const apiPath = (id: string) => `/api/admin/content/pages/${id}`;

export async function loader({ request, context, params }: LoaderArgs) {
  const id = params.pageId ?? '';
  const page = isRecordId(id) ? await loadConsole(context, request, apiPath(id), PageDetail) : null;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!page) throw data('No such page.', { status: 404 });
  const { flash, headers } = takeFlash(request);
  return data({ page, flash }, { headers });
}

/** requirements#operator-content: saves the page (its HTML cleaned by the server), or publishes or unpublishes it. */
export async function action({ request, context, params }: ActionArgs) {
  const id = params.pageId ?? '';
  const form = (await readForm(request)) ?? new FormData();
  const values = formFields(form, PAGE_FORM_FIELDS);
  const { intent } = formFields(form, ['intent']);
  const answer = (status: number, message: string, errors: Record<string, string> = {}) =>
    data({ values, errors, message }, { status });
  if (!isRecordId(id)) return answer(404, 'No such page.');
  const back = (text: string) =>
    redirect(`/admin/content/pages/${id}`, {
      headers: { 'set-cookie': flashCookie({ kind: 'success', text }) },
    });
  if (intent === 'publish' || intent === 'unpublish') {
    const result = await sendConsole(context, request, 'PUT', `${apiPath(id)}/publication`, PageChanged, {
      isPublished: intent === 'publish',
    });
    return result.ok ? back(result.data.message) : answer(result.status, result.message);
  }
  const parsed = pageInputOf(values);
  if (!parsed.success) return answer(400, 'Check the highlighted fields.', fieldErrors(parsed.error));
  const result = await sendConsole(context, request, 'PUT', apiPath(id), PageChanged, parsed.data);
  return result.ok ? back(result.data.message) : answer(result.status, result.message, result.fields);
}

export function meta({ data: loaded }: { data?: { page: PageDetail } }) {
  return [{ title: `${loaded?.page.title ?? 'Page'} · Console` }];
}

export default function EditPage() {
  const { page, flash } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <div className="admin-pages">
      <div className="admin-head">
        <h1>{page.title}</h1>
        <Link to="/admin/content/pages">Back to pages</Link>
      </div>
      {flash && <Alert tone={flash.kind === 'success' ? 'success' : 'error'}>{flash.text}</Alert>}
      {answer?.message && <Alert tone="error">{answer.message}</Alert>}
      <div className="admin-page-status">
        {page.isPublished ? <Badge tone="success">Published</Badge> : <Badge tone="neutral">Draft</Badge>}
        <span>
          {PAGE_KIND_LABELS[page.kind]} page at{' '}
          {page.isPublished ? <a href={page.href}>{page.href}</a> : <code>{page.href}</code>} · last changed{' '}
          {formatMoment(page.updatedAt)}
        </span>
        <Form method="post">
          <Button
            type="submit"
            name="intent"
            value={page.isPublished ? 'unpublish' : 'publish'}
            variant={page.isPublished ? 'secondary' : 'primary'}
            busy={busy}
          >
            {page.isPublished ? 'Unpublish' : 'Publish'}
          </Button>
        </Form>
      </div>
      <PageForm
        // a saved page comes back with its cleaned HTML: the editor starts again from it
        key={page.updatedAt}
        values={answer?.values ?? { title: page.title, slug: page.slug, kind: page.kind, body: page.body }}
        errors={answer?.errors ?? {}}
        busy={busy}
        submitLabel="Save page"
      />
      <section className="admin-page-preview" aria-labelledby="page-preview-heading">
        <h2 id="page-preview-heading">As saved</h2>
        {page.body ? (
          // the server cleaned this HTML to the pages' allow-list when it was saved and again when it was read
          <div className="content-body" dangerouslySetInnerHTML={{ __html: page.body }} />
        ) : (
          <p className="admin-muted">The page has no text yet.</p>
        )}
      </section>
    </div>
  );
}
