import {
  ContentMenus,
  FOOTER_MENU_SECTIONS,
  FOOTER_SECTION_LABELS,
  FooterMenuInput,
  MenuChanged,
  TopMenuInput,
} from '@marketplace/domain/admin/menus-pages-api';
import { describeLink, LINK_KIND_LABELS } from '@marketplace/domain/admin/site-links';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import {
  data,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Table } from '../../../components/ui/table.tsx';
import { fieldErrors } from '../../../lib/account-api.ts';
import { flashCookie, takeFlash } from '../../../lib/flash.server.ts';
import { formFields, readForm } from '../../../lib/page-api.server.ts';
import { loadSitePickers, readLinkPickers } from '../../../lib/site-pickers.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { loadConsole, sendConsole } from './console-api.server.ts';
import {
  EMPTY_MENU_FORM,
  EntryActions,
  FooterMenuForm,
  type MenuFormValues,
  TopMenuForm,
} from './menu-forms.tsx';
import './menus-pages.css';

const PATH = '/admin/content/menus';
const API = '/api/admin/content/menus';

/** requirements#operator-content: the top menu and the footer's columns, as the storefront shows them. */
export async function loader({ request, context }: LoaderArgs) {
  const [menus, { pages: sitePages }] = await Promise.all([
    loadConsole(context, request, API, ContentMenus),
    loadSitePickers(context),
  ]);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!menus) throw data('The menus could not be loaded. Please try again.', { status: 503 });
  const { flash, headers } = takeFlash(request);
  return data({ menus, sitePages, flash }, { headers });
}

type ActionAnswer = {
  intent: string;
  id: string;
  values: MenuFormValues;
  errors: Record<string, string>;
  message: string;
};

/** Adds, changes, moves or removes an entry; each answer goes back to the list with a message. */
export async function action({ request, context }: ActionArgs) {
  const form = (await readForm(request)) ?? new FormData();
  const { intent, id, menu, direction } = formFields(form, ['intent', 'id', 'menu', 'direction']);
  const values = formFields(form, ['label', 'link', 'categoryId', 'section', 'pageId']);
  const answer = (status: number, message: string, errors: Record<string, string> = {}) =>
    data<ActionAnswer>({ intent, id, values, errors, message }, { status });
  const back = (text: string) =>
    redirect(PATH, { headers: { 'set-cookie': flashCookie({ kind: 'success', text }) } });
  const needsId = intent !== 'add-top' && intent !== 'add-footer';
  if (needsId && !isRecordId(id)) return answer(400, 'No such menu entry.');

  if (intent === 'move' || intent === 'remove') {
    if (menu !== 'top' && menu !== 'footer') return answer(400, 'No such menu.');
    const result =
      intent === 'move'
        ? await sendConsole(context, request, 'POST', `${API}/${menu}/${id}/move`, MenuChanged, { direction })
        : await sendConsole(context, request, 'DELETE', `${API}/${menu}/${id}`, MenuChanged);
    return result.ok ? back(result.data.message) : answer(result.status, result.message);
  }
  const isTop = intent === 'add-top' || intent === 'edit-top';
  const isFooter = intent === 'add-footer' || intent === 'edit-footer';
  if (!isTop && !isFooter) return answer(400, 'Choose what to do with the menu.');
  // requirements#link-picker: the link typed, else the site page chosen from the list before scripts
  const picked = readLinkPickers(form, ['link'], (await loadSitePickers(context)).pages);
  values.link = picked.links.link ?? values.link;
  if (picked.fields.link) return answer(400, 'Check the highlighted fields.', picked.fields);
  const parsed = isTop ? TopMenuInput.safeParse(values) : FooterMenuInput.safeParse(values);
  if (!parsed.success) return answer(400, 'Check the highlighted fields.', fieldErrors(parsed.error));
  const path = `${API}/${isTop ? 'top' : 'footer'}${intent.startsWith('edit') ? `/${id}` : ''}`;
  const result = await sendConsole(
    context,
    request,
    intent.startsWith('edit') ? 'PUT' : 'POST',
    path,
    MenuChanged,
    parsed.data,
  );
  return result.ok ? back(result.data.message) : answer(result.status, result.message, result.fields);
}

export function meta() {
  return [{ title: 'Menus · Console' }];
}

const valuesOf = (
  entry: { label: string; link: string | null },
  extra: Partial<MenuFormValues>,
): MenuFormValues => ({
  ...EMPTY_MENU_FORM,
  label: entry.label,
  link: entry.link ?? '',
  ...extra,
});

