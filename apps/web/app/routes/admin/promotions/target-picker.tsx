// requirements#console-pickers: what a coupon or a deal is for, chosen by name in one kind of
// picker; the coupon's scope pickers and the deal's product and seller are the same component.
import { type PickerKind, pickerSource } from '@marketplace/domain/admin/pickers-api';
import type { ReactNode } from 'react';
import { type Picked, Picker } from '../../../components/ui/picker.tsx';
import type { PickerField } from '../../../lib/pickers.server.ts';

const TARGETS = {
  productId: { kind: 'products', label: 'Product' },
  categoryId: { kind: 'categories', label: 'Category' },
  brandId: { kind: 'brands', label: 'Brand' },
  sellerId: { kind: 'sellers', label: 'Seller' },
} as const satisfies Record<string, { kind: PickerKind; label: string }>;

export type TargetName = keyof typeof TARGETS;

/** The pickers a form's action reads, by their fields' names. */
export const targetPickers = (...names: TargetName[]): PickerField[] =>
  names.map((name) => ({ name, kind: TARGETS[name].kind }));

type Props = {
  name: TargetName;
  hint: ReactNode;
  shown: Record<string, Picked | undefined>;
  fields: Record<string, string>;
  required?: boolean;
  /** a coupon scope's picker shows only while its scope is checked (by CSS, so also before scripts) */
  scope?: string;
};

/** One target picker, its label, search and error by its field's name. */
export function TargetPicker({ name, hint, shown, fields, required, scope }: Props) {
  const target = TARGETS[name];
  return (
    <div className={scope ? `wide promo-target promo-target-${scope}` : 'wide'}>
      <Picker
        label={target.label}
        name={name}
        source={pickerSource(target.kind)}
        defaultValue={shown[name]}
        error={fields[name]}
        hint={hint}
        required={required}
      />
    </div>
  );
}
