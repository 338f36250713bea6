import { ShippingZonesAnswer } from '@marketplace/domain/delivery/shipping-zones-api';
import {
  SELLER_BANK_FIELDS,
  SELLER_PROFILE_FIELDS,
  SellerProfile,
  SellerRegistrationAnswer,
} from '@marketplace/domain/sellers/seller-join';
import { PayoutAccountState, SellerBankCodesSent } from '@marketplace/domain/settlement/payout-account';
import { data, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { DocumentList } from '../../components/seller-central/onboarding-application.tsx';
import {
  type AccountAnswer,
  type AccountIntent,
  BankAccountForm,
  BusinessDetailsForm,
  ShippingZonesForm,
} from '../../components/seller-central/onboarding-account-forms.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';

const SAVED: Record<AccountIntent, string> = {
  details: 'Your business details have been saved.',
  bank: 'We sent you an OTP to confirm the change.',
  'bank-code': 'Your bank account has been changed.',
  zones: 'Your shipping settings have been saved.',
};
const UNREACHABLE = 'Your changes could not be saved. Please try again.';

/** The approved seller's details, the categories to choose from and its shipping zones. */
export async function loader({ request, context }: LoaderArgs) {
  const [registration, zones] = await Promise.all([
    loadFromApi(context, request, '/api/seller/registration', SellerRegistrationAnswer),
    loadFromApi(context, request, '/api/seller/shipping-zones', ShippingZonesAnswer),
  ]);
  const profile = registration?.application;
  // the layout sends a seller that is not approved to join; this is the same rule for the page's data
  if (!registration || !profile || profile.status !== 'approved' || !zones) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
    throw redirect('/sellercentral/join');
  }
  return {
    profile,
    categories: registration.categories,
    zones: zones.zones,
    shippingMethod: zones.shippingMethod,
  };
}

/** One of the page's three forms: business details, bank account or shipping zones (by `intent`). */
export async function action({ request, context }: ActionArgs) {
  const form = (await readForm(request)) ?? new FormData();
  const intentValue = form.get('intent');
  const intent: AccountIntent | null =
    intentValue === 'details' ||
    intentValue === 'bank' ||
    intentValue === 'bank-code' ||
    intentValue === 'zones'
      ? intentValue
      : null;
  if (!intent) {
    return data<AccountAnswer>(
      { intent: 'details', ok: false, message: 'Please use the page’s forms.', errors: {}, values: {} },
      { status: 400 },
    );
  }
  const api = actionApi(context);
  const categoryIds = form
    .getAll('categoryIds')
    .filter((value): value is string => typeof value === 'string');
  let values: Record<string, string | string[]>;
  let result;
  if (intent === 'details') {
    values = { ...formFields(form, SELLER_PROFILE_FIELDS), categoryIds };
    result = await api.call('PUT', '/api/seller/profile', SellerProfile, values);
  } else if (intent === 'bank') {
    values = formFields(form, SELLER_BANK_FIELDS);
    // requirements#payout-account: nothing changes yet; codes go to the registered email and mobile
    const sent = await api.call('PUT', '/api/seller/bank-account', SellerBankCodesSent, values);
    if (sent.ok)
      return data<AccountAnswer>(
        {
          intent,
          ok: true,
          message: sent.data.message,
          errors: {},
          values: {},
          codes: { needsMobileCode: sent.data.needsMobileCode },
        },
        { status: 202, headers: api.headers },
      );
    result = sent;
    // account numbers are never sent back into the page
    values = { bankAccountName: values.bankAccountName ?? '', bankIfsc: values.bankIfsc ?? '' };
  } else if (intent === 'bank-code') {
    const typed = formFields(form, ['emailCode', 'mobileCode'] as const);
    const codes = { needsMobileCode: form.get('needsMobileCode') !== 'no' };
    const confirmed = await api.call('POST', '/api/seller/bank-account/confirm', PayoutAccountState, {
      emailCode: typed.emailCode,
      ...(typed.mobileCode ? { mobileCode: typed.mobileCode } : {}),
    });
    if (confirmed.ok)
      return data<AccountAnswer>(
        { intent, ok: true, message: confirmed.data.message ?? SAVED[intent], errors: {}, values: {} },
        { headers: api.headers },
      );
    if (confirmed.kind === 'unreachable')
      return data<AccountAnswer>(
        { intent, ok: false, message: UNREACHABLE, errors: {}, values: {}, codes },
        { status: 503 },
      );
    if (confirmed.status === 401) return redirect(loginPathFor(request));
    return data<AccountAnswer>(
      { intent, ok: false, message: confirmed.message, errors: confirmed.fields, values: {}, codes },
      { status: confirmed.status },
    );
  } else {
    const zones = [
      ...new Set(form.getAll('zones').filter((value): value is string => typeof value === 'string')),
    ];
    values = { zones };
    const method = form.get('shippingMethod');
    result = await api.call('PUT', '/api/seller/shipping-zones', ShippingZonesAnswer, {
      zones,
      ...(typeof method === 'string' ? { shippingMethod: method } : {}),
    });
  }
  if (result.ok)
    return data<AccountAnswer>(
      { intent, ok: true, message: SAVED[intent], errors: {}, values: {} },
      { headers: api.headers },
    );
  if (result.kind === 'unreachable') {
    return data<AccountAnswer>(
      { intent, ok: false, message: UNREACHABLE, errors: {}, values },
      { status: 503 },
    );
  }
  if (result.status === 401) return redirect(loginPathFor(request));
  return data<AccountAnswer>(
    { intent, ok: false, message: result.message, errors: result.fields, values },
    { status: result.status },
  );
}

