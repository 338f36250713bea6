import {
  contentChanges,
  MODERATION_LIMITS,
  ModerationDone,
  ModerationProduct,
} from '@marketplace/domain/admin/moderation-api';
import {
  CONTENT_FIELD_LABELS,
  CONTENT_FORM_FIELDS,
  type ContentFormValues,
  contentFromForm,
  contentProblems,
  contentToForm,
  formFieldsOfApi,
} from '@marketplace/domain/sellers/listing-api';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { ContentFields } from '../../components/seller-central/listings-content-fields.tsx';
import '../../components/seller-central/listings.css';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { Badge, Table } from '../../components/ui/table.tsx';
import { flashCookie } from '../../lib/flash.server.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import './moderation.css';
import { loadConsole } from './console-api.server.ts';
import { formatMoment } from './format.ts';

export async function loader(args: LoaderArgs) {
  const id = args.params.productId ?? '';
  const found = isRecordId(id)
    ? await loadConsole(args, `/api/admin/catalog/products/${id}`, ModerationProduct)
    : null;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!found) throw data('No such product.', { status: 404 });
  return found;
}

const INTENTS = ['approve', 'reject', 'approve-edit', 'reject-edit'] as const;
type Intent = (typeof INTENTS)[number];
type ActionAnswer = {
  intent: Intent | null;
  content: ContentFormValues | null;
  reason: string;
  errors: Record<string, string>;
  message: string;
};

/**
 * requirements#operator-catalog: approve (with the staff member's edits, if any), or reject with a
 * reason, a new product or a seller's edit of a live one. Works without scripts.
 */
export async function action(args: ActionArgs) {
  const { request, context, params } = args;
  const id = params.productId ?? '';
  const form = (await readForm(request)) ?? new FormData();
  const { intent: rawIntent, reason, revisionId } = formFields(form, ['intent', 'reason', 'revisionId']);
  const intent = INTENTS.find((known) => known === rawIntent) ?? null;
  const contentValues = form.has('title') ? formFields(form, CONTENT_FORM_FIELDS) : null;
  const answer = (status: number, message: string, errors: Record<string, string> = {}) =>
    data<ActionAnswer>({ intent, content: contentValues, reason, errors, message }, { status });
  if (!isRecordId(id) || !intent) return answer(400, 'Choose approve or reject.');
  const isEdit = intent === 'approve-edit' || intent === 'reject-edit';
  if (isEdit && !isRecordId(revisionId)) return answer(400, 'Which edit?');
  const target = isEdit ? `/api/admin/catalog/revisions/${revisionId}` : `/api/admin/catalog/products/${id}`;
  const api = actionApi(context);

  let body: unknown;
  if (intent === 'reject' || intent === 'reject-edit') body = { reason };
  else {
    // the staff member's edits go with the approval only when they change something
    const current = await loadConsole(args, `/api/admin/catalog/products/${id}`, ModerationProduct);
    if (!current) return answer(404, 'No such product.');
    const proposed = isEdit ? current.revision?.content : current.content;
    if (!proposed) return answer(409, 'This edit is not waiting any more: someone decided it already.');
    const edited = contentValues ? contentFromForm(contentValues, proposed.attributes) : null;
    if (edited && !edited.ok) return answer(400, 'Check the highlighted fields.', edited.fields);
    body = edited?.ok && contentChanges(proposed, edited.value).length > 0 ? { content: edited.value } : {};
  }
  const decision = intent === 'approve' || intent === 'approve-edit' ? 'approve' : 'reject';
  const result = await api.call('POST', `${target}/${decision}`, ModerationDone, body);
  if (result.ok)
    return redirect('/admin/catalog', {
      headers: { 'set-cookie': flashCookie({ kind: 'success', text: result.data.message }) },
    });
  if (result.kind === 'unreachable') return answer(503, 'Something went wrong. Please try again.');
  if (result.status === 401) return redirect(loginPathFor(request));
  return answer(result.status, result.message, formFieldsOfApi(result.fields));
}

