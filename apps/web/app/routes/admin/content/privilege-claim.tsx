import { AdminPrivilegeClaim, PrivilegeClaimInput } from '@marketplace/domain/admin/content-api';
import { CONTENT_LIMITS, claimParagraphs } from '@marketplace/domain/admin/content';
import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, TextAreaField } from '../../../components/ui/field.tsx';
import { fieldErrors } from '../../../lib/account-api.ts';
import { actionApi, formFields, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { formatMoment } from '../format.ts';
import { loadContent, throwRefusal } from './load.server.ts';
import '../../../components/home/info.css';
import './content.css';

const PATH = '/admin/content/privilege-claim';
const NO_FIELDS: Record<string, string> = {};

/** requirements#privilege-claim, requirements#operator-content: the text and video as shoppers see them now. */
export async function loader(args: LoaderArgs) {
  const result = await loadContent(args, 'GET', `/api${PATH}`, AdminPrivilegeClaim);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the console's error boundary shows it
  if (!result.ok) throw data('The privilege claim could not be loaded. Please try again.', { status: 503 });
  return { claim: result.data, saved: args.url.searchParams.get('saved') };
}

type Answer = {
  error: string;
  fields: Record<string, string>;
  values: { text: string; video: string };
  preview: { paragraphs: string[]; video: string | null } | null;
};

/** Previews (checked, nothing saved) or publishes the text and video. */
export async function action({ request, context, url }: ActionArgs) {
  const form = await readForm(request);
  const fail = (answer: Omit<Answer, 'preview'>, status: number) =>
    data({ ...answer, preview: null }, { status });
  const values = form ? formFields(form, ['text', 'video']) : { text: '', video: '' };
  if (!form) return fail({ error: 'The form could not be read. Please try again.', fields: {}, values }, 400);
  const parsed = PrivilegeClaimInput.safeParse(values);
  if (!parsed.success)
    return fail(
      { error: 'Please correct the fields marked below.', fields: fieldErrors(parsed.error), values },
      400,
    );
  if (form.get('intent') === 'preview')
    return data({
      error: '',
      fields: NO_FIELDS,
      values,
      preview: { paragraphs: claimParagraphs(parsed.data.text), video: parsed.data.video },
    });
  const api = actionApi(context);
  const result = await api.call('PUT', `/api${PATH}`, AdminPrivilegeClaim, values);
  throwRefusal(result, new Request(url));
  if (result.ok) return redirect(`${PATH}?saved=1`, { headers: api.headers });
  return result.kind === 'refused'
    ? fail({ error: result.message, fields: result.fields, values }, result.status)
    : fail({ error: 'The text could not be saved. Please try again.', fields: {}, values }, 503);
}

export function meta() {
  return [{ title: 'Privilege claim · Console' }];
}

export default function PrivilegeClaimEditor() {
  const { claim, saved } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const values = answer?.values ?? { text: claim.text, video: claim.video ?? '' };
  return (
    <div className="admin-content">
      <p className="admin-content-back">
        <Link to="/admin/content">‹ Storefront content</Link>
      </p>
      <h1>Privilege claim</h1>
      <p>
        Shoppers read this on <Link to="/privilegeclaim">the privilege-claim page</Link>, and its start under
        “Show More” on every product page.
        {claim.updatedAt && ` Last published ${formatMoment(claim.updatedAt)}.`}
      </p>
      {saved && (
        <Alert tone="success">The privilege claim was published. Shoppers see it within a minute.</Alert>
      )}
      <Form
        method="post"
        className="ui-form-grid"
        aria-label="The privilege claim"
        noValidate
        key={JSON.stringify(answer?.values ?? null)}
      >
        {answer?.error && (
          <Alert tone="error" className="wide">
            {answer.error}
          </Alert>
        )}
        <TextAreaField
          label="Text"
          name="text"
          rows={10}
          defaultValue={values.text}
          error={answer?.fields.text}
          hint={`Plain text, up to ${CONTENT_LIMITS.privilegeClaimLength} characters. A blank line starts a new paragraph.`}
          wide
        />
        <Field
          label="Video"
          name="video"
          defaultValue={values.video}
          error={answer?.fields.video}
          hint="Optional: a file of ours (/media/…) or an https:// address."
          wide
        />
        <div className="wide admin-content-form-actions">
          <Button type="submit" name="intent" value="preview" variant="secondary">
            Preview
          </Button>
          <Button type="submit" name="intent" value="publish">
            Publish
          </Button>
        </div>
      </Form>
      {answer?.preview && (
        <section className="admin-preview" aria-label="Preview">
          <h2>Preview: not yet published</h2>
          <article className="info-block privilege">
            <h3>Privilege Claim</h3>
            {answer.preview.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            {answer.preview.video && (
              <video
                className="info-video"
                src={answer.preview.video}
                controls
                preload="metadata"
                aria-label="Privilege claim video"
              />
            )}
          </article>
        </section>
      )}
    </div>
  );
}