export function meta() {
  return [{ title: 'Account · Seller Central' }, { name: 'robots', content: 'noindex' }];
}

/** /sellercentral/account: the approved seller's business details, payout account, documents and shipping zones. */
export default function SellerAccount() {
  const { profile, categories, zones, shippingMethod } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const identity = profile.taxStatus === 'registered' ? profile.gstin : profile.enrolmentNo;
  return (
    <div>
      <div className="sc-page-head">
        <div>
          <h1>Account</h1>
          <p className="sc-page-lead">Your business as shoppers and our team see it.</p>
        </div>
      </div>
      <div className="sc-account">
        <div className="sc-account-main">
          <BusinessDetailsForm profile={profile} categories={categories} answer={answer} busy={busy} />
        </div>
        <div className="sc-account-side">
          <Card title="Tax identity">
            <dl className="sc-facts">
              <div className="sc-facts-row">
                <dt>Legal name</dt>
                <dd>{profile.legalName}</dd>
              </div>
              <div className="sc-facts-row">
                <dt>{profile.taxStatus === 'registered' ? 'GSTIN' : 'Enrolment number'}</dt>
                <dd>{identity}</dd>
              </div>
              <div className="sc-facts-row">
                <dt>PAN</dt>
                <dd>{profile.pan}</dd>
              </div>
            </dl>
            <Alert tone="info">
              Your legal name and GSTIN cannot be changed here once you are approved. To change them, write to
              seller support with your new GST certificate.
            </Alert>
          </Card>
          <BankAccountForm profile={profile} answer={answer} busy={busy} />
          <ShippingZonesForm
            zones={zones}
            shippingMethod={shippingMethod}
            withinStateOnly={profile.taxStatus === 'unregistered'}
            answer={answer}
            busy={busy}
          />
          <Card title="Documents">
            <DocumentList documents={profile.documents} />
          </Card>
          {/* requirements#data-export: the seller's own personal data (DPDP Act s. 11) */}
          <Card title="Your data">
            <p>
              A copy of the personal data we keep about your seller account: your profile, business and KYC
              details, addresses, payout account (masked), documents and sign-ins, as a JSON file.
            </p>
            <a className="btn-secondary" href="/api/seller/privacy/export" download>
              Download my data
            </a>
          </Card>
        </div>
      </div>
    </div>
  );
}
