import { PageChanged } from '@marketplace/domain/admin/menus-pages-api';
import { data, Link, redirect, useActionData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { fieldErrors } from '../../../lib/account-api.ts';
import { flashCookie } from '../../../lib/flash.server.ts';
import { formFields, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs } from '../../../lib/services.ts';
import { sendConsole } from './console-api.server.ts';
import { PAGE_FORM_FIELDS, PageForm, type PageFormValues, pageInputOf } from './page-form.tsx';
import './menus-pages.css';

const EMPTY: PageFormValues = { title: '', slug: '', kind: 'policy', body: '' };

/** requirements#operator-content: a new page starts as a draft; its editor opens next. */
export async function action({ request, context }: ActionArgs) {
  const form = (await readForm(request)) ?? new FormData();
  const values = formFields(form, PAGE_FORM_FIELDS);
  const answer = (status: number, message: string, errors: Record<string, string> = {}) =>
    data({ values, errors, message }, { status });
  const parsed = pageInputOf(values);
  if (!parsed.success) return answer(400, 'Check the highlighted fields.', fieldErrors(parsed.error));
  const result = await sendConsole(
    context,
    request,
    'POST',
    '/api/admin/content/pages',
    PageChanged,
    parsed.data,
  );
  if (!result.ok) return answer(result.status, result.message, result.fields);
  return redirect(`/admin/content/pages/${result.data.page.id}`, {
    headers: { 'set-cookie': flashCookie({ kind: 'success', text: result.data.message }) },
  });
}

export function meta() {
  return [{ title: 'New page · Console' }];
}

export default function NewPage() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <div className="admin-pages">
      <div className="admin-head">
        <h1>New page</h1>
        <Link to="/admin/content/pages">Back to pages</Link>
      </div>
      {answer?.message && <Alert tone="error">{answer.message}</Alert>}
      <PageForm
        values={answer?.values ?? EMPTY}
        errors={answer?.errors ?? {}}
        busy={busy}
        submitLabel="Create draft"
      />
    </div>
  );
}
