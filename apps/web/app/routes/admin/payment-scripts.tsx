import {
  PAYMENT_SCRIPTS_MESSAGES,
  type PaymentPageScript,
  PaymentScriptsApproved,
  PaymentScriptsView,
  SCRIPT_KIND_LABELS,
  SCRIPT_KINDS,
  type ScriptKind,
  isTampered,
} from '@marketplace/domain/admin/payment-scripts-api';
import { formatIndianDateTime } from '@marketplace/domain/text/dates';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Badge, Table } from '../../components/ui/table.tsx';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { loadConsole } from './console-api.server.ts';
import './payment-scripts.css';

/** requirements#payment-page-scripts: the payment page's scripts, their review and the policy's reports (owners). */
export async function loader({ request, context }: LoaderArgs) {
  const view = await loadConsole({ request, context }, '/api/admin/payment-scripts', PaymentScriptsView);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!view) throw data('This page could not be loaded.', { status: 503 });
  return { view };
}

export async function action({ request, url, context }: ActionArgs) {
  const form = await readForm(request);
  const { fingerprint } = formFields(form ?? new FormData(), ['fingerprint']);
  const answer = (status: number, ok: boolean, message: string) => data({ ok, message }, { status });
  if (!form) return answer(400, false, 'This form was not understood. Please try again.');
  const result = await actionApi(context).call(
    'POST',
    '/api/admin/payment-scripts/review',
    PaymentScriptsApproved,
    {
      fingerprint,
    },
  );
  if (result.ok) return answer(200, true, result.data.message);
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(url));
  if (result.kind === 'refused') return answer(result.status, false, result.message);
  return answer(503, false, 'Something went wrong. Please try again.');
}

export function meta() {
  return [{ title: 'Payment page scripts · Console' }];
}

const shortHash = (hash: string | null) => (hash ? `${hash.slice(0, 19)}…` : '—');

