import {
  type ContentMenus,
  FOOTER_MENU_SECTIONS,
  FOOTER_SECTION_LABELS,
  MENU_LABEL_MAX,
  PAGE_KIND_LABELS,
} from '@marketplace/domain/admin/menus-pages-api';
import { Form, Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import { LinkPicker, type SitePage } from '../../../components/ui/link-picker.tsx';

export type MenuFormValues = Record<'label' | 'link' | 'categoryId' | 'section' | 'pageId', string>;
export const EMPTY_MENU_FORM: MenuFormValues = {
  label: '',
  link: '',
  categoryId: '',
  section: '',
  pageId: '',
};

const LINK_HINT =
  'A path on this site, such as /todaydeals, or an https:// address; or choose a page of the site.';

/** One top-menu entry's fields: label, and the best sellers of a category or a link of its own. */
export function TopMenuForm({
  intent,
  id,
  values,
  errors,
  categories,
  sitePages,
  busy,
}: {
  intent: 'add-top' | 'edit-top';
  id?: number;
  values: MenuFormValues;
  errors: Record<string, string>;
  categories: ContentMenus['categories'];
  /** the shop's published content pages, for the link picker */
  sitePages: readonly SitePage[];
  busy: boolean;
}) {
  const isEdit = intent === 'edit-top';
  return (
    <Form method="post" className="ui-form-grid admin-menu-form" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined && <input type="hidden" name="id" value={id} />}
      <Field
        label="Label"
        name="label"
        defaultValue={values.label}
        maxLength={MENU_LABEL_MAX}
        required
        error={errors.label}
      />
      <SelectField
        label="Best sellers of"
        name="categoryId"
        defaultValue={values.categoryId}
        error={errors.categoryId}
        hint="Used when the link is empty."
      >
        <option value="">No category: use the link</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <LinkPicker
        label="Link (optional)"
        name="link"
        defaultValue={values.link}
        pages={sitePages}
        hint={LINK_HINT}
        error={errors.link}
      />
      <div className="admin-form-actions wide">
        <Button type="submit" busy={busy}>
          {isEdit ? 'Save entry' : 'Add to the top menu'}
        </Button>
        {isEdit && <Link to="/admin/content/menus">Cancel</Link>}
      </div>
    </Form>
  );
}

/** One footer entry's fields: its column, label, and a page, a link or neither (plain text). */
export function FooterMenuForm({
  intent,
  id,
  values,
  errors,
  pages,
  sitePages,
  busy,
}: {
  intent: 'add-footer' | 'edit-footer';
  id?: number;
  values: MenuFormValues;
  errors: Record<string, string>;
  pages: ContentMenus['pages'];
  sitePages: readonly SitePage[];
  busy: boolean;
}) {
  const isEdit = intent === 'edit-footer';
  return (
    <Form method="post" className="ui-form-grid admin-menu-form" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined && <input type="hidden" name="id" value={id} />}
      <SelectField
        label="Column"
        name="section"
        defaultValue={values.section || 'policy'}
        error={errors.section}
      >
        {FOOTER_MENU_SECTIONS.map((section) => (
          <option key={section} value={section}>
            {FOOTER_SECTION_LABELS[section]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Label"
        name="label"
        defaultValue={values.label}
        maxLength={MENU_LABEL_MAX}
        required
        error={errors.label}
      />
      <SelectField
        label="Page"
        name="pageId"
        defaultValue={values.pageId}
        error={errors.pageId}
        hint="Or enter a link. With neither, the label shows as plain text."
      >
        <option value="">No page</option>
        {pages.map((page) => (
          <option key={page.id} value={page.id}>
            {page.title} ({PAGE_KIND_LABELS[page.kind]})
          </option>
        ))}
      </SelectField>
      <LinkPicker
        label="Link (optional)"
        name="link"
        defaultValue={values.link}
        pages={sitePages}
        hint={LINK_HINT}
        error={errors.link}
      />
      <div className="admin-form-actions wide">
        <Button type="submit" busy={busy}>
          {isEdit ? 'Save entry' : 'Add to the footer'}
        </Button>
        {isEdit && <Link to="/admin/content/menus">Cancel</Link>}
      </div>
    </Form>
  );
}

/** An entry's order and removal: small forms that work without scripts. */
export function EntryActions({
  menu,
  id,
  label,
  isFirst,
  isLast,
  busy,
}: {
  menu: 'top' | 'footer';
  id: number;
  label: string;
  isFirst: boolean;
  isLast: boolean;
  busy: boolean;
}) {
  return (
    <div className="admin-entry-actions">
      <Form method="post">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="menu" value={menu} />
        <input type="hidden" name="id" value={id} />
        <Button
          type="submit"
          name="direction"
          value="up"
          variant="secondary"
          small
          disabled={isFirst || busy}
          aria-label={`Move ${label} up`}
        >
          ↑ Up
        </Button>{' '}
        <Button
          type="submit"
          name="direction"
          value="down"
          variant="secondary"
          small
          disabled={isLast || busy}
          aria-label={`Move ${label} down`}
        >
          ↓ Down
        </Button>
      </Form>
      <Link to={`/admin/content/menus?edit=${menu}-${id}#edit-${menu}`} aria-label={`Edit ${label}`}>
        Edit
      </Link>
      <Form method="post">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="menu" value={menu} />
        <input type="hidden" name="id" value={id} />
        <Button type="submit" variant="link" small disabled={busy} aria-label={`Remove ${label}`}>
          Remove
        </Button>
      </Form>
    </div>
  );
}
