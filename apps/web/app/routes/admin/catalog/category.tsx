import {
  AttributesChanged,
  CATALOG_TREE_LIMITS,
  CATALOG_TREE_MESSAGES,
  CategoryChanged,
  CategoryDetail,
} from '@marketplace/domain/admin/catalog-tree-api';
import { categoryListingType } from '@marketplace/domain/catalog/categories';
import { MAX_CATEGORY_LEVEL } from '@marketplace/domain/catalog/tree';
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import { Badge } from '../../../components/ui/table.tsx';
import { readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { AttributeEditor } from './attribute-editor.tsx';
import { type ChangeAnswer, postedId, readConsole, saved, sendChange } from './console-api.server.ts';
import './catalog.css';

export async function loader(args: LoaderArgs) {
  const id = args.params.id ?? '';
  const detail = await readConsole(
    args,
    `/api/admin/catalog/categories/${encodeURIComponent(id)}`,
    CategoryDetail,
    'The category',
  );
  return { detail, done: args.url.searchParams.get('done') };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** requirements#operator-catalog: each of the page's forms names its intent; the API decides. */
export async function action(args: ActionArgs) {
  const id = encodeURIComponent(args.params.id ?? '');
  const base = `/api/admin/catalog/categories/${id}`;
  const form = await readForm(args.request);
  if (!form)
    return data<ChangeAnswer>(
      { ok: false, form: '', message: 'The form could not be read. Please try again.', fields: {} },
      { status: 400 },
    );
  const intent = text(form, 'intent');
  switch (intent) {
    case 'rename': {
      const sent = await sendChange(args, intent, 'PATCH', base, CategoryChanged, {
        name: text(form, 'name'),
      });
      return sent.ok ? saved(intent, sent.value.message) : sent.answer;
    }
    case 'add': {
      const sent = await sendChange(args, intent, 'POST', '/api/admin/catalog/categories', CategoryChanged, {
        parentId: postedId(args.params.id ?? null),
        name: text(form, 'name'),
      });
      return sent.ok ? saved(intent, sent.value.message) : sent.answer;
    }
    case 'move': {
      const target = text(form, 'parentId');
      const sent = await sendChange(args, intent, 'POST', `${base}/move`, CategoryChanged, {
        parentId: target === 'top' ? null : postedId(target),
      });
      return sent.ok ? saved(intent, sent.value.message) : sent.answer;
    }
    case 'retire': {
      const sent = await sendChange(args, intent, 'POST', `${base}/retire`, CategoryChanged, undefined);
      return sent.ok ? saved(intent, sent.value.message) : sent.answer;
    }
    case 'filters': {
      const op = text(form, 'op');
      const change = {
        op,
        ...(form.has('attributeId') ? { attributeId: postedId(form.get('attributeId')) } : {}),
        ...(form.has('valueId') ? { valueId: postedId(form.get('valueId')) } : {}),
        ...(form.has('name') ? { name: text(form, 'name') } : {}),
        ...(form.has('value') ? { value: text(form, 'value') } : {}),
        ...(form.has('direction') ? { direction: text(form, 'direction') } : {}),
      };
      const key = `filters:${text(form, 'formKey')}`;
      const sent = await sendChange(args, key, 'POST', `${base}/attributes`, AttributesChanged, change);
      return sent.ok ? saved(key, sent.value.message) : sent.answer;
    }
    default:
      return data<ChangeAnswer>(
        { ok: false, form: '', message: 'Choose what to change.', fields: {} },
        { status: 400 },
      );
  }
}

export function meta({ data: loaded }: { data?: Awaited<ReturnType<typeof loader>> }) {
  return [{ title: `${loaded?.detail.category.name ?? 'Category'} · Categories · Console` }];
}

/** The answer to the form named `form`, shown beside it. */
export function Answer({ answer, form }: { answer: ChangeAnswer | undefined; form: string }) {
  if (!answer || answer.form !== form) return null;
  return (
    <Alert tone={answer.ok ? 'success' : 'error'} className="admin-answer">
      {answer.message}
    </Alert>
  );
}

export default function Category() {
  const { detail, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const { category } = detail;
  const fieldsOf = (form: string) => (answer?.form === form ? answer.fields : {});
  const canAddBelow =
    !category.isRetired && category.level < MAX_CATEGORY_LEVEL && category.productCount === 0;
  return (
    <div className="admin-catalog">
      <p className="admin-cat-back">
        <Link to="/admin/catalog/categories">‹ Categories</Link>
      </p>
      <nav aria-label="Where it sits" className="admin-path">
        {detail.path.map((step, index) => (
          <span key={step.id}>
            {index > 0 && ' › '}
            {step.id === category.id ? (
              step.name
            ) : (
              <Link to={`/admin/catalog/categories/${step.id}`}>{step.name}</Link>
            )}
          </span>
        ))}
      </nav>
      <h1>
        {category.name} {category.isRetired && <Badge tone="neutral">Retired</Badge>}
      </h1>
      <p>
        Level {category.level} ({categoryListingType(category.level)}) ·{' '}
        {category.productCount === 0
          ? 'no products filed here'
          : `${category.liveProductCount} live of ${category.productCount} product${category.productCount === 1 ? '' : 's'}`}
        {!category.isRetired && (
          <>
            {' '}
            · <a href={detail.listingPath}>Its listing in the shop</a>
          </>
        )}
      </p>
      {done === 'added' && <Alert tone="success">{CATALOG_TREE_MESSAGES.categoryAdded(category.name)}</Alert>}

      {!category.isRetired && (
        <div className="admin-panels">
          <section className="admin-cat-panel" aria-labelledby="rename-heading">
            <h2 id="rename-heading">Rename</h2>
            <Form method="post" className="admin-panel-form" key={category.name}>
              <input type="hidden" name="intent" value="rename" />
              <Field
                label="Name"
                name="name"
                required
                defaultValue={category.name}
                maxLength={CATALOG_TREE_LIMITS.nameLength}
                error={fieldsOf('rename').name}
                hint="The listing address follows the name; the old address leads to the new one."
              />
              <Button type="submit" variant="secondary" busy={busy}>
                Rename
              </Button>
            </Form>
            <Answer answer={answer} form="rename" />
          </section>

          <section className="admin-cat-panel" aria-labelledby="move-heading">
            <h2 id="move-heading">Move</h2>
            {detail.moveTargets.length === 0 ? (
              <p>No category can take it: every other place would break the tree’s rules.</p>
            ) : (
              <Form method="post" className="admin-panel-form" key={`${category.parentId ?? 'top'}`}>
                <input type="hidden" name="intent" value="move" />
                <SelectField
                  label="Move under"
                  name="parentId"
                  error={fieldsOf('move').parentId}
                  required
                  defaultValue=""
                >
                  <option value="" disabled>
                    Choose a place
                  </option>
                  {detail.moveTargets.map((target) => (
                    <option key={target.id ?? 'top'} value={target.id ?? 'top'}>
                      {target.label}
                    </option>
                  ))}
                </SelectField>
                <Button type="submit" variant="secondary" busy={busy}>
                  Move
                </Button>
              </Form>
            )}
            <Answer answer={answer} form="move" />
          </section>

          <section className="admin-cat-panel" aria-labelledby="add-heading">
            <h2 id="add-heading">Add a category under it</h2>
            {canAddBelow ? (
              <Form method="post" className="admin-panel-form" key={detail.children.length}>
                <input type="hidden" name="intent" value="add" />
                <Field
                  label="New category’s name"
                  name="name"
                  required
                  maxLength={CATALOG_TREE_LIMITS.nameLength}
                  error={fieldsOf('add').name}
                />
                <Button type="submit" variant="secondary" busy={busy}>
                  Add
                </Button>
              </Form>
            ) : (
              <p>
                {category.level >= MAX_CATEGORY_LEVEL
                  ? `This is the last of the ${MAX_CATEGORY_LEVEL} levels.`
                  : 'Products are filed here, so it stays a leaf.'}
              </p>
            )}
            <Answer answer={answer} form="add" />
            {detail.children.length > 0 && (
              <ul className="admin-children" aria-label="Categories under it">
                {detail.children.map((child) => (
                  <li key={child.id}>
                    <Link to={`/admin/catalog/categories/${child.id}`}>{child.name}</Link>
                    {child.isRetired && ' (retired)'}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="admin-cat-panel" aria-labelledby="retire-heading">
            <h2 id="retire-heading">Retire</h2>
            <p>
              A retired category and the categories under it leave the menu, listings, search and sellers’
              forms. It is refused while live products are filed there: move them first.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="retire" />
              <Button type="submit" variant="secondary" busy={busy}>
                Retire “{category.name}”
              </Button>
            </Form>
            <Answer answer={answer} form="retire" />
          </section>
        </div>
      )}

      {detail.isLeaf && <AttributeEditor attributes={detail.attributes} answer={answer} busy={busy} />}
    </div>
  );
}