/** One kind's scripts: its control said once above, each script's address, reason and integrity. */
function ScriptGroup({ kind, scripts }: { kind: ScriptKind; scripts: PaymentPageScript[] }) {
  if (scripts.length === 0) return null;
  const title = `${SCRIPT_KIND_LABELS[kind]} (${scripts.length.toLocaleString('en-IN')})`;
  return (
    <section className="pps-group" aria-label={title}>
      <h3>{title}</h3>
      <p className="pps-control">{scripts[0]?.control}</p>
      <Table
        label={`${SCRIPT_KIND_LABELS[kind]}: the scripts`}
        stacked
        head={
          <tr>
            <th scope="col">Script</th>
            <th scope="col">Why the page needs it</th>
            <th scope="col">{kind === 'external' ? 'Content now' : 'Integrity'}</th>
          </tr>
        }
      >
        {scripts.map((script) => (
          <tr key={script.src} className={isTampered(script) ? 'pps-tampered' : undefined}>
            <th scope="row" className="ui-cell-wide">
              <code className="pps-src">{script.src}</code>
              {kind === 'external' && <span className="pps-owner">{script.owner}</span>}
            </th>
            <td data-label="Why">{script.purpose}</td>
            <td data-label={kind === 'external' ? 'Content now' : 'Integrity'}>
              {isTampered(script) ? (
                <Badge tone="danger">Differs from its build</Badge>
              ) : script.integrity ? (
                <code title={script.integrity}>{shortHash(script.integrity)}</code>
              ) : kind === 'external' ? (
                script.observed ? (
                  <code title={script.observed}>{shortHash(script.observed)}</code>
                ) : (
                  <Badge tone="warning">Could not be fetched</Badge>
                )
              ) : (
                'The page’s nonce'
              )}
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

export default function PaymentScripts() {
  const { view } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { review } = view;
  const moved = [
    ...view.added.map((script) => ({ script, how: 'Added' })),
    ...view.removed.map((script) => ({ script, how: 'Removed' })),
    ...view.changed.map((script) => ({ script, how: 'Changed' })),
  ];
  return (
    <div className="pps-page">
      <h1>Payment page scripts</h1>
      <p className="pps-lead">
        Every script the payment page loads, why it is there and how it is kept to what was authorised (PCI
        DSS 4.0 requirement 6.4.3). The list is checked every 15 minutes; a change is written to the audit log
        and waits here for an owner’s review (11.6.1). The steps are in the payment page scripts document.
      </p>
      {answer && <Alert tone={answer.ok ? 'success' : 'error'}>{answer.message}</Alert>}
      {review.status === 'unchecked' ? (
        <Alert tone="info">{PAYMENT_SCRIPTS_MESSAGES.notChecked}</Alert>
      ) : review.status === 'changed' ? (
        <section className="pps-changed" aria-labelledby="pps-changed-title">
          <h2 id="pps-changed-title">The scripts changed since the last review</h2>
          <p>
            Found {review.firstSeenAt ? formatIndianDateTime(review.firstSeenAt) : ''} IST.
            {review.reviewedAt &&
              ` Last reviewed ${formatIndianDateTime(review.reviewedAt)} IST by ${review.reviewedBy ?? 'an owner'}.`}{' '}
            A new release changes our build’s files; anything else (a new address, a provider’s script whose
            content moved, a file that differs from its build) needs a closer look before you accept it.
          </p>
          {moved.length > 0 && (
            <ul className="pps-moved">
              {moved.map(({ script, how }) => (
                <li key={`${how}-${script.src}`}>
                  <Badge tone={how === 'Removed' ? 'neutral' : 'warning'}>{how}</Badge>{' '}
                  <code>{script.src}</code> ({script.owner})
                </li>
              ))}
            </ul>
          )}
          <Form method="post">
            <input type="hidden" name="fingerprint" value={review.fingerprint ?? ''} />
            <Button type="submit" disabled={navigation.state !== 'idle'}>
              I have reviewed these scripts
            </Button>
          </Form>
        </section>
      ) : (
        <p className="pps-state">
          <Badge tone="success">Reviewed</Badge> by {review.reviewedBy ?? 'an owner'}
          {review.reviewedAt && ` on ${formatIndianDateTime(review.reviewedAt)} IST`}. Last checked{' '}
          {review.checkedAt ? `${formatIndianDateTime(review.checkedAt)} IST` : 'never'}.
        </p>
      )}
      {view.scripts.length > 0 && (
        <>
          <h2>The scripts the payment page loads now</h2>
          {SCRIPT_KINDS.map((kind) => (
            <ScriptGroup
              key={kind}
              kind={kind}
              scripts={view.scripts.filter((script) => script.kind === kind)}
            />
          ))}
        </>
      )}
      <h2>The page’s Content-Security-Policy</h2>
      <p>Scripts run only from these sources; each page gets its own nonce.</p>
      <pre className="pps-policy">{view.contentSecurityPolicy.split('; ').join(';\n')}</pre>
      <h2>What browsers reported blocked (last 7 days)</h2>
      {view.violations.length === 0 ? (
        <p>No browser reported a blocked script, style, frame or connection.</p>
      ) : (
        <Table
          label="Blocked by the policy, the payment page first"
          stacked
          head={
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Directive</th>
              <th scope="col">Blocked</th>
              <th scope="col">Reports</th>
              <th scope="col">Last (IST)</th>
            </tr>
          }
        >
          {view.violations.map((row) => (
            <tr key={`${row.day}-${row.documentPath}-${row.directive}-${row.blocked}`}>
              <th scope="row" className="ui-cell-wide">
                <code>{row.documentPath}</code>
              </th>
              <td data-label="Directive">{row.directive}</td>
              <td data-label="Blocked">
                <code>{row.blocked}</code>
                {row.sourceFile && <span className="pps-owner">from {row.sourceFile}</span>}
              </td>
              <td data-label="Reports">{row.count.toLocaleString('en-IN')}</td>
              <td data-label="Last (IST)">{formatIndianDateTime(row.lastAt)}</td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
