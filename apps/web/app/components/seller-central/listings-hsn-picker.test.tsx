import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContentFields, EMPTY_CONTENT } from './listings-content-fields.tsx';
import { HsnPicker, hsnCodeOfForm } from './listings-hsn-picker.tsx';

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
};

describe('hsnCodeOfForm', () => {
  it.each([
    [
      'a code chosen in the list, still shown',
      { hsnCode: '621142', hsnCodeLabel: '621142', hsnCodeText: '621142' },
      '621142',
    ],
    [
      'a choice typed over: the text',
      { hsnCode: '621142', hsnCodeLabel: '621142', hsnCodeText: '3305' },
      '3305',
    ],
    [
      'typed without scripts (the saved code still in the hidden field)',
      { hsnCode: '7323', hsnCodeLabel: '7323', hsnCodeText: ' 330510 ' },
      '330510',
    ],
    ['typed, nothing chosen', { hsnCode: '', hsnCodeLabel: '', hsnCodeText: '9506' }, '9506'],
    ['cleared', { hsnCode: '7323', hsnCodeLabel: '7323', hsnCodeText: '' }, ''],
    ['a form of a plain field (no picker)', { hsnCode: '7323' }, '7323'],
    ['nothing posted', {}, ''],
  ])('%s', (_label, values, code) => {
    expect(hsnCodeOfForm(form(values))).toBe(code);
  });
});

describe('the HSN picker as the server sends it', () => {
  it('is a text field with the saved code and the rate read-only, and the form has no rate field', () => {
    const html = renderToStaticMarkup(
      <HsnPicker value="6211" rateToday={{ rateBp: 500, thresholdPaise: 2_500_00, rateAboveBp: 1800 }} />,
    );
    expect(html).toContain('name="hsnCodeText"');
    expect(html).toContain('value="6211"');
    expect(html).toMatch(/inputmode="numeric"/i);
    expect(html).toContain('GST 5 % today; 18 % above ₹2,500 a piece');
    const fields = renderToStaticMarkup(<ContentFields values={EMPTY_CONTENT} errors={{}} />);
    expect(fields).not.toContain('name="gstRate"');
    expect(fields).toContain('The GST rate follows from the HSN code you choose.');
  });
});
