// requirements#operator-content: the fields of one page block (a column of a row): its kind, width on
// the 12-column grid, title, slides shown, and the items of its kind. Without scripts every kind's
// fields show, each labelled with the kind it belongs to; the chosen kind's are the ones saved.
import {
  CONTENT_DISPLAY_TYPES,
  type ColumnFormValues,
  DISPLAY_TYPE_LABELS,
} from '@marketplace/domain/admin/content-api';
import { CONTENT_LIMITS, GRID_COLUMNS } from '@marketplace/domain/admin/content';
import { useEffect, useState } from 'react';
import type { MediaImage, MediaVideo } from '@marketplace/domain/admin/media-api';
import { Field, SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { LinkPicker, type SitePage } from '../../../components/ui/link-picker.tsx';
import { VideoPicker } from '../../../components/ui/video-picker.tsx';

type Props = {
  values: ColumnFormValues;
  fields: Record<string, string>;
  /** the widest this block may be beside the row's other blocks */
  maxSpan: number;
  categories: { id: number; path: string }[];
  /** the media library's newest images and the shop's content pages, for the pickers before scripts */
  library: readonly MediaImage[];
  /** the media library's films, for the video picker before scripts (ADR-0047) */
  videos: readonly MediaVideo[];
  pages: readonly SitePage[];
};

export function BlockFields({ values, fields, maxSpan, categories, library, videos, pages }: Props) {
  const [type, setType] = useState(values.displayType ?? 'product');
  // once scripts run, only the chosen kind's fields show; before, all of them do
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const shows = (kind: string) => (hydrated && type !== kind ? 'admin-block-other' : undefined);
  return (
    <>
      <SelectField
        label="Block"
        name="displayType"
        defaultValue={values.displayType ?? 'product'}
        error={fields.displayType}
        onChange={(event) => setType(event.currentTarget.value)}
      >
        {CONTENT_DISPLAY_TYPES.map((kind) => (
          <option key={kind} value={kind}>
            {DISPLAY_TYPE_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Width (of 12 columns)"
        name="span"
        type="number"
        inputMode="numeric"
        min={1}
        max={GRID_COLUMNS}
        defaultValue={values.span ?? String(maxSpan)}
        error={fields.span}
        hint={`1 to 12; this row leaves room for up to ${maxSpan}.`}
      />
      <Field
        label="Title"
        name="header"
        maxLength={CONTENT_LIMITS.titleLength}
        defaultValue={values.header}
        error={fields.header}
        hint="Shown above the block (optional)."
      />
      <Field
        label="Slides shown"
        name="displayCount"
        type="number"
        inputMode="numeric"
        min={1}
        max={CONTENT_LIMITS.displayCountMax}
        defaultValue={values.displayCount ?? '4'}
        error={fields.displayCount}
        hint="How many products a carousel shows at once (more than 4 products make a carousel)."
      />
      <fieldset className={`wide admin-block-kind ${shows('product') ?? ''}`}>
        <legend>Product block</legend>
        <TextAreaField
          label="Product ids"
          name="productIds"
          rows={2}
          defaultValue={values.productIds}
          error={fields.productIds}
          hint={`Up to ${CONTENT_LIMITS.productsPerColumn}, separated by commas, in the order shown. Find ids with the search below.`}
        />
        <div className="admin-rule">
          <SelectField
            label="Or fill with the best sellers of"
            name="ruleCategoryId"
            defaultValue={values.ruleCategoryId ?? ''}
            error={fields.ruleCategoryId}
          >
            <option value="">No rule: the ids above</option>
            {/* requirements#console-pickers: by the path of names, in the tree's order */}
            {[...categories]
              .sort((a, b) => a.path.localeCompare(b.path))
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.path}
                </option>
              ))}
          </SelectField>
          <Field
            label="How many"
            name="ruleCount"
            type="number"
            min={1}
            max={CONTENT_LIMITS.productsPerColumn}
            defaultValue={values.ruleCount ?? '8'}
            error={fields.ruleCount}
          />
        </div>
      </fieldset>
      <fieldset className={`wide admin-block-kind ${shows('banner') ?? ''}`}>
        <legend>Banner block</legend>
        {([1, 2] as const).map((n) => (
          <div className="admin-rule" key={n}>
            <ImagePicker
              label={`Banner ${n} image`}
              name={`banner${n}Image`}
              defaultValue={values[`banner${n}Image`] ?? ''}
              library={library}
              error={fields[`banner${n}Image`]}
              hint="An image from the media library, or a new one: JPEG, PNG, WebP or AVIF, up to 5 MB."
            />
            <LinkPicker
              label={`Banner ${n} link`}
              name={`banner${n}Link`}
              defaultValue={values[`banner${n}Link`] ?? ''}
              pages={pages}
              error={fields[`banner${n}Link`]}
            />
          </div>
        ))}
      </fieldset>
      <fieldset className={`wide admin-block-kind ${shows('video') ?? ''}`}>
        <legend>Video block</legend>
        <VideoPicker
          label="Video"
          name="video"
          defaultValue={values.video ?? ''}
          library={videos}
          error={fields.video}
          hint="An MP4 or WebM film from the media library, or an https:// address of one; shown 16:9 with controls."
        />
      </fieldset>
      <fieldset className={`wide admin-block-kind ${shows('content') ?? ''}`}>
        <legend>Content block</legend>
        <TextAreaField
          label="Text"
          name="text"
          rows={4}
          maxLength={CONTENT_LIMITS.textLength}
          defaultValue={values.text}
          error={fields.text}
          hint={`Plain text, up to ${CONTENT_LIMITS.textLength} characters; line breaks are kept.`}
        />
        <LinkPicker
          label="Link"
          name="link"
          defaultValue={values.link ?? ''}
          pages={pages}
          error={fields.link}
          hint="Optional: a path such as /todaydeals, or an https:// address; or choose a page of the site."
        />
      </fieldset>
    </>
  );
}
