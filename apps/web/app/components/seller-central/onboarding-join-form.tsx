import { useState } from 'react';
import { Form } from 'react-router';
import {
  SELLER_DOCUMENT_MAX_BYTES,
  type SellerJoinField,
  type SellerProfile,
  type TaxStatus,
} from '@marketplace/domain/sellers/seller-join';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { DOCUMENT_PREFIX_MAX_LENGTH } from '@marketplace/domain/tax/document-series';
import { Choice, Field, FieldError, RadioGroup, TextAreaField } from '../ui/field.tsx';
import { SHIPPING_METHOD_LABELS, SHIPPING_METHODS } from '@marketplace/domain/delivery/shipping-zones-api';
import { useHydrated } from '../../lib/use-hydrated.ts';
import './onboarding.css';

export type JoinValues = Partial<Record<SellerJoinField, string>> & { categoryIds?: string[] };
export type JoinErrors = Record<string, string>;

/** The values an application shows again for correction (the full account number is never sent back). */
export function valuesOfApplication(application: SellerProfile): JoinValues {
  return {
    legalName: application.legalName,
    displayName: application.displayName,
    taxStatus: application.taxStatus,
    gstin: application.gstin ?? '',
    pan: application.pan ?? '',
    enrolmentNo: application.enrolmentNo ?? '',
    documentPrefix: application.documentPrefix,
    pickupAddress: application.pickupAddress,
    pickupPincode: application.pickupPincode,
    returnAddress: application.returnAddress,
    returnPincode: application.returnPincode,
    contactName: application.contactName,
    contactEmail: application.contactEmail,
    contactMobile: application.contactMobile,
    bankAccountName: application.bankAccountName,
    bankIfsc: application.bankIfsc,
    categoryIds: application.categories.map((category) => String(category.id)),
  };
}

const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
const MAX_MB = SELLER_DOCUMENT_MAX_BYTES / (1024 * 1024);

/**
 * requirements#seller-onboarding: the joining form. A multipart post to the page's action, so it
 * works before (or without) the page's scripts (ADR-0013, ADR-0014); typed values come back with
 * each field's message when something is wrong. The documents must be picked again after a refusal.
 */
