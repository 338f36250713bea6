// The comments of the repository's source files, found by the TypeScript parser (so `//` inside a
// string, a URL or JSX text is not taken for one). Used by the reference check and its rewrite script.
import { readdirSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import ts from 'typescript';

export interface CommentRange {
  start: number;
  end: number;
}

const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'test', 'scripts', 'bench'];
const SKIPPED_DIRS = new Set([
  'node_modules',
  'build',
  'migrations',
  '.react-router',
  'data',
  'coverage',
  'screenshots',
]);
const SCRIPT_KINDS: Record<string, ts.ScriptKind> = {
  '.ts': ts.ScriptKind.TS,
  '.tsx': ts.ScriptKind.TSX,
  '.js': ts.ScriptKind.JS,
  '.mjs': ts.ScriptKind.JS,
  '.cjs': ts.ScriptKind.JS,
};

/** Every source file (scripts and stylesheets) under the source folders and at the root, relative to root. */
export function sourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(join(dir, entry.name));
      } else if (isSource(entry.name)) {
        found.push(relative(root, join(dir, entry.name)));
      }
    }
  };
  for (const dir of SOURCE_DIRS) {
    try {
      walk(join(root, dir));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isFile() && isSource(entry.name)) found.push(entry.name);
  }
  return found.sort();
}

function isSource(name: string): boolean {
  const extension = extname(name);
  return extension === '.css' || (extension in SCRIPT_KINDS && !name.endsWith('.d.ts'));
}

/** The comments of one file's text, in order. */
export function commentRanges(path: string, text: string): CommentRange[] {
  const extension = extname(path);
  if (extension === '.css') {
    return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({
      start: match.index,
      end: match.index + match[0].length,
    }));
  }
  const kind = SCRIPT_KINDS[extension];
  if (kind === undefined) return [];
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const byStart = new Map<number, CommentRange>();
  // JSX text is not trivia: a `//` in it is text the page shows, so no scan starts where it starts
  const jsxTextStarts = new Set<number>();
  const findJsxText = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText || node.kind === ts.SyntaxKind.JsxTextAllWhiteSpaces) {
      jsxTextStarts.add(node.pos);
    }
    for (const child of node.getChildren(file)) findJsxText(child);
  };
  findJsxText(file);
  const visit = (node: ts.Node) => {
    if (!jsxTextStarts.has(node.pos)) {
      for (const range of [
        ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
        ...(ts.getTrailingCommentRanges(text, node.pos) ?? []),
      ]) {
        byStart.set(range.pos, { start: range.pos, end: range.end });
      }
    }
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}
