import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { IntlProvider } from 'react-intl';
import { parsedCatalog } from '../../i18n/catalog.server.ts';
import { Alert } from './alert.tsx';
import { Breadcrumb } from './breadcrumb.tsx';
import { Button, buttonClass } from './button.tsx';
import { Card } from './card.tsx';
import { Dialog } from './dialog.tsx';
import { Field, RadioGroup, SelectField, TextAreaField } from './field.tsx';
import { Amount, Price } from './price.tsx';
import { RatingStars, StarInput } from './rating-stars.tsx';
import { Skeleton, Spinner } from './skeleton.tsx';
import { Table } from './table.tsx';
import { Tabs } from './tabs.tsx';

// What the kit promises every page that uses it, read from the HTML the server sends: labels tied
// to their controls, errors and hints read with them, the right roles, prices as the shop shows them.

// the kit speaks the page's language (ADR-0063): English here
const html = (node: ReactNode) =>
  renderToStaticMarkup(
    <IntlProvider locale="en-IN" messages={parsedCatalog('en')}>
      {node}
    </IntlProvider>,
  );
/** Components with links need a router around them. */
const withRouter = (node: ReactNode) =>
  html(<RouterProvider router={createMemoryRouter([{ path: '/', element: node }])} />);

/** The first tag that carries `marker` (React writes attributes in its own order). */
function tagWith(markup: string, marker: string): string {
  return markup.split('<').find((part) => part.includes(marker)) ?? '';
}

/** The value of an attribute on the first tag that carries `marker`, or null. */
function attribute(markup: string, marker: string, name: string): string | null {
  return new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(tagWith(markup, marker))?.[1] ?? null;
}

describe('Field and its kin', () => {
  it('ties the label to the input, and the hint to it while there is no error', () => {
    const markup = html(<Field label="Email" name="email" id="email" hint="We send your code here" />);
    expect(markup).toContain('<label for="email">Email</label>');
    expect(attribute(markup, 'name="email"', 'aria-describedby')).toBe('email-hint');
    expect(attribute(markup, 'name="email"', 'aria-invalid')).toBeNull();
    expect(markup).toContain('id="email-hint"');
  });

  it('marks an input in error invalid, reads the error with it and hides the hint', () => {
    const markup = html(
      <Field
        label="Email"
        name="email"
        id="email"
        hint="We send your code here"
        error="Enter a valid email"
      />,
    );
    expect(attribute(markup, 'name="email"', 'aria-invalid')).toBe('true');
    expect(attribute(markup, 'name="email"', 'aria-describedby')).toBe('email-error');
    expect(markup).toContain('Enter a valid email');
    expect(markup).not.toContain('We send your code here');
    expect(markup).toContain('ui-field has-error');
  });

  it('frames a text area and a select the same way', () => {
    const area = html(<TextAreaField label="Message" name="text" id="text" error="Too long" />);
    expect(area).toContain('<label for="text">Message</label>');
    expect(attribute(area, 'name="text"', 'aria-describedby')).toBe('text-error');
    const select = html(
      <SelectField label="State" name="state" id="state" defaultValue="KA">
        <option value="TN">Tamil Nadu</option>
        <option value="KA">Karnataka</option>
      </SelectField>,
    );
    expect(select).toContain('<label for="state">State</label>');
    expect(select).toMatch(/<option value="KA" selected="">Karnataka<\/option>/);
  });

  it('posts a radio group under one name, checks the default, and reads its error with the group', () => {
    const markup = html(
      <RadioGroup
        legend="Gender"
        name="gender"
        options={[
          { value: 'male', label: 'Male' },
          { value: 'female', label: 'Female' },
        ]}
        defaultValue="female"
        error="Select your gender"
      />,
    );
    expect(markup.match(/type="radio" name="gender"/g)).toHaveLength(2);
    expect(attribute(markup, 'value="female"', 'checked')).toBe('');
    expect(attribute(markup, 'value="male"', 'checked')).toBeNull();
    const errorId =
      attribute(markup, '<fieldset', 'aria-describedby') ?? attribute(markup, 'fieldset', 'aria-describedby');
    expect(errorId).toBeTruthy();
    expect(markup).toContain(`id="${errorId}"`);
  });
});

describe('Button', () => {
  it.each([
    ['primary', false, false, 'btn'],
    ['secondary', false, false, 'btn-secondary'],
    ['buy', true, false, 'btn btn-cod btn-small'],
    ['link', false, true, 'btn-link btn-block'],
  ] as const)('%s (small %s, block %s) has the classes %s', (variant, small, block, classes) => {
    expect(buttonClass(variant, small, block)).toBe(classes);
  });

  it('is a plain button unless told, and busy disables it and says so', () => {
    expect(html(<Button>Save</Button>)).toBe('<button type="button" class="btn">Save</button>');
    const busy = html(
      <Button type="submit" busy name="intent" value="save">
        Save
      </Button>,
    );
    expect(busy).toContain('disabled=""');
    expect(busy).toContain('aria-busy="true"');
    expect(attribute(busy, 'button', 'name')).toBe('intent');
    expect(attribute(busy, 'button', 'value')).toBe('save');
  });
});

describe('Alert', () => {
  it.each([
    ['error', 'alert'],
    ['success', 'status'],
    ['info', 'status'],
    ['warning', 'status'],
  ] as const)('a %s alert has the role %s', (tone, role) => {
    expect(html(<Alert tone={tone}>Saved</Alert>)).toContain(`role="${role}"`);
  });
});

