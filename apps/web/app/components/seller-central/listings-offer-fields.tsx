import { type OfferFormValues, PARCEL_TYPE_OPTIONS } from '@marketplace/domain/sellers/listing-api';
import { OFFER_LIMITS } from '@marketplace/domain/sellers/offer-rules';
import { Choice, Field, SelectField } from '../ui/field.tsx';

export const EMPTY_OFFER: OfferFormValues = {
  sku: '',
  price: '',
  mrp: '',
  stock: '',
  maxPerOrder: '10',
  dispatchDays: '2',
  warranty: '',
  parcelType: 'unit',
  weightGrams: '',
  lengthCm: '',
  widthCm: '',
  heightCm: '',
  codAllowed: 'on',
};

/** requirements#seller-listings: the seller's own offer: SKU, price, M.R.P., stock and shipping facts. */
export function OfferFields({ values, errors }: { values: OfferFormValues; errors: Record<string, string> }) {
  return (
    <fieldset className="sc-listings-fieldset">
      <legend>Your offer</legend>
      <div className="ui-form-grid">
        <Field
          label="SKU"
          name="sku"
          defaultValue={values.sku}
          error={errors.sku}
          required
          maxLength={OFFER_LIMITS.maxSkuLength}
          hint="Your own code: letters, digits, - . _"
          autoComplete="off"
        />
        <Field
          label="Stock (units)"
          name="stock"
          defaultValue={values.stock}
          error={errors.stock}
          required
          inputMode="numeric"
        />
        <Field
          label="Selling price (₹)"
          name="price"
          defaultValue={values.price}
          error={errors.price}
          required
          inputMode="decimal"
          hint="Tax inclusive, like 499 or 499.50"
        />
        <Field
          label="M.R.P. (₹)"
          name="mrp"
          defaultValue={values.mrp}
          error={errors.mrp}
          required
          inputMode="decimal"
          hint="The price cannot be more than the M.R.P."
        />
        <Field
          label="Maximum per order"
          name="maxPerOrder"
          defaultValue={values.maxPerOrder}
          error={errors.maxPerOrder}
          required
          inputMode="numeric"
        />
        <Field
          label="Dispatch days"
          name="dispatchDays"
          defaultValue={values.dispatchDays}
          error={errors.dispatchDays}
          required
          inputMode="numeric"
          hint="1 to 30 days to hand an order to the courier"
        />
        <Field
          label="Warranty"
          name="warranty"
          defaultValue={values.warranty}
          error={errors.warranty}
          maxLength={200}
          hint="Optional, like “1 year manufacturer warranty”"
          wide
        />
        <SelectField
          label="Parcel type"
          name="parcelType"
          defaultValue={values.parcelType}
          error={errors.parcelType}
        >
          {PARCEL_TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <Field
          label="Packed weight (g)"
          name="weightGrams"
          defaultValue={values.weightGrams}
          error={errors.weightGrams}
          required
          inputMode="numeric"
        />
        <div className="sc-listings-dimensions wide">
          <Field
            label="Length (cm)"
            name="lengthCm"
            defaultValue={values.lengthCm}
            error={errors.lengthCm}
            required
            inputMode="decimal"
          />
          <Field
            label="Width (cm)"
            name="widthCm"
            defaultValue={values.widthCm}
            error={errors.widthCm}
            required
            inputMode="decimal"
          />
          <Field
            label="Height (cm)"
            name="heightCm"
            defaultValue={values.heightCm}
            error={errors.heightCm}
            required
            inputMode="decimal"
          />
        </div>
        <div className="wide">
          <Choice
            label="Cash on Delivery allowed"
            name="codAllowed"
            defaultChecked={values.codAllowed === 'on'}
          />
        </div>
      </div>
    </fieldset>
  );
}
