import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { ZONES, type Zone } from '@marketplace/domain/delivery/constants';
import type { SELLER_PROFILE_FIELDS, SellerProfile } from '@marketplace/domain/sellers/seller-join';

type ProfileField = (typeof SELLER_PROFILE_FIELDS)[number];
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Choice, Field, FieldError, RadioGroup, TextAreaField } from '../ui/field.tsx';
import {
  type ShippingMethod,
  SHIPPING_METHOD_LABELS,
  SHIPPING_METHODS,
} from '@marketplace/domain/delivery/shipping-zones-api';
import './onboarding.css';

export type AccountIntent = 'details' | 'bank' | 'bank-code' | 'zones';
export type AccountAnswer = {
  intent: AccountIntent;
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string | string[]>;
  /** requirements#payout-account: the codes of a bank account change are on their way */
  codes?: { needsMobileCode: boolean };
};

/** The answer for this form, if the last post was this form's. */
function answerFor(answer: AccountAnswer | undefined, intent: AccountIntent) {
  return answer?.intent === intent ? answer : undefined;
}

function Outcome({ answer }: { answer: AccountAnswer | undefined }) {
  if (!answer) return null;
  return <Alert tone={answer.ok ? 'success' : 'error'}>{answer.message}</Alert>;
}

function Submit({ intent, busy, children }: { intent: AccountIntent; busy: boolean; children: ReactNode }) {
  return (
    <div className="sc-join-actions">
      <Button type="submit" name="intent" value={intent} busy={busy}>
        {children}
      </Button>
    </div>
  );
}

/** requirements#seller-onboarding: what an approved seller changes itself: display name, places, contact, categories. */
export function BusinessDetailsForm({
  profile,
  categories,
  answer,
  busy,
}: {
  profile: SellerProfile;
  categories: readonly { id: number; name: string }[];
  answer: AccountAnswer | undefined;
  busy: boolean;
}) {
  const mine = answerFor(answer, 'details');
  const posted = mine && !mine.ok ? mine.values : null;
  const errors = mine?.errors ?? {};
  const value = (name: ProfileField) => {
    const typed = posted?.[name];
    if (typeof typed === 'string') return typed;
    const saved = profile[name];
    return typeof saved === 'string' ? saved : '';
  };
  const text = (name: ProfileField) => ({
    name,
    defaultValue: value(name),
    error: errors[name],
  });
  const ticked = new Set(
    posted ? [posted.categoryIds ?? []].flat() : profile.categories.map((category) => String(category.id)),
  );
  return (
    <Card title="Business details">
      <Form method="post" className="ui-form" noValidate>
        <Outcome answer={mine} />
        <div className="ui-form-grid">
          <Field
            label="Display name"
            hint="Shoppers see this name on your offers"
            required
            {...text('displayName')}
          />
          <Field
            label="Legal name"
            name="legalName"
            defaultValue={profile.legalName}
            readOnly
            disabled
            hint="Changed by our team only"
          />
          <TextAreaField label="Pickup address" rows={3} wide required {...text('pickupAddress')} />
          <Field
            label="Pickup pincode"
            hint="Your offers ship from here"
            inputMode="numeric"
            maxLength={6}
            required
            {...text('pickupPincode')}
          />
          <TextAreaField label="Return address" rows={3} wide required {...text('returnAddress')} />
          <Field
            label="Return pincode"
            inputMode="numeric"
            maxLength={6}
            required
            {...text('returnPincode')}
          />
          <Field label="Contact name" required {...text('contactName')} />
          <Field label="Email" type="email" required {...text('contactEmail')} />
          <Field
            label="Mobile number"
            type="tel"
            inputMode="numeric"
            maxLength={14}
            required
            {...text('contactMobile')}
          />
        </div>
        <fieldset className={`ui-field sc-join-categories${errors.categoryIds ? ' has-error' : ''}`}>
          <legend>Categories you sell in</legend>
          <div className="sc-join-category-list">
            {categories.map((category) => (
              <Choice
                key={category.id}
                name="categoryIds"
                value={String(category.id)}
                label={category.name}
                defaultChecked={ticked.has(String(category.id))}
              />
            ))}
          </div>
          {errors.categoryIds && <FieldError>{errors.categoryIds}</FieldError>}
        </fieldset>
        <Submit intent="details" busy={busy}>
          Save business details
        </Submit>
      </Form>
    </Card>
  );
}