describe('Price', () => {
  it('shows the M.R.P. struck through and the discount only when the sale is lower', () => {
    const card = html(<Price salePaise={1869900} mrpPaise={2550000} />);
    expect(card).toContain('₹18,699.00');
    expect(card).toContain('<s>₹25,500.00</s>');
    expect(card).toContain('27% Off');
    const page = html(<Price salePaise={1869900} mrpPaise={2550000} size="page" />);
    expect(page).toContain('-27%');
    expect(page).toContain('M.R.P.: <s>₹25,500.00</s>');
    for (const same of [
      html(<Price salePaise={99900} mrpPaise={99900} />),
      html(<Price salePaise={99900} mrpPaise={null} />),
    ]) {
      expect(same).toContain('₹999.00');
      expect(same).not.toContain('M.R.P.');
      expect(same).not.toContain('Off');
    }
  });

  it('writes an amount with Indian digit grouping', () => {
    expect(html(<Amount paise={12345600} />)).toBe('<span class="ui-amount">₹1,23,456.00</span>');
  });
});

describe('stars', () => {
  it('reads a rating as text and fills the stars to it', () => {
    const markup = html(<RatingStars rating={3.5} />);
    expect(markup).toContain('aria-label="3.5 out of 5 stars"');
    expect(markup).toContain('width:70%');
    expect(html(<RatingStars rating={9} />)).toContain('width:100%');
  });

  it('posts the chosen star under its name, each star named', () => {
    const labels = { 1: 'Very bad', 2: 'Bad', 3: 'Good', 4: 'Very good', 5: 'Excellent' } as const;
    const markup = html(
      <StarInput
        legend="Your rating"
        name="stars"
        value={4}
        onChange={() => {}}
        labels={labels}
        prompt="Tap a star"
      />,
    );
    expect(markup.match(/name="stars"/g)).toHaveLength(5);
    expect(attribute(markup, 'value="4"', 'checked')).toBe('');
    expect(attribute(markup, 'value="5"', 'checked')).toBeNull();
    expect(markup).toContain('aria-label="4 stars: Very good"');
    expect(markup.match(/ui-star is-on/g)).toHaveLength(4);
  });
});

describe('page furniture', () => {
  it('links the crumbs above the page and marks the page itself current', () => {
    const markup = withRouter(
      <Breadcrumb crumbs={[{ label: 'Your Account', to: '/settings' }, { label: 'Your Addresses' }]} />,
    );
    expect(markup).toContain('aria-label="Breadcrumb"');
    expect(markup).toContain('href="/settings"');
    expect(markup).toContain('<span aria-current="page">Your Addresses</span>');
  });

  it('puts every tab panel in the HTML, hidden but the chosen one, each labelled by its tab', () => {
    const markup = html(
      <Tabs
        label="Brand Registry"
        selected="b"
        onSelect={() => {}}
        tabs={[
          { id: 'a', label: 'Protect', panel: <p>first</p> },
          { id: 'b', label: 'Build', panel: <p>second</p> },
        ]}
      />,
    );
    expect(markup).toContain('first');
    expect(markup).toContain('second');
    expect(markup.match(/role="tabpanel"[^>]*hidden=""/g)).toHaveLength(1);
    expect(
      attribute(markup, '>Build<', 'aria-selected') ?? attribute(markup, 'tabindex="0"', 'aria-selected'),
    ).toBe('true');
  });

  it('gives a card a heading, and loading states a status role with their label', () => {
    expect(html(<Card title="Order summary">x</Card>)).toMatch(
      /^<section class="ui-card"><div class="ui-card-head"><h2 class="ui-card-title">Order summary<\/h2>/,
    );
    expect(html(<Spinner label="Loading your cart" />)).toContain(
      'role="status" aria-label="Loading your cart"',
    );
    expect(html(<Skeleton label="Loading" lines={2} />).match(/ui-skeleton-line/g)).toHaveLength(2);
  });

  it('labels a table as a scrollable region, and marks a stacked one so a phone shows its rows as cards', () => {
    const row = (
      <tr>
        <td data-label="Stock">5</td>
      </tr>
    );
    const plain = html(
      <Table label="Your offers" head={<tr />}>
        {row}
      </Table>,
    );
    expect(plain).toMatch(/^<div class="ui-table-wrap" role="region" aria-label="Your offers" tabindex="0">/);
    expect(plain).toContain('<caption class="sr-only">Your offers</caption>');
    const stacked = html(
      <Table label="Your offers" head={<tr />} stacked>
        {row}
      </Table>,
    );
    expect(stacked).toMatch(/^<div class="ui-table-wrap ui-table-stacked" role="region"/);
    expect(stacked).toContain('<td data-label="Stock">5</td>');
  });

  it('renders a closed dialog in the HTML without showing it, named by its title', () => {
    const markup = html(
      <Dialog open={false} onClose={() => {}} title="Choose your location">
        <p>inside</p>
      </Dialog>,
    );
    expect(markup).toMatch(/^<dialog class="ui-dialog ui-dialog-center" aria-labelledby="[^"]+">/);
    expect(markup).not.toContain(' open=');
    expect(markup).toContain('Choose your location');
  });
});
