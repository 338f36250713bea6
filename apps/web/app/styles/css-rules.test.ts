import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The design kit's two rules for the web app's global CSS (STYLE.md habit 15): colours come from
// tokens.css, and a class is defined in one file only, so a page cannot restyle another page's
// button by being loaded after it.

const APP = join(import.meta.dirname, '..');
const TOKENS = 'styles/tokens.css';

function cssFiles(): string[] {
  return readdirSync(APP, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.css'))
    .map((path) => path.split('\\').join('/'))
    .sort();
}

function withoutComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
}

/** Colour literals a rule may not write itself: hex colours and rgb()/rgba()/hsl()/hsla(). */
function colourLiterals(css: string): string[] {
  const text = withoutComments(css);
  return [...text.matchAll(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/gi)].map((match) => {
    const line = text.slice(0, match.index).split('\n').length;
    return `line ${line}: ${match[0]}`;
  });
}

/** Every style rule's selector, including those inside @media and @supports blocks. */
function ruleSelectors(css: string): string[] {
  const text = withoutComments(css);
  const selectors: string[] = [];
  const stack: boolean[] = []; // per open block: are its children rules (true) or declarations?
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '{') {
      const prelude = text.slice(start, index).trim();
      const inRules = stack.length === 0 || stack[stack.length - 1] === true;
      if (inRules && !prelude.startsWith('@')) selectors.push(prelude);
      // @media and @supports hold rules; keyframes, @font-face and style rules hold declarations
      stack.push(/^@(media|supports|layer|container)\b/.test(prelude));
      start = index + 1;
    } else if (char === '}') {
      stack.pop();
      start = index + 1;
    } else if (char === ';' && (stack.length === 0 || stack[stack.length - 1] === true)) {
      start = index + 1; // an @import or @charset statement
    }
  }
  return selectors;
}

/**
 * The class a selector defines at the top level: `.btn`, `.btn:hover` and `.btn.btn-cod` define
 * `.btn`; `.cart-page .btn` is scoped under `.cart-page` and defines `.cart-page`.
 */
function topLevelClasses(selectorList: string): string[] {
  const classes: string[] = [];
  let depth = 0;
  let part = '';
  const parts: string[] = [];
  for (const char of selectorList) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      parts.push(part);
      part = '';
    } else part += char;
  }
  parts.push(part);
  for (const selector of parts) {
    const match = /^\s*\.(-?[_a-zA-Z][\w-]*)/.exec(selector);
    if (match?.[1]) classes.push(`.${match[1]}`);
  }
  return classes;
}

describe('the web app stylesheets', () => {
  const files = cssFiles().map((path) => ({ path, css: readFileSync(join(APP, path), 'utf8') }));

  it('are found', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.map((file) => file.path)).toContain(TOKENS);
  });

  it('take every colour from the tokens file', () => {
    const found = files
      .filter((file) => file.path !== TOKENS)
      .flatMap((file) => colourLiterals(file.css).map((where) => `${file.path} ${where}`));
    expect(found).toEqual([]);
  });

  it('define each top-level class in one file only', () => {
    const owners = new Map<string, Set<string>>();
    for (const file of files)
      for (const selector of ruleSelectors(file.css))
        for (const name of topLevelClasses(selector))
          owners.set(name, (owners.get(name) ?? new Set()).add(file.path));
    const shared = [...owners]
      .filter(([, paths]) => paths.size > 1)
      .map(([name, paths]) => `${name} in ${[...paths].join(', ')}`);
    expect(shared).toEqual([]);
  });

  it("keep the kit's class names to the kit: ui- (and the buttons' btn) in components/ui, nowhere else", () => {
    const misplaced: string[] = [];
    for (const file of files) {
      const inKit = file.path.startsWith('components/ui/');
      for (const selector of ruleSelectors(file.css))
        for (const name of topLevelClasses(selector)) {
          const kitName = /^\.(ui-|btn(-|$))/.test(name);
          // the carousels and the pager came before the naming scheme and keep their names
          const legacy = /^\.(pager|carousel)/.test(name);
          if (inKit ? !kitName && !legacy : kitName) misplaced.push(`${name} in ${file.path}`);
        }
    }
    expect(misplaced).toEqual([]);
  });

  it('use only the breakpoints the tokens file documents', () => {
    const tokens = files.find((file) => file.path === TOKENS)?.css ?? '';
    const documented = [...tokens.matchAll(/--breakpoint-[\w-]+:\s*(\d+)px/g)].map((match) =>
      Number(match[1]),
    );
    const allowed = new Set(documented.flatMap((width) => [width, width - 0.02]));
    const other = files.flatMap((file) =>
      [...withoutComments(file.css).matchAll(/\((?:max|min)-width:\s*([\d.]+)px\)/g)]
        .filter((match) => !allowed.has(Number(match[1])))
        .map((match) => `${file.path} ${match[0]}`),
    );
    expect(documented.length).toBeGreaterThan(4);
    expect(other).toEqual([]);
  });
});

describe('the stylesheet rules read CSS as a browser does', () => {
  it('find hex and functional colours, not comments or ids in urls', () => {
    expect(
      colourLiterals('a { color: #0f1111; } /* #fff */ b { box-shadow: 0 1px rgba(0, 0, 0, 0.2) }'),
    ).toEqual(['line 1: #0f1111', 'line 1: rgba(']);
    expect(colourLiterals('a { color: var(--color-text); }')).toEqual([]);
  });

  it('name the class at the start of each selector, inside media blocks too', () => {
    const css = `.btn { x: 1 } .btn:hover, .cart .btn { x: 2 }
      @media (max-width: 480px) { .btn.btn-cod { x: 3 } }
      @keyframes spin { to { x: 4 } }
      a.btn, :is(.btn) { x: 5 }`;
    const selectors = ruleSelectors(css);
    expect(selectors).toEqual(['.btn', '.btn:hover, .cart .btn', '.btn.btn-cod', 'a.btn, :is(.btn)']);
    expect(selectors.flatMap(topLevelClasses)).toEqual(['.btn', '.btn', '.cart', '.btn']);
  });
});