/** The payout account, masked; replacing it is its own deliberate form with the number typed twice. */
export function BankAccountForm({
  profile,
  answer,
  busy,
}: {
  profile: SellerProfile;
  answer: AccountAnswer | undefined;
  busy: boolean;
}) {
  const mine = answerFor(answer, 'bank');
  const codeStep = answerFor(answer, 'bank-code');
  const errors = mine && !mine.ok ? mine.errors : {};
  const typed = (name: string) => {
    const value = mine && !mine.ok ? mine.values[name] : undefined;
    return typeof value === 'string' ? value : '';
  };
  // requirements#payout-account: step 2, the codes sent to the registered email and mobile
  const codes = (mine?.ok && mine.codes) || (codeStep && !codeStep.ok ? codeStep.codes : undefined);
  return (
    <Card title="Bank account for payouts">
      {codeStep?.ok && <Outcome answer={codeStep} />}
      <dl className="sc-facts">
        <div className="sc-facts-row">
          <dt>Account holder</dt>
          <dd>{profile.bankAccountName}</dd>
        </div>
        <div className="sc-facts-row">
          <dt>Account number</dt>
          <dd>{profile.bankAccountMasked}</dd>
        </div>
        <div className="sc-facts-row">
          <dt>IFSC</dt>
          <dd>{profile.bankIfsc}</dd>
        </div>
      </dl>
      {codes ? (
        <Form method="post" className="ui-form sc-bank-codes" noValidate autoComplete="off">
          {mine?.ok ? <Alert tone="info">{mine.message}</Alert> : <Outcome answer={codeStep} />}
          <input type="hidden" name="needsMobileCode" value={codes.needsMobileCode ? 'yes' : 'no'} />
          <Field
            label="OTP sent to your email"
            name="emailCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={codeStep?.errors.emailCode}
            required
          />
          {codes.needsMobileCode && (
            <Field
              label="OTP sent to your mobile"
              name="mobileCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={codeStep?.errors.mobileCode}
              required
            />
          )}
          <Submit intent="bank-code" busy={busy}>
            Confirm bank account change
          </Submit>
        </Form>
      ) : (
        <details className="sc-bank-change" open={mine !== undefined && !mine.ok}>
          <summary>Change bank account</summary>
          <Form method="post" className="ui-form" noValidate autoComplete="off">
            {mine && !mine.ok && <Outcome answer={mine} />}
            <p className="sc-join-note">
              We send an OTP to your registered email and mobile to confirm the change. For your safety,
              payouts then wait 48 hours, and until your bank confirms the new account.
            </p>
            <Field
              label="Account holder’s name"
              name="bankAccountName"
              defaultValue={typed('bankAccountName')}
              error={errors.bankAccountName}
              required
            />
            <Field
              label="New account number"
              name="bankAccountNumber"
              inputMode="numeric"
              maxLength={22}
              error={errors.bankAccountNumber}
              required
            />
            <Field
              label="Account number again"
              name="confirmAccountNumber"
              inputMode="numeric"
              maxLength={22}
              error={errors.confirmAccountNumber}
              required
            />
            <Field
              label="IFSC"
              name="bankIfsc"
              defaultValue={typed('bankIfsc')}
              maxLength={11}
              className="sc-join-code"
              error={errors.bankIfsc}
              required
            />
            <Submit intent="bank" busy={busy}>
              Send OTP to change bank account
            </Submit>
          </Form>
        </details>
      )}
    </Card>
  );
}

const ZONE_LABELS: Record<Zone, string> = {
  local: 'Local: your own district (always on)',
  regional: 'Regional: your state, and within 300 km',
  national: 'National: the rest of India',
  remote: 'Remote: the north-east, Jammu and Kashmir, Ladakh and the islands',
};

/** requirements#delivery-serviceability: where the seller ships, over GET/PUT /api/seller/shipping-zones. */
export function ShippingZonesForm({
  zones,
  shippingMethod,
  withinStateOnly,
  answer,
  busy,
}: {
  zones: readonly Zone[];
  shippingMethod: ShippingMethod;
  withinStateOnly: boolean;
  answer: AccountAnswer | undefined;
  busy: boolean;
}) {
  const mine = answerFor(answer, 'zones');
  const chosen = new Set<string>(zones);
  return (
    <Card title="Shipping">
      <Form method="post" className="ui-form" noValidate>
        <Outcome answer={mine} />
        {withinStateOnly && (
          <p className="sc-join-note">
            Without a GSTIN you sell within your own state only, whichever zones you choose.
          </p>
        )}
        <fieldset className="ui-field sc-join-categories">
          <legend>You ship to</legend>
          <div className="sc-zone-list">
            {ZONES.map((zone) => (
              <Choice
                key={zone}
                name="zones"
                value={zone}
                label={ZONE_LABELS[zone]}
                defaultChecked={chosen.has(zone)}
                disabled={zone === 'local'}
              />
            ))}
          </div>
          {mine?.errors.zones && <FieldError>{mine.errors.zones}</FieldError>}
        </fieldset>
        {/* requirements#courier-opt-in */}
        <RadioGroup
          legend="How you ship"
          name="shippingMethod"
          wide
          options={SHIPPING_METHODS.map((method) => ({
            value: method,
            label: SHIPPING_METHOD_LABELS[method],
          }))}
          defaultValue={shippingMethod}
          error={mine?.errors.shippingMethod}
        />
        {/* a disabled box is not posted: local always goes along */}
        <input type="hidden" name="zones" value="local" />
        <Submit intent="zones" busy={busy}>
          Save shipping
        </Submit>
      </Form>
    </Card>
  );
}
