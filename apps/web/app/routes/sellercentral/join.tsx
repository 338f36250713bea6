import {
  SELLER_JOIN_FIELDS,
  SELLER_JOIN_MESSAGES,
  SellerRegistrationAnswer,
} from '@marketplace/domain/sellers/seller-join';
import { data, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { ApplicationSummary } from '../../components/seller-central/onboarding-application.tsx';
import {
  type JoinErrors,
  JoinForm,
  type JoinValues,
  valuesOfApplication,
} from '../../components/seller-central/onboarding-join-form.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/table.tsx';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { formatIndianDate } from '@marketplace/domain/text/dates';

const DASHBOARD = '/sellercentral';
const UNREACHABLE = 'Your application could not be sent. Please try again.';

/** requirements#seller-onboarding: the account's application, if any; an approved seller has nothing to do here. */
export async function loader({ request, context }: LoaderArgs) {
  const answer = await loadFromApi(context, request, '/api/seller/registration', SellerRegistrationAnswer);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
  if (!answer) throw redirect(loginPathFor(request));
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- as above
  if (answer.application?.status === 'approved') throw redirect(DASHBOARD);
  return { categories: answer.categories, application: answer.application };
}

type ActionAnswer = { values: JoinValues; errors: JoinErrors; message: string };

/** The joining form, posted with its documents (multipart), sent on to the seller API as it came. */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  if (!form) {
    return data<ActionAnswer>(
      { values: {}, errors: {}, message: 'The form could not be read. Please send it again.' },
      { status: 400 },
    );
  }
  const values: JoinValues = {
    ...formFields(form, SELLER_JOIN_FIELDS),
    categoryIds: form.getAll('categoryIds').filter((value): value is string => typeof value === 'string'),
  };
  // the account number is never sent back into the page
  values.bankAccountNumber = '';
  const api = actionApi(context);
  const result = await api.call('POST', '/api/seller/registration', SellerRegistrationAnswer, form);
  if (result.ok) return redirect('/sellercentral/join', { headers: api.headers });
  if (result.kind === 'unreachable')
    return data<ActionAnswer>({ values, errors: {}, message: UNREACHABLE }, { status: 503 });
  if (result.status === 401) return redirect(loginPathFor(request));
  return data<ActionAnswer>(
    { values, errors: result.fields, message: result.message },
    { status: result.status, headers: api.headers },
  );
}

export function meta() {
  return [{ title: 'Join Seller Central' }, { name: 'robots', content: 'noindex' }];
}

/** /sellercentral/join: apply to sell, see the application under review, or correct a rejected one. */
export default function JoinSellerCentral() {
  const { categories, application } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';

  if (application?.status === 'pending') {
    return (
      <div className="sc-join">
        <div className="sc-page-head">
          <div>
            <h1>Your application is under review</h1>
            <p className="sc-page-lead">
              We check your business details and documents, usually within 2 working days. You can list and
              sell once your account is approved.
            </p>
          </div>
          <Badge tone="warning">Under review</Badge>
        </div>
        <Alert tone="info" className="sc-status" title={SELLER_JOIN_MESSAGES.submitted}>
          Submitted on {formatDate(application.submittedAt)}. This is what you sent:
        </Alert>
        <ApplicationSummary application={application} />
      </div>
    );
  }
  if (application?.status === 'suspended') {
    // requirements#operator-sellers: the seller reads why, and still fulfils its open orders
    return (
      <div className="sc-join">
        <div className="sc-page-head">
          <h1>Your seller account is suspended</h1>
          <Badge tone="danger">Suspended</Badge>
        </div>
        <Alert tone="error" className="sc-status" title="Your listings are hidden from the shop">
          {application.suspensionReason}
        </Alert>
        <p>
          Shoppers cannot find or buy your listings until your account is reinstated. Please still ship the
          orders you have and answer their requests: <Link to="/sellercentral/orders">Orders</Link>,{' '}
          <Link to="/sellercentral/returns">Returns</Link> and{' '}
          <Link to="/sellercentral/messages">Messages</Link> stay open to you. To ask for reinstatement, write
          to seller support.
        </p>
      </div>
    );
  }

  const rejected = application?.status === 'rejected' ? application : null;
  const values = answer?.values ?? (rejected ? valuesOfApplication(rejected) : {});
  const errors = answer?.errors ?? {};
  const formMessage = answer && Object.keys(answer.errors).length === 0 ? answer.message : null;
  return (
    <div className="sc-join">
      <div className="sc-page-head">
        <div>
          <h1>{rejected ? 'Correct your application' : 'Start selling on bazaar.in'}</h1>
          <p className="sc-page-lead">
            {rejected
              ? 'Change what the review team asked for and send your application again.'
              : 'Tell us about your business. Keep your GSTIN (or GST enrolment number), PAN, bank details, a GST certificate and a cancelled cheque at hand.'}
          </p>
        </div>
        {rejected && <Badge tone="danger">Not approved</Badge>}
      </div>
      {rejected && (
        <Alert tone="error" className="sc-status" title="Your application was not approved">
          {rejected.rejectionReason}
        </Alert>
      )}
      {formMessage && (
        <Alert tone="error" className="sc-status">
          {formMessage}
        </Alert>
      )}
      <JoinForm
        categories={categories}
        values={values}
        errors={errors}
        busy={busy}
        isCorrection={rejected !== null}
      />
    </div>
  );
}

function formatDate(iso: string | null): string {
  if (!iso) return '';
  return formatIndianDate(iso);
}
