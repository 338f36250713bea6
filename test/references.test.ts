// Every reference in a source comment can be opened from the repository: a rule of
// docs/requirements.md (`requirements#cod-limit`) or an ADR (`ADR-0009`), never the outside spec's
// sections, the design's numbered decisions or an issue number.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentRanges, sourceFiles } from './source-comments.ts';

const ROOT = join(import.meta.dirname, '..');

/** Citations nobody can open from the repository, each with what it looks like. */
const UNREADABLE: [RegExp, string][] = [
  [/\bspec\b\s*(?:§|:|\(\s*(?:storefront|purchase-and-account)\b)/, 'a section or words of the outside spec'],
  [/\bspec\s+(?:(?:storefront|purchase-and-account)\b|[\w-]+\.php\b)/, 'the outside spec'],
  [/(?:storefront|purchase-and-account)\s+§/, 'a section of the outside spec'],
  [/(?<!RFC \d{3,5} )§\s?\d/, 'a numbered section (only RFC sections are fine)'],
  [/\bdecisions?\s+\d/i, 'a numbered design decision'],
  [/\bDESIGN(?:\.md)?\b/, 'the design document outside the repository'],
  [/\bissues?\s+#?\d/i, 'an issue number'],
];

const MAYBE_CITES = /spec|§|decision|DESIGN|issue|requirements#|ADR-/i;

export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.add(match[1] ?? '');
  for (const match of markdown.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const slug = (match[1] ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .replace(/\s/g, '-');
    anchors.add(slug);
  }
  return anchors;
}

/** What is wrong with the references of one comment, if anything. */
export function referenceProblems(
  comment: string,
  anchors: ReadonlySet<string>,
  adrNumbers: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  for (const [pattern, what] of UNREADABLE) {
    const match = pattern.exec(comment);
    if (match) problems.push(`cites ${what} ("${match[0]}"): cite requirements#anchor or ADR-00NN instead`);
  }
  for (const match of comment.matchAll(/\brequirements#([\w-]+)/g)) {
    if (!anchors.has(match[1] ?? ''))
      problems.push(`requirements#${match[1]} is no anchor of docs/requirements.md`);
  }
  for (const match of comment.matchAll(/\bADR-(\d+)/g)) {
    if (!adrNumbers.has(match[1] ?? '')) problems.push(`ADR-${match[1]} has no file in docs/decisions/`);
  }
  return problems;
}

const decisionFiles = readdirSync(join(ROOT, 'docs/decisions')).filter((name) => /^\d{4}-.+\.md$/.test(name));
const adrNumbers = new Set(decisionFiles.map((name) => name.slice(0, 4)));
const anchors = anchorsOf(readFileSync(join(ROOT, 'docs/requirements.md'), 'utf8'));

describe('references in comments', () => {
  it('flags the citations a reader cannot open, and anchors or ADRs that do not exist', () => {
    const cases: [string, boolean][] = [
      ['// spec §9: COD up to ₹15,000', true],
      ['/** spec: the pincode box takes digits only */', true],
      ['// spec (storefront §4): logging out empties the cart', true],
      ['// (spec purchase-and-account §2 Checkout, §4 Delivery choice)', true],
      ['/** spec Login.php: email and password. */', true],
      ['// the dependency direction of DESIGN.md §2', true],
      ['// without scripts (decision 16)', true],
      ['// the replacement unit (issue 7)', true],
      ['// requirements#no-such-rule: anything', true],
      ['// ADR-0999: anything', true],
      ['// requirements#cod-limit: COD up to ₹15,000 inclusive', false],
      ['/** forms are route actions (ADR-0013) */', false],
      ['// RFC 9110 §15.4.5: a 304 has no body', false],
      ["// the spec's message, exactly", false],
    ];
    for (const [comment, flagged] of cases) {
      expect(referenceProblems(comment, anchors, adrNumbers).length > 0, comment).toBe(flagged);
    }
  });

  it('cite only rules of docs/requirements.md and ADRs that exist, in every source file', () => {
    const problems: string[] = [];
    for (const path of sourceFiles(ROOT)) {
      if (path === 'scripts/rewrite-references.ts') continue; // its tables quote the old citations
      const text = readFileSync(join(ROOT, path), 'utf8');
      if (!MAYBE_CITES.test(text)) continue; // parsing every file takes seconds; most cite nothing
      for (const { start, end } of commentRanges(path, text)) {
        const line = text.slice(0, start).split('\n').length;
        for (const problem of referenceProblems(text.slice(start, end), anchors, adrNumbers)) {
          problems.push(`${path}:${line}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('links from the documents to requirements.md reach an anchor', () => {
    const documents = ['README.md', 'docs/api.md', ...decisionFiles.map((name) => `docs/decisions/${name}`)];
    const broken: string[] = [];
    for (const document of documents) {
      const text = readFileSync(join(ROOT, document), 'utf8');
      for (const match of text.matchAll(/requirements\.md#([\w-]+)/g)) {
        if (!anchors.has(match[1] ?? '')) broken.push(`${document}: requirements.md#${match[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('numbers every ADR as its file is named', () => {
    const wrong = decisionFiles
      .map((name) => [name, readFileSync(join(ROOT, 'docs/decisions', name), 'utf8').split('\n')[0] ?? ''])
      .filter(([name, heading]) => !heading?.startsWith(`# ADR-${name?.slice(0, 4)}: `))
      .map(([name, heading]) => `${name}: ${heading}`);
    expect(wrong).toEqual([]);
    expect(new Set(decisionFiles.map((name) => name.slice(0, 4))).size).toBe(decisionFiles.length);
  });
});
