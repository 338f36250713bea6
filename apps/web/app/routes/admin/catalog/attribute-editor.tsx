import { CATALOG_TREE_LIMITS, type CategoryAttribute } from '@marketplace/domain/admin/catalog-tree-api';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Table } from '../../../components/ui/table.tsx';
import type { ChangeAnswer } from './console-api.server.ts';

type Props = { attributes: readonly CategoryAttribute[]; answer: ChangeAnswer | undefined; busy: boolean };

/** One change to the leaf's filters: a small form of its own, answered beside its filter. */
function FilterForm({
  op,
  formKey,
  hidden = {},
  label,
  children,
  className,
  resetKey,
}: {
  resetKey?: string | number;
  op: string;
  formKey: string;
  hidden?: Record<string, string | number>;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    // a new key after a saved change empties the form (its typed text is saved)
    <Form method="post" className={className ?? 'admin-row-form'} aria-label={label} key={resetKey}>
      <input type="hidden" name="intent" value="filters" />
      <input type="hidden" name="op" value={op} />
      <input type="hidden" name="formKey" value={formKey} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

function Answered({ answer, formKey }: { answer: ChangeAnswer | undefined; formKey: string }) {
  if (answer?.form !== `filters:${formKey}`) return null;
  return (
    <Alert tone={answer.ok ? 'success' : 'error'} className="admin-answer">
      {answer.message}
    </Alert>
  );
}

/**
 * requirements#operator-catalog: a leaf's filters and their allowed values, in the order sellers and
 * shoppers see them. A rename carries the products along; a value in use cannot be removed.
 */
export function AttributeEditor({ attributes, answer, busy }: Props) {
  const fieldsFor = (formKey: string) => (answer?.form === `filters:${formKey}` ? answer.fields : {});
  return (
    <section className="admin-filters-editor" aria-labelledby="filters-heading">
      <h2 id="filters-heading">Filters of this leaf</h2>
      <p>
        Seller Central’s “add a new product” form offers these values, and the listing filters show them in
        this order.
      </p>
      {attributes.length === 0 && <p>No filters yet.</p>}
      {attributes.map((attribute) => {
        const key = `attribute-${attribute.id}`;
        const uses = attribute.values.reduce((sum, value) => sum + value.useCount, 0);
        return (
          <section key={attribute.id} className="admin-cat-panel" aria-label={`Filter ${attribute.name}`}>
            <h3>{attribute.name}</h3>
            <Answered answer={answer} formKey={key} />
            <div className="admin-filter-head">
              <FilterForm
                resetKey={attribute.name}
                op="renameAttribute"
                formKey={key}
                hidden={{ attributeId: attribute.id }}
                label={`Rename the filter ${attribute.name}`}
              >
                <Field
                  label="Filter name"
                  name="name"
                  required
                  defaultValue={attribute.name}
                  maxLength={CATALOG_TREE_LIMITS.attributeLength}
                  error={fieldsFor(key).name}
                />
                <Button type="submit" variant="secondary" small busy={busy}>
                  Rename filter
                </Button>
              </FilterForm>
              {uses === 0 && (
                <FilterForm
                  op="removeAttribute"
                  formKey={key}
                  hidden={{ attributeId: attribute.id }}
                  label={`Remove the filter ${attribute.name}`}
                >
                  <Button type="submit" variant="link" small busy={busy}>
                    Remove filter
                  </Button>
                </FilterForm>
              )}
            </div>
            {attribute.values.length > 0 && (
              <Table
                label={`Values of ${attribute.name}`}
                stacked
                head={
                  <tr>
                    <th scope="col">Value</th>
                    <th scope="col">Products</th>
                    <th scope="col">Order</th>
                    <th scope="col">Remove</th>
                  </tr>
                }
              >
                {attribute.values.map((value, index) => (
                  <tr key={value.id}>
                    <td data-label="Value">
                      <FilterForm
                        resetKey={value.value}
                        op="renameValue"
                        formKey={key}
                        hidden={{ valueId: value.id }}
                        label={`Rename the value ${value.value}`}
                      >
                        <input
                          name="value"
                          aria-label={`Value ${value.value}`}
                          defaultValue={value.value}
                          required
                          maxLength={CATALOG_TREE_LIMITS.valueLength}
                        />
                        <Button type="submit" variant="secondary" small busy={busy}>
                          Save
                        </Button>
                      </FilterForm>
                    </td>
                    <td data-label="Products">{value.useCount}</td>
                    <td data-label="Order">
                      <span className="admin-order">
                        {(['up', 'down'] as const).map((direction) => {
                          const isEnd =
                            direction === 'up' ? index === 0 : index === attribute.values.length - 1;
                          return (
                            <FilterForm
                              key={direction}
                              op="moveValue"
                              formKey={key}
                              hidden={{ valueId: value.id, direction }}
                              label={`Move ${value.value} ${direction}`}
                            >
                              <Button
                                type="submit"
                                variant="secondary"
                                small
                                disabled={isEnd}
                                busy={busy}
                                aria-label={`Move ${value.value} ${direction}`}
                              >
                                {direction === 'up' ? '↑' : '↓'}
                              </Button>
                            </FilterForm>
                          );
                        })}
                      </span>
                    </td>
                    <td data-label="Remove">
                      {value.useCount === 0 ? (
                        <FilterForm
                          op="removeValue"
                          formKey={key}
                          hidden={{ valueId: value.id }}
                          label={`Remove the value ${value.value}`}
                        >
                          <Button type="submit" variant="link" small busy={busy}>
                            Remove {value.value}
                          </Button>
                        </FilterForm>
                      ) : (
                        'In use'
                      )}
                    </td>
                  </tr>
                ))}
              </Table>
            )}
            <FilterForm
              resetKey={attribute.values.length}
              op="addValue"
              formKey={key}
              hidden={{ attributeId: attribute.id }}
              label={`Add a value to ${attribute.name}`}
              className="admin-cat-inline-form"
            >
              <Field
                label={`New value of ${attribute.name}`}
                name="value"
                required
                maxLength={CATALOG_TREE_LIMITS.valueLength}
                error={fieldsFor(key).value}
              />
              <Button type="submit" variant="secondary" busy={busy}>
                Add value
              </Button>
            </FilterForm>
          </section>
        );
      })}
      <FilterForm
        resetKey={attributes.length}
        op="addAttribute"
        formKey="new"
        label="Add a filter"
        className="admin-cat-inline-form"
      >
        <Field
          label="New filter"
          name="name"
          required
          maxLength={CATALOG_TREE_LIMITS.attributeLength}
          error={fieldsFor('new').name}
          hint="For example Colour, RAM or Size."
        />
        <Button type="submit" variant="secondary" busy={busy}>
          Add filter
        </Button>
      </FilterForm>
      <Answered answer={answer} formKey="new" />
    </section>
  );
}
