import { gstTodayText, type HsnChoice, hsnChoices } from '@marketplace/domain/tax/hsn-choice';
import { HsnOptions } from '@marketplace/domain/tax/rates-api';
import { useState } from 'react';
import { Picker } from '../ui/picker.tsx';

type RateToday = { rateBp: number; thresholdPaise: number | null; rateAboveBp: number | null };

/** The search's answer as the picker's lines: the code, what it covers, and today's rate. */
function readHsnChoices(body: unknown, q: string): HsnChoice[] {
  const parsed = HsnOptions.safeParse(body);
  return parsed.success ? hsnChoices(parsed.data.options, q, parsed.data.digitsRequired) : [];
}

/**
 * requirements#gst-tax: the listing's HSN code, picked from the rate schedule by digits or words;
 * the GST rate is shown read-only, derived from the code (ADR 0041), never typed. Before its
 * scripts it is a text field: the form posts the code typed, and the page shows the rate the
 * schedule gives it after saving (or the server's message beside the field).
 */
export function HsnPicker({
  value,
  rateToday,
  error,
}: {
  value: string;
  /** the schedule's rate today for the code as saved, when it has one */
  rateToday: RateToday | null;
  error?: string | undefined;
}) {
  const [chosen, setChosen] = useState<RateToday | null | undefined>(undefined);
  // a choice made here speaks for itself; until then, the rate of the code as saved
  const shown = chosen === undefined ? rateToday : chosen;
  return (
    <div className="sc-listings-hsn">
      <Picker<HsnChoice>
        label="HSN code"
        name="hsnCode"
        source="/api/seller/hsn-codes"
        defaultValue={{ id: value, label: value }}
        error={error}
        required
        inputMode="numeric"
        queryMax={60}
        readChoices={readHsnChoices}
        onPicked={(choice) => setChosen(choice)}
        placeholder="Digits or words, like 6109 or cotton shirts"
        hint="Search by digits or words; the GST rate follows from the code"
      />
      <p className="sc-listings-gst" aria-live="polite" data-testid="gst-today">
        {shown ? (
          gstTodayText(shown)
        ) : (
          <span className="sc-listings-muted">The GST rate follows from the HSN code you choose.</span>
        )}
      </p>
    </div>
  );
}

/** The HSN code a form posted: the code chosen in the list while it is still the text shown, else the text typed. */
export function hsnCodeOfForm(form: FormData): string {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const typed = field('hsnCodeText').trim();
  const id = field('hsnCode').trim();
  if (id !== '' && field('hsnCodeLabel') === typed) return id;
  return form.has('hsnCodeText') ? typed : id;
}