export function meta({ data: loaded }: { data?: ModerationProduct }) {
  return [{ title: `${loaded?.product.name ?? 'Product'} · Moderation · Console` }];
}

const STATUS_LABELS: Record<string, string> = {
  pending: 'Waiting for moderation',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** requirements#operator-catalog: one product's review: its facts, its content to edit, the decision. */
export default function CatalogProduct() {
  const { product, content, revision } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const isPending = product.moderationStatus === 'pending' && product.mergedIntoId === null;
  const errors = answer?.errors ?? {};
  // requirements#operator-catalog: stored details a rule now refuses are shown, marked to correct
  const problems = isPending ? contentProblems(content) : {};
  const revisionProblems = revision ? contentProblems(revision.content) : {};
  return (
    <div className="admin-mod">
      <div className="admin-mod-head">
        <h1>{product.name}</h1>
        <ButtonLink to="/admin/catalog" variant="secondary">
          Back to the queue
        </ButtonLink>
      </div>
      {answer?.message && <Alert tone="error">{answer.message}</Alert>}
      <section className="admin-mod-facts" aria-label="About this product">
        <div className="admin-mod-gallery">
          {product.images.map((image) => (
            <img key={image} src={image} alt="" width={120} height={120} />
          ))}
        </div>
        <dl>
          <dt>Status</dt>
          <dd>
            <Badge
              tone={
                product.moderationStatus === 'approved'
                  ? 'success'
                  : product.moderationStatus === 'rejected'
                    ? 'danger'
                    : 'warning'
              }
            >
              {product.mergedIntoId !== null
                ? 'Merged'
                : (STATUS_LABELS[product.moderationStatus] ?? product.moderationStatus)}
            </Badge>{' '}
            {product.isActive && <Link to={product.url}>View in the shop</Link>}
            {product.moderationReason && (
              <span className="admin-mod-muted"> Reason: {product.moderationReason}</span>
            )}
          </dd>
          <dt>Seller</dt>
          <dd>{product.seller?.name ?? 'The marketplace’s own catalog'}</dd>
          <dt>Category</dt>
          <dd>{product.categoryPath}</dd>
          <dt>Brand</dt>
          <dd>{product.brandName}</dd>
          {/* requirements#gst-tax: the rate follows from the code by the schedule, never typed */}
          <dt>HSN code</dt>
          <dd>{content.hsnCode || '—'}</dd>
          {product.submittedAt && (
            <>
              <dt>Submitted</dt>
              <dd>{formatMoment(product.submittedAt)}</dd>
            </>
          )}
          {content.attributes.length > 0 && (
            <>
              <dt>Filter attributes</dt>
              <dd>{content.attributes.map((item) => `${item.name}: ${item.value}`).join(', ')}</dd>
            </>
          )}
        </dl>
      </section>

      {revision && (
        <section className="admin-mod-section" aria-labelledby="edit-title">
          <h2 id="edit-title">Edit waiting for review</h2>
          <p className="admin-mod-muted">
            Submitted {formatMoment(revision.submittedAt)}. The shop shows the approved details until the edit
            is approved.
          </p>
          <Table
            label="Fields the edit changes"
            stacked
            head={
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Now</th>
                <th scope="col">Proposed</th>
              </tr>
            }
          >
            {revision.changes.map((change) => (
              <tr key={change.field}>
                <th scope="row" data-label="Field">
                  {change.label}
                </th>
                <td data-label="Now">
                  <del className="admin-mod-diff-before">{change.before || '—'}</del>
                </td>
                <td data-label="Proposed">
                  <ins className="admin-mod-diff-after">{change.after || '—'}</ins>
                </td>
              </tr>
            ))}
          </Table>
          <ProblemList problems={revisionProblems} />
          <Form method="post" className="sc-listings-form" noValidate aria-label="Approve the edit">
            <input type="hidden" name="revisionId" value={revision.id} />
            <details className="admin-mod-edit" open={Object.keys(revisionProblems).length > 0}>
              <summary>Change the proposed details before approving</summary>
              <ContentFields
                values={
                  answer?.intent === 'approve-edit' && answer.content
                    ? answer.content
                    : contentToForm(revision.content)
                }
                errors={answer?.intent === 'approve-edit' ? errors : revisionProblems}
              />
            </details>
            <div className="sc-listings-form-actions">
              <Button type="submit" name="intent" value="approve-edit" busy={busy}>
                Approve edit
              </Button>
            </div>
          </Form>
          <RejectForm
            intent="reject-edit"
            revisionId={revision.id}
            label="Reason the edit is rejected"
            button="Reject edit"
            reason={answer?.intent === 'reject-edit' ? answer.reason : ''}
            error={answer?.intent === 'reject-edit' ? (errors.reason ?? '') : ''}
            busy={busy}
          />
        </section>
      )}

      {isPending ? (
        <section className="admin-mod-section" aria-labelledby="decide-title">
          <h2 id="decide-title">Review the new product</h2>
          <ProblemList problems={problems} />
          <Form method="post" className="sc-listings-form" noValidate aria-label="Approve the product">
            <p className="admin-mod-muted">
              Correct any detail below; your changes are saved with the approval.
            </p>
            <ContentFields
              values={
                answer?.intent === 'approve' && answer.content ? answer.content : contentToForm(content)
              }
              errors={answer?.intent === 'approve' ? errors : problems}
            />
            <div className="sc-listings-form-actions">
              <Button type="submit" name="intent" value="approve" busy={busy}>
                Approve
              </Button>
            </div>
          </Form>
          <RejectForm
            intent="reject"
            label="Reason the product is rejected"
            button="Reject"
            reason={answer?.intent === 'reject' ? answer.reason : ''}
            error={answer?.intent === 'reject' ? (errors.reason ?? '') : ''}
            busy={busy}
          />
        </section>
      ) : (
        !revision && (
          <section className="admin-mod-section" aria-label="Details">
            <h2>Details</h2>
            <ul>
              {content.bulletPoints.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </ul>
            <p>{content.additionalInfo}</p>
          </section>
        )
      )}
    </div>
  );
}

/** The stored details today's rules refuse, each with what to do, above the form that corrects them. */
function ProblemList({ problems }: { problems: Record<string, string> }) {
  const entries = Object.entries(problems);
  if (entries.length === 0) return null;
  return (
    <Alert tone="warning" title="Correct these details before approving">
      <ul className="admin-mod-problems">
        {entries.map(([field, message]) => (
          <li key={field}>
            <strong>
              {CONTENT_FIELD_LABELS[field as keyof typeof CONTENT_FIELD_LABELS] ?? 'Filter attributes'}
            </strong>
            : {message}
          </li>
        ))}
      </ul>
      <p>Fix them in the form below and approve, or reject with a reason the seller reads.</p>
    </Alert>
  );
}

function RejectForm(props: {
  intent: 'reject' | 'reject-edit';
  revisionId?: number;
  label: string;
  button: string;
  reason: string;
  error: string;
  busy: boolean;
}) {
  return (
    <Form
      method="post"
      className="sc-listings-fieldset admin-mod-reject"
      noValidate
      aria-label={props.button}
    >
      {props.revisionId !== undefined && <input type="hidden" name="revisionId" value={props.revisionId} />}
      <TextAreaField
        label={props.label}
        name="reason"
        defaultValue={props.reason}
        error={props.error || undefined}
        rows={3}
        maxLength={MODERATION_LIMITS.reasonMax}
        hint="The seller reads it in Seller Central."
        wide
        required
      />
      <div className="sc-listings-form-actions">
        <Button type="submit" name="intent" value={props.intent} variant="secondary" busy={props.busy}>
          {props.button}
        </Button>
      </div>
    </Form>
  );
}
