import { AFTER_SALES_WINDOW_DAYS, type ContentFormValues } from '@marketplace/domain/sellers/listing-api';
import { Field, SelectField, TextAreaField } from '../ui/field.tsx';
import { HsnPicker } from './listings-hsn-picker.tsx';

export const EMPTY_CONTENT: ContentFormValues = {
  title: '',
  bulletPoints: '',
  technicalDetails: '',
  additionalInfo: '',
  hsnCode: '',
  countryOfOrigin: 'India',
  manufacturerName: '',
  manufacturerAddress: '',
  packerName: '',
  packerAddress: '',
  importerName: '',
  importerAddress: '',
  netQuantity: '',
  returnDays: '7',
  replaceDays: '7',
};

/** requirements#seller-listings: what shoppers read about the product, and its tax and Legal Metrology facts. */
export function ContentFields({
  values,
  errors,
  rateToday = null,
}: {
  values: ContentFormValues;
  errors: Record<string, string>;
  /** requirements#gst-tax: the schedule's rate today for the HSN code as saved */
  rateToday?: { rateBp: number; thresholdPaise: number | null; rateAboveBp: number | null } | null;
}) {
  return (
    <>
      <fieldset className="sc-listings-fieldset">
        <legend>Product details</legend>
        <div className="ui-form-grid">
          <Field
            label="Title"
            name="title"
            defaultValue={values.title}
            error={errors.title}
            required
            maxLength={200}
            wide
            hint="Brand, model, key feature, like “Acme Steel Bottle 1 L, Blue”"
          />
          <TextAreaField
            label="Bullet points"
            name="bulletPoints"
            defaultValue={values.bulletPoints}
            error={errors.bulletPoints}
            rows={4}
            wide
            hint="One a line, up to 10"
          />
          <TextAreaField
            label="Technical details"
            name="technicalDetails"
            defaultValue={values.technicalDetails}
            error={errors.technicalDetails}
            rows={4}
            wide
            hint="One a line as “Name: value”, like “Capacity: 1 litre”"
          />
          <TextAreaField
            label="Additional information"
            name="additionalInfo"
            defaultValue={values.additionalInfo}
            error={errors.additionalInfo}
            rows={3}
            wide
            maxLength={2000}
          />
          <SelectField
            label="Return window"
            name="returnDays"
            defaultValue={values.returnDays}
            error={errors.returnDays}
          >
            {AFTER_SALES_WINDOW_DAYS.map((days) => (
              <option key={days} value={days}>
                {days === 0 ? 'No returns' : `${days} days from delivery`}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Replacement window"
            name="replaceDays"
            defaultValue={values.replaceDays}
            error={errors.replaceDays}
          >
            {AFTER_SALES_WINDOW_DAYS.map((days) => (
              <option key={days} value={days}>
                {days === 0 ? 'No replacement' : `${days} days from delivery`}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>
      <fieldset className="sc-listings-fieldset">
        <legend>Tax and Legal Metrology</legend>
        <div className="ui-form-grid">
          <HsnPicker value={values.hsnCode} rateToday={rateToday} error={errors.hsnCode} />
          <Field
            label="Country of origin"
            name="countryOfOrigin"
            defaultValue={values.countryOfOrigin}
            error={errors.countryOfOrigin}
            required
            maxLength={60}
          />
          <Field
            label="Net quantity"
            name="netQuantity"
            defaultValue={values.netQuantity}
            error={errors.netQuantity}
            required
            maxLength={60}
            hint="Like “1 N”, “500 g” or “2 x 250 ml”"
          />
          <Field
            label="Manufacturer name"
            name="manufacturerName"
            defaultValue={values.manufacturerName}
            error={errors.manufacturerName}
            required
            maxLength={120}
          />
          <Field
            label="Manufacturer address"
            name="manufacturerAddress"
            defaultValue={values.manufacturerAddress}
            error={errors.manufacturerAddress}
            required
            maxLength={300}
          />
          <Field
            label="Packer name"
            name="packerName"
            defaultValue={values.packerName}
            error={errors.packerName}
            maxLength={120}
            hint="If not the manufacturer"
          />
          <Field
            label="Packer address"
            name="packerAddress"
            defaultValue={values.packerAddress}
            error={errors.packerAddress}
            maxLength={300}
          />
          <Field
            label="Importer name"
            name="importerName"
            defaultValue={values.importerName}
            error={errors.importerName}
            maxLength={120}
            hint="Required for imported products"
          />
          <Field
            label="Importer address"
            name="importerAddress"
            defaultValue={values.importerAddress}
            error={errors.importerAddress}
            maxLength={300}
          />
        </div>
      </fieldset>
    </>
  );
}
