// requirements#cod-remittance: the fields of a courier's transfer on the COD page: which courier, its
// UTR and bank day, what arrived, and what the courier deducted by kind, in rupees.
import { COD_LIMITS } from '@marketplace/domain/settlement/cod-api';
import { COD_DEDUCTION_LABELS } from '@marketplace/domain/settlement/cod-remittance';
import { Field, SelectField } from '../../../components/ui/field.tsx';

/** The form's own fields, kept and shown again when a remittance is refused. */
export const REMIT_FIELDS = [
  'carrier',
  'reference',
  'remittedOn',
  'remitted',
  'codCharges',
  'freight',
  'shortPaid',
];

type Props = {
  carriers: readonly string[];
  /** the courier the list is filtered by, chosen first */
  carrier: string;
  today: string;
  /** what was typed before a refusal */
  values: Record<string, string>;
  fieldError: (name: string) => string | undefined;
};

const rupees = { inputMode: 'decimal', autoComplete: 'off', maxLength: 16, placeholder: '0.00' } as const;

export function RemitFields({ carriers, carrier, today, values, fieldError }: Props) {
  return (
    <div className="settle-remit-grid">
      <SelectField
        label="Courier that sent it"
        name="carrier"
        defaultValue={values.carrier ?? carrier}
        required
        error={fieldError('carrier')}
      >
        <option value="">Choose the courier</option>
        {carriers.map((one) => (
          <option key={one} value={one}>
            {one}
          </option>
        ))}
        <option value="Self-shipped">Self-shipped (no courier recorded)</option>
      </SelectField>
      <Field
        label="Courier’s bank reference (UTR)"
        name="reference"
        defaultValue={values.reference}
        required
        maxLength={COD_LIMITS.referenceMax}
        autoComplete="off"
        spellCheck={false}
        error={fieldError('reference')}
      />
      <Field
        label="Reached the bank on"
        name="remittedOn"
        type="date"
        required
        max={today}
        defaultValue={values.remittedOn || today}
        error={fieldError('remittedOn')}
      />
      <Field
        label="Amount transferred (₹)"
        name="remitted"
        defaultValue={values.remitted}
        required
        {...rupees}
        error={fieldError('remitted')}
        hint="As the bank statement shows it."
      />
      <fieldset className="settle-deductions">
        <legend>Deducted by the courier (₹, if any)</legend>
        <Field
          label={COD_DEDUCTION_LABELS['cod-charge']}
          name="codCharges"
          defaultValue={values.codCharges}
          {...rupees}
          error={fieldError('codCharges')}
          hint="Its fee for collecting cash."
        />
        <Field
          label={COD_DEDUCTION_LABELS.freight}
          name="freight"
          defaultValue={values.freight}
          {...rupees}
          error={fieldError('freight')}
          hint="Shipping invoices it set off."
        />
        <Field
          label={COD_DEDUCTION_LABELS['short-payment']}
          name="shortPaid"
          defaultValue={values.shortPaid}
          {...rupees}
          error={fieldError('shortPaid')}
          hint="Cash it says it did not remit: stays owed."
        />
      </fieldset>
    </div>
  );
}
