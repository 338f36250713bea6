// requirements#message-languages: the README lists every Hindi, Tamil and Telugu SMS the shop sends
// as the text a deployer registers with DLT, under the kind and language MSG91_TEMPLATE_IDS names.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountSmsTemplates } from '../../accounts/index.ts';
import { TRANSLATED_NOTICES } from './words.ts';

const readme = readFileSync(resolve(import.meta.dirname, '../../../../../../README.md'), 'utf8');
/** The cells of the table row of a kind, trimmed (prettier pads them). */
const cellsOf = (kind: string) =>
  (readme.split('\n').find((line) => line.startsWith(`| \`${kind}\``)) ?? '')
    .split('|')
    .map((cell) => cell.trim());

describe('the DLT templates in the README', () => {
  const templates = [
    ...(['hi', 'ta', 'te'] as const).flatMap((language) =>
      Object.entries(TRANSLATED_NOTICES[language]).map(([kind, notice]) => [
        `${kind}.${language}`,
        notice.sms,
      ]),
    ),
    ...accountSmsTemplates()
      .filter((t) => t.language !== 'en' && t.template !== 'seller-bank-change-code')
      .map((t) => [`${t.template}.${t.language}`, t.text]),
  ];

  it.each(templates)('%s is listed with the text the shop sends', (kind, text) => {
    expect(cellsOf(kind)).toContain(text);
  });
});
