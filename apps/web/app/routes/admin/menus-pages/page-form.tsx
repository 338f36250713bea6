import {
  PageInput,
  slugFromTitle,
  PAGE_KIND_LABELS,
  PAGE_KINDS,
  PAGE_TITLE_MAX,
  SLUG_MAX,
} from '@marketplace/domain/admin/menus-pages-api';
import { Form } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import { RichTextField } from '../../../components/ui/rich-text-editor.tsx';

export const PAGE_FORM_FIELDS = ['title', 'slug', 'kind', 'body'] as const;
export type PageFormValues = Record<(typeof PAGE_FORM_FIELDS)[number], string>;

/** The form's values as the API takes them: an empty address is made from the title. */
export function pageInputOf(values: PageFormValues) {
  return PageInput.safeParse({ ...values, slug: values.slug.trim() || slugFromTitle(values.title) });
}

/** A page's title, kind, address and text; the same form creates and edits. */
export function PageForm({
  values,
  errors,
  busy,
  submitLabel,
}: {
  values: PageFormValues;
  errors: Record<string, string>;
  busy: boolean;
  submitLabel: string;
}) {
  return (
    <Form method="post" className="ui-form-grid admin-page-form" noValidate>
      <input type="hidden" name="intent" value="save" />
      <Field
        label="Title"
        name="title"
        defaultValue={values.title}
        maxLength={PAGE_TITLE_MAX}
        required
        error={errors.title}
      />
      <SelectField label="Kind" name="kind" defaultValue={values.kind || 'policy'} error={errors.kind}>
        {PAGE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {PAGE_KIND_LABELS[kind]} (/{kind}/…)
          </option>
        ))}
      </SelectField>
      <Field
        label="Address"
        name="slug"
        defaultValue={values.slug}
        maxLength={SLUG_MAX}
        required
        hint="Lower-case words joined by hyphens, such as return-policy. Left empty, it is made from the title."
        error={errors.slug}
        wide
      />
      <div className="wide">
        <RichTextField
          label="Page text"
          name="body"
          defaultValue={values.body}
          error={errors.body}
          hint="Headings, paragraphs, lists, bold, italic and links. Anything else (scripts, styles, images, frames) is removed when the page is saved."
        />
      </div>
      <div className="admin-form-actions wide">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
