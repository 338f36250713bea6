import { type BrandRow, CATALOG_TREE_LIMITS } from '@marketplace/domain/admin/catalog-tree-api';
import { Choice, Field } from '../../../components/ui/field.tsx';

/** The fields of a brand (requirements#operator-catalog), for adding one and editing one. */
export function BrandFields({
  brand,
  fields,
}: {
  brand?: Pick<BrandRow, 'name' | 'isRegistry' | 'country' | 'tagline'>;
  fields: Record<string, string>;
}) {
  return (
    <>
      <Field
        label="Brand name"
        name="name"
        required
        defaultValue={brand?.name}
        maxLength={CATALOG_TREE_LIMITS.brandNameLength}
        error={fields.name}
      />
      <Field
        label="Country (optional)"
        name="country"
        defaultValue={brand?.country ?? ''}
        maxLength={CATALOG_TREE_LIMITS.countryLength}
        error={fields.country}
      />
      <Field
        label="Tagline (optional)"
        name="tagline"
        defaultValue={brand?.tagline ?? ''}
        maxLength={CATALOG_TREE_LIMITS.taglineLength}
        error={fields.tagline}
        wide
      />
      <Choice
        label="In the brand registry (its store lives at /brandregistry)"
        name="isRegistry"
        value="on"
        defaultChecked={brand?.isRegistry ?? false}
      />
    </>
  );
}

/** A posted brand form as the API's body. */
export function brandBody(form: FormData | null) {
  const text = (name: string) => {
    const value = form?.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    name: text('name'),
    isRegistry: form?.get('isRegistry') === 'on',
    country: text('country'),
    tagline: text('tagline'),
  };
}