export default function Menus() {
  const { menus, sitePages, flash } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [search] = useSearchParams();
  // a new location after each saved change: the add forms start empty again
  const { key: locationKey } = useLocation();
  // the entry being edited: the one the link chose, or the one whose save was refused
  const editing = answer?.intent.startsWith('edit')
    ? `${answer.intent === 'edit-top' ? 'top' : 'footer'}-${answer.id}`
    : (search.get('edit') ?? '');
  const topEdit = menus.topMenu.find((entry) => editing === `top-${entry.id}`);
  const footerEdit = menus.footer.find((entry) => editing === `footer-${entry.id}`);
  const errorsFor = (intent: string) => (answer?.intent === intent ? answer.errors : {});
  const valuesFor = (intent: string, fallback: MenuFormValues) =>
    answer?.intent === intent ? answer.values : fallback;
  return (
    <div className="admin-menus">
      <h1>Menus</h1>
      <p className="admin-muted">The shop’s header and footer show changes within a minute.</p>
      {flash && <Alert tone={flash.kind === 'success' ? 'success' : 'error'}>{flash.text}</Alert>}
      {answer?.message && <Alert tone="error">{answer.message}</Alert>}

      <Card title="Top menu">
        <Table
          label="Top menu, in order"
          className="admin-menu-table"
          stacked
          head={
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Leads to</th>
              <th scope="col">Order and changes</th>
            </tr>
          }
        >
          {menus.topMenu.map((entry, index) => (
            <tr key={entry.id} aria-current={topEdit?.id === entry.id ? 'true' : undefined}>
              <td data-label="Label">{entry.label}</td>
              <td data-label="Leads to">
                {entry.link ? <LeadsTo link={entry.link} /> : `Best sellers of ${entry.categoryName ?? '—'}`}
              </td>
              <td data-label="Order and changes" className="ui-cell-wide">
                <EntryActions
                  menu="top"
                  id={entry.id}
                  label={entry.label}
                  isFirst={index === 0}
                  isLast={index === menus.topMenu.length - 1}
                  busy={busy}
                />
              </td>
            </tr>
          ))}
        </Table>
        {topEdit && (
          <section id="edit-top" className="admin-menu-edit" aria-label={`Edit ${topEdit.label}`}>
            <h3>Edit “{topEdit.label}”</h3>
            <TopMenuForm
              key={`edit-${topEdit.id}`}
              intent="edit-top"
              id={topEdit.id}
              values={valuesFor(
                'edit-top',
                valuesOf(topEdit, { categoryId: String(topEdit.categoryId ?? '') }),
              )}
              errors={errorsFor('edit-top')}
              categories={menus.categories}
              sitePages={sitePages}
              busy={busy}
            />
          </section>
        )}
        <h3>Add an entry</h3>
        <TopMenuForm
          key={`add-top-${locationKey}`}
          intent="add-top"
          values={valuesFor('add-top', EMPTY_MENU_FORM)}
          errors={errorsFor('add-top')}
          categories={menus.categories}
          sitePages={sitePages}
          busy={busy}
        />
      </Card>

      <Card title="Footer">
        {FOOTER_MENU_SECTIONS.map((section) => {
          const entries = menus.footer.filter((entry) => entry.section === section);
          return (
            <div key={section} className="admin-footer-column">
              <h3>{FOOTER_SECTION_LABELS[section]}</h3>
              {entries.length === 0 ? (
                <p className="admin-muted">No entries: the column is hidden.</p>
              ) : (
                <Table
                  label={`${FOOTER_SECTION_LABELS[section]}, in order`}
                  className="admin-menu-table"
                  stacked
                  head={
                    <tr>
                      <th scope="col">Label</th>
                      <th scope="col">Leads to</th>
                      <th scope="col">Order and changes</th>
                    </tr>
                  }
                >
                  {entries.map((entry, index) => (
                    <tr key={entry.id}>
                      <td data-label="Label">{entry.label}</td>
                      <td data-label="Leads to">
                        {entry.pageTitle ? (
                          `Page: ${entry.pageTitle}`
                        ) : entry.link ? (
                          <LeadsTo link={entry.link} />
                        ) : (
                          'Plain text'
                        )}
                      </td>
                      <td data-label="Order and changes" className="ui-cell-wide">
                        <EntryActions
                          menu="footer"
                          id={entry.id}
                          label={entry.label}
                          isFirst={index === 0}
                          isLast={index === entries.length - 1}
                          busy={busy}
                        />
                      </td>
                    </tr>
                  ))}
                </Table>
              )}
            </div>
          );
        })}
        {footerEdit && (
          <section id="edit-footer" className="admin-menu-edit" aria-label={`Edit ${footerEdit.label}`}>
            <h3>Edit “{footerEdit.label}”</h3>
            <FooterMenuForm
              key={`edit-${footerEdit.id}`}
              intent="edit-footer"
              id={footerEdit.id}
              values={valuesFor(
                'edit-footer',
                valuesOf(footerEdit, {
                  section: footerEdit.section,
                  pageId: String(footerEdit.pageId ?? ''),
                }),
              )}
              errors={errorsFor('edit-footer')}
              pages={menus.pages}
              sitePages={sitePages}
              busy={busy}
            />
          </section>
        )}
        <h3>Add an entry</h3>
        <FooterMenuForm
          key={`add-footer-${locationKey}`}
          intent="add-footer"
          values={valuesFor('add-footer', EMPTY_MENU_FORM)}
          errors={errorsFor('add-footer')}
          pages={menus.pages}
          sitePages={sitePages}
          busy={busy}
        />
      </Card>
    </div>
  );
}

/** requirements#link-picker: where a menu link leads, as staff read it, above the stored link. */
function LeadsTo({ link }: { link: string }) {
  const meaning = describeLink(link);
  const said =
    !meaning || meaning.kind === 'path'
      ? null
      : meaning.kind === 'external'
        ? `${meaning.label} (another site)`
        : `${LINK_KIND_LABELS[meaning.kind]}: ${meaning.label}`;
  return (
    <>
      {said && <span className="admin-menu-leads">{said}</span>}
      <code>{link}</code>
    </>
  );
}