export function JoinForm({
  categories,
  values,
  errors,
  busy,
  isCorrection,
}: {
  categories: readonly { id: number; name: string }[];
  values: JoinValues;
  errors: JoinErrors;
  busy: boolean;
  /** a rejected application sent again: the documents already given may stay */
  isCorrection: boolean;
}) {
  const hydrated = useHydrated();
  const [taxStatus, setTaxStatus] = useState<TaxStatus>(
    values.taxStatus === 'unregistered' ? 'unregistered' : 'registered',
  );
  // without scripts both identities show; the action reads the one chosen
  const showGstin = !hydrated || taxStatus === 'registered';
  const showEnrolment = !hydrated || taxStatus === 'unregistered';
  const ticked = new Set(values.categoryIds ?? []);
  const text = (name: SellerJoinField) => ({ name, defaultValue: values[name] ?? '', error: errors[name] });

  return (
    <Form method="post" encType="multipart/form-data" className="ui-form sc-join-form" noValidate>
      {Object.keys(errors).length > 0 && (
        <Alert tone="error" title="Please correct the marked fields.">
          {errors.taxCertificate || errors.cancelledCheque
            ? 'Choose your documents again before you send the form.'
            : null}
        </Alert>
      )}
      <Card title="Your business">
        <div className="ui-form-grid">
          <Field
            label="Legal name"
            hint="As on your PAN"
            autoComplete="organization"
            required
            {...text('legalName')}
          />
          <Field
            label="Display name"
            hint="Shoppers see this name on your offers"
            required
            {...text('displayName')}
          />
        </div>
      </Card>

      <Card title="Tax identity">
        <div className="ui-form-grid">
          <RadioGroup
            legend="Is your business registered for GST?"
            name="taxStatus"
            wide
            options={[
              { value: 'registered', label: 'Yes, I have a GSTIN' },
              { value: 'unregistered', label: 'No, I have a GST enrolment number' },
            ]}
            {...(hydrated
              ? {
                  value: taxStatus,
                  onChange: (value: string) =>
                    setTaxStatus(value === 'unregistered' ? 'unregistered' : 'registered'),
                }
              : { defaultValue: taxStatus })}
            error={errors.taxStatus}
          />
          {showGstin && (
            <Field
              label="GSTIN"
              hint="15 characters, for example 29AAPFU0939F1ZV"
              autoCapitalize="characters"
              maxLength={15}
              className="sc-join-code"
              {...text('gstin')}
            />
          )}
          {showEnrolment && (
            <Field
              label="GST enrolment number"
              hint="Unregistered sellers sell only within their own state"
              autoCapitalize="characters"
              maxLength={15}
              className="sc-join-code"
              {...text('enrolmentNo')}
            />
          )}
          <Field
            label="PAN"
            hint="The PAN inside your GSTIN or enrolment number"
            autoCapitalize="characters"
            maxLength={10}
            className="sc-join-code"
            required
            {...text('pan')}
          />
          {/* requirements#document-series: kept apart from the numbers of the seller's other channels */}
          <Field
            label="Invoice number prefix"
            hint={`Up to ${DOCUMENT_PREFIX_MAX_LENGTH} letters or digits, different from your other channels’: your invoices read PREFIX-I27/000001. Leave blank to use your business name’s initials.`}
            autoCapitalize="characters"
            maxLength={DOCUMENT_PREFIX_MAX_LENGTH}
            className="sc-join-code"
            {...text('documentPrefix')}
          />
        </div>
      </Card>

      <Card title="Pickup and returns">
        <div className="ui-form-grid">
          <TextAreaField label="Pickup address" rows={3} wide required {...text('pickupAddress')} />
          <Field
            label="Pickup pincode"
            hint="Delivery times and charges are measured from here"
            inputMode="numeric"
            maxLength={6}
            autoComplete="postal-code"
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
        </div>
      </Card>

      <Card title="Contact">
        <div className="ui-form-grid">
          <Field label="Contact name" autoComplete="name" required {...text('contactName')} />
          <Field label="Email" type="email" autoComplete="email" required {...text('contactEmail')} />
          <Field
            label="Mobile number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={14}
            required
            {...text('contactMobile')}
          />
        </div>
      </Card>

      <Card title="Bank account for payouts">
        <div className="ui-form-grid">
          <Field label="Account holder’s name" required {...text('bankAccountName')} />
          <Field
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            maxLength={22}
            required
            hint={isCorrection ? 'Type the full account number again' : '9 to 18 digits'}
            {...text('bankAccountNumber')}
          />
          <Field
            label="IFSC"
            hint="For example SBIN0001234"
            autoCapitalize="characters"
            maxLength={11}
            className="sc-join-code"
            required
            {...text('bankIfsc')}
          />
        </div>
      </Card>

      <Card title="How you will ship">
        <RadioGroup
          legend="Who takes your parcels to shoppers?"
          name="shippingMethod"
          wide
          options={SHIPPING_METHODS.map((method) => ({
            value: method,
            label: SHIPPING_METHOD_LABELS[method],
          }))}
          defaultValue={values.shippingMethod === 'self' ? 'self' : 'courier'}
          error={errors.shippingMethod}
        />
        <p className="sc-join-note">
          With Bazaar courier, each parcel’s rate is shown before you book it and taken from your payout. You
          can change this later in your account, and ship any order either way.
        </p>
      </Card>

      <Card title="What you will sell">
        <fieldset className={`ui-field sc-join-categories${errors.categoryIds ? ' has-error' : ''}`}>
          <legend>Categories</legend>
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
      </Card>

      <Card title="Documents">
        <p className="sc-join-note">
          PDF, JPEG or PNG, at most {MAX_MB} MB each. Only you and our review team can see them.
          {isCorrection && ' Leave a document empty to keep the one you sent before.'}
        </p>
        <div className="ui-form-grid">
          <Field
            label={
              taxStatus === 'unregistered' && hydrated
                ? 'GST enrolment certificate'
                : 'GST certificate (or enrolment certificate)'
            }
            type="file"
            name="taxCertificate"
            accept={ACCEPT}
            error={errors.taxCertificate}
            required={!isCorrection}
          />
          <Field
            label="Cancelled cheque"
            type="file"
            name="cancelledCheque"
            accept={ACCEPT}
            error={errors.cancelledCheque}
            required={!isCorrection}
          />
        </div>
      </Card>

      <div className="sc-join-actions">
        <Button type="submit" busy={busy}>
          {isCorrection ? 'Send corrected application' : 'Submit application'}
        </Button>
        <p className="sc-join-note">We review applications within 2 working days.</p>
      </div>
    </Form>
  );
}
