import {
  FileGrievanceInput,
  GrievanceFiled,
  GrievanceOfficer,
  GrievanceOrders,
} from '@marketplace/domain/grievances/grievance-api';
import {
  ACKNOWLEDGE_WITHIN_HOURS,
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_LIMITS,
} from '@marketplace/domain/grievances/grievances';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { OfficerCard } from '../../components/grievances/grievance-parts.tsx';
import { GRIEVANCE_LINK_TEXT, MY_GRIEVANCES_PATH, ticketPath } from '../../components/grievances/paths.ts';
import { formatDay } from '../../components/orders/order-dates.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, SelectField, TextAreaField } from '../../components/ui/field.tsx';
import { fieldErrors, requestApi } from '../../lib/account-api.ts';
import { flashCookie } from '../../lib/flash.server.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';

const FIELDS = ['category', 'orderNo', 'subject', 'description'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
type Answer = { message: string | null; fields: Record<string, string>; values: Values };

/**
 * requirements#grievances: the grievance page of the footer: the grievance officer (from the
 * console's settings) and, for a logged-in shopper, the complaint form; `?order=` picks one of
 * their orders (My Orders links here so).
 */
export async function loader({ request, url, context }: LoaderArgs) {
  const [officer, user] = await Promise.all([
    requestApi(context.api, 'GET', '/api/grievance-officer', GrievanceOfficer),
    context.services.currentUser(request),
  ]);
  const orders = user ? await requestApi(context.api, 'GET', '/api/grievance-orders', GrievanceOrders) : null;
  const choices = orders?.ok ? orders.data.orders : [];
  const asked = url.searchParams.get('order') ?? '';
  return {
    officer: officer.ok ? officer.data : null,
    isLoggedIn: user !== null,
    orders: choices,
    chosenOrder: choices.some((order) => order.orderNo === asked) ? asked : '',
    loginPath: loginPathFor(url),
  };
}

export async function action({ request, url, context }: ActionArgs) {
  const form = await readForm(request);
  const values = formFields(form ?? new FormData(), FIELDS);
  const answer = (status: number, message: string | null, fields: Record<string, string> = {}) =>
    data<Answer>({ message, fields, values }, { status });
  if (!form) return answer(400, 'This form was not understood. Please try again.');
  const parsed = FileGrievanceInput.safeParse(values);
  if (!parsed.success) return answer(400, null, fieldErrors(parsed.error));
  const api = actionApi(context);
  const result = await api.call('POST', '/api/grievances', GrievanceFiled, parsed.data);
  if (result.ok) {
    const headers = api.headers;
    headers.append('set-cookie', flashCookie({ kind: 'success', text: result.data.message }));
    return redirect(ticketPath(result.data.ticketNo), { headers });
  }
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(url));
  if (result.kind === 'refused' && result.status === 400) return answer(400, result.message, result.fields);
  return answer(503, 'Your complaint could not be filed. Please try again.');
}

export function meta() {
  return [{ title: `${GRIEVANCE_LINK_TEXT} · Bazaar` }];
}

export default function GrievancePage() {
  const { officer, isLoggedIn, orders, chosenOrder, loginPath } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const values = answer?.values;
  const fields = answer?.fields ?? {};
  return (
    <main id="main" tabIndex={-1} className="grv-page">
      <h1>{GRIEVANCE_LINK_TEXT}</h1>
      <p className="grv-lead">
        Tell us what went wrong with an order, a seller or your account. You get a ticket number at once; we
        acknowledge your complaint within {ACKNOWLEDGE_WITHIN_HOURS} hours and resolve it within one month, as
        the Consumer Protection (E-Commerce) Rules, 2020 require.
      </p>
      <OfficerCard officer={officer} />
      <Card title="File a complaint">
        {!isLoggedIn ? (
          <div className="grv-form">
            <p className="grv-muted">Please log in to file a complaint. You come back here after.</p>
            <div className="grv-form-actions">
              <ButtonLink to={loginPath}>Log in to file a complaint</ButtonLink>
            </div>
          </div>
        ) : (
          <Form method="post" className="grv-form" noValidate aria-label="File a complaint">
            {answer?.message && <Alert tone="error">{answer.message}</Alert>}
            <SelectField
              label="What is it about?"
              name="category"
              defaultValue={values?.category ?? ''}
              error={fields.category}
              required
            >
              <option value="">Choose one</option>
              {GRIEVANCE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {GRIEVANCE_CATEGORY_LABELS[category]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Order (optional)"
              name="orderNo"
              defaultValue={values?.orderNo ?? chosenOrder}
              error={fields.orderNo}
            >
              <option value="">Not about one order</option>
              {orders.map((order) => (
                <option key={order.orderNo} value={order.orderNo}>
                  {order.orderNo} · {formatDay(order.placedAt)} · {order.summary}
                </option>
              ))}
            </SelectField>
            <Field
              label="Subject"
              name="subject"
              defaultValue={values?.subject ?? ''}
              error={fields.subject}
              maxLength={GRIEVANCE_LIMITS.subjectMax}
              hint={`${GRIEVANCE_LIMITS.subjectMin} to ${GRIEVANCE_LIMITS.subjectMax} characters`}
              required
            />
            <TextAreaField
              label="Describe the problem"
              name="description"
              rows={6}
              defaultValue={values?.description ?? ''}
              error={fields.description}
              maxLength={GRIEVANCE_LIMITS.descriptionMax}
              hint={`${GRIEVANCE_LIMITS.descriptionMin} to ${GRIEVANCE_LIMITS.descriptionMax.toLocaleString('en-IN')} characters: what happened, when, and what you would like us to do`}
              required
            />
            <div className="grv-form-actions">
              <Button type="submit" busy={busy}>
                Submit complaint
              </Button>
              <Link to={MY_GRIEVANCES_PATH}>My grievances</Link>
            </div>
          </Form>
        )}
      </Card>
    </main>
  );
}
