// Lighthouse on the bench's running server: Debian's Chromium, headless, one browser for every page;
// Lighthouse's default profile, a mobile phone on simulated slow 4G (150 ms, 1.6 Mbps, 4x CPU).
// Its scores and timings are figures for people to read, never asserted in tests.
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';

export type LighthousePage = { name: string; path: string };
export type LighthouseFigures = {
  page: string;
  scores: Record<Category, number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferredBytes: number;
  /** Audits under a full score, per category other than performance: what keeps it below 100. */
  failing: Partial<Record<Category, string[]>>;
  benchmarkIndex: number | undefined;
  error: string | undefined;
  /** Requests answered 400 or more (or not at all): figures of a page missing its scripts mislead. */
  failedRequests: string[];
};

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Runs Lighthouse on each page in turn; Chromium from CHROMIUM_PATH, else /usr/bin/chromium. */
export async function runLighthouse(base: string, pages: readonly LighthousePage[]) {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  const flags: Flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  };
  const figures: LighthouseFigures[] = [];
  try {
    for (const page of pages) {
      const run = await lighthouse(`${base}${page.path}`, flags);
      if (!run) throw new Error(`Lighthouse returned no result for ${page.path}`);
      figures.push(readFigures(page.name, run.lhr));
    }
  } finally {
    chrome.kill();
  }
  return figures;
}

function readFigures(page: string, lhr: Result): LighthouseFigures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (id: Category) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const failing: Partial<Record<Category, string[]>> = {};
  for (const id of CATEGORIES.filter((c) => c !== 'performance')) {
    const ids = (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && typeof audit.score === 'number' && audit.score < 1)
      .map((audit) => audit?.id ?? '');
    if (ids.length > 0) failing[id] = ids;
  }
  const requests = lhr.audits['network-requests']?.details;
  const failedRequests = (requests?.type === 'table' ? requests.items : []).flatMap(({ statusCode, url }) =>
    typeof statusCode === 'number' && statusCode >= 100 && statusCode < 400
      ? []
      : [
          `${typeof statusCode === 'number' ? statusCode : 'no answer'} ${typeof url === 'string' ? url : '?'}`,
        ],
  );
  return {
    page,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    transferredBytes: numeric('total-byte-weight'),
    failing,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    error: lhr.runtimeError?.message,
    failedRequests,
  };
}

/** The table a person reads: one row a page, scores out of 100, times in ms, bytes in KB. */
export function lighthouseTable(figures: readonly LighthouseFigures[]): string[] {
  const score = (value: number | null) => (value === null ? '-' : String(value));
  const rows = [
    ['page', 'perf', 'a11y', 'best-pr', 'seo', 'LCP ms', 'TBT ms', 'CLS', 'transfer KB'],
    ...figures.map((f) => [
      f.page,
      score(f.scores.performance),
      score(f.scores.accessibility),
      score(f.scores['best-practices']),
      score(f.scores.seo),
      String(Math.round(f.lcpMs)),
      String(Math.round(f.tbtMs)),
      f.cls.toFixed(3),
      String(Math.round(f.transferredBytes / 1024)),
    ]),
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const lines = rows.map((row) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  '),
  );
  for (const f of figures) {
    if (f.error) lines.push(`${f.page}: Lighthouse error: ${f.error}`);
    if (f.failedRequests.length > 0)
      lines.push(
        `${f.page}: ${f.failedRequests.length} requests failed, figures not valid: ${f.failedRequests.slice(0, 3).join(', ')}`,
      );
    for (const [category, ids] of Object.entries(f.failing))
      lines.push(`${f.page} ${category} below 100: ${ids.join(', ')}`);
  }
  return lines;
}
