// requirements#payment-page-scripts: every script the payment page loads, why it is there and how it
// is kept to what was authorised (PCI DSS 4.0 6.4.3), the check that alerts when that list or a
// script's content changes (11.6.1), and the browsers' reports of what the page's policy blocked.
// One contract for the server and the console.
import { z } from 'zod';

/** Our own build's files, scripts written into the page, and scripts from another origin. */
export const SCRIPT_KINDS = ['bundle', 'inline', 'external'] as const;
export type ScriptKind = (typeof SCRIPT_KINDS)[number];
export const SCRIPT_KIND_LABELS: Record<ScriptKind, string> = {
  bundle: 'Our build',
  inline: 'Written into the page',
  external: 'Another origin',
};

export const PaymentPageScript = z.object({
  /** the build file's path, the script's address, or the inline script's name */
  src: z.string(),
  kind: z.enum(SCRIPT_KINDS),
  /** who writes the script */
  owner: z.string(),
  /** why the payment page needs it: the written justification 6.4.3 asks for */
  purpose: z.string(),
  /** the subresource integrity the page gives the browser ("sha384-…"); null where the source allows none */
  integrity: z.string().nullable(),
  /** how the script is kept to what was authorised */
  control: z.string(),
  /**
   * What the script holds now, as sha384-…: a build file as it is on disk, another origin's script as
   * last fetched; null for inline scripts (their content carries each page's data) or when unknown.
   */
  observed: z.string().nullable(),
});
export type PaymentPageScript = z.infer<typeof PaymentPageScript>;

/** A build file whose content no longer matches the integrity its page gives: the browser refuses it. */
export const isTampered = (script: PaymentPageScript) =>
  script.kind === 'bundle' && script.integrity !== null && script.observed !== script.integrity;

/** The entries of `next` not in `previous`, those gone, and those whose integrity or content moved. */
export function compareInventories(
  previous: readonly PaymentPageScript[],
  next: readonly PaymentPageScript[],
) {
  const before = new Map(previous.map((script) => [script.src, script]));
  const after = new Map(next.map((script) => [script.src, script]));
  return {
    added: next.filter((script) => !before.has(script.src)),
    removed: previous.filter((script) => !after.has(script.src)),
    changed: next.filter((script) => {
      const old = before.get(script.src);
      return old !== undefined && (old.integrity !== script.integrity || old.observed !== script.observed);
    }),
  };
}

/** The stable text an inventory is fingerprinted by: each script's address, kind, integrity and content. */
export const inventoryText = (scripts: readonly PaymentPageScript[]) =>
  JSON.stringify(
    [...scripts]
      .sort((a, b) => (a.src < b.src ? -1 : a.src > b.src ? 1 : 0))
      .map((script) => [script.src, script.kind, script.integrity, script.observed]),
  );

export const PAYMENT_SCRIPTS_MESSAGES = {
  approved: 'The payment page’s scripts are recorded as reviewed.',
  nothingToApprove: 'These scripts are already the reviewed ones.',
  stale: 'The scripts changed again while you were reading. Look at the list once more.',
  notChecked: 'The payment page has not been checked yet. The first check runs within a minute of the start.',
} as const;

const Review = z.object({
  /** 'reviewed': the current scripts are the ones an owner (or the first check) accepted */
  status: z.enum(['reviewed', 'changed', 'unchecked']),
  fingerprint: z.string().nullable(),
  checkedAt: z.iso.datetime({ offset: true }).nullable(),
  firstSeenAt: z.iso.datetime({ offset: true }).nullable(),
  reviewedAt: z.iso.datetime({ offset: true }).nullable(),
  /** the owner's email, or 'first check' for the inventory a new shop starts with */
  reviewedBy: z.string().nullable(),
});

export const CspViolationRow = z.object({
  day: z.iso.date(),
  documentPath: z.string(),
  directive: z.string(),
  blocked: z.string(),
  sourceFile: z.string().nullable(),
  count: z.number().int(),
  lastAt: z.iso.datetime({ offset: true }),
});

export const PaymentScriptsView = z.object({
  scripts: z.array(PaymentPageScript),
  review: Review,
  /** what moved since the last reviewed inventory (empty when reviewed) */
  added: z.array(PaymentPageScript),
  removed: z.array(PaymentPageScript),
  changed: z.array(PaymentPageScript),
  /** the policy the payment page is served with */
  contentSecurityPolicy: z.string(),
  /** what browsers reported blocked in the last 7 days, the payment page's first */
  violations: z.array(CspViolationRow),
});
export type PaymentScriptsView = z.infer<typeof PaymentScriptsView>;

export const ApprovePaymentScripts = z.object({
  /** the inventory the owner read: a newer one is not approved unseen */
  fingerprint: z
    .string({ error: 'Say which list of scripts you reviewed.' })
    .regex(/^[0-9a-f]{64}$/, 'Say which list of scripts you reviewed.'),
});
export const PaymentScriptsApproved = z.object({ fingerprint: z.string(), message: z.string() });

// ------------------------------------------------------------------------------------------------
// Reports of what the policy blocked (CSP Level 3 report-uri and the Reporting API's report-to)

/** A violation as we keep it: no query string, no full address of what was blocked (they may hold personal data). */
export type CspViolation = {
  documentPath: string;
  directive: string;
  blocked: string;
  sourceFile: string | null;
};

/** One request carries at most this many reports; a larger batch is refused whole. */
export const CSP_REPORTS_PER_REQUEST = 20;
/** The largest report body we read, in bytes (a browser's report is well under 4 KB). */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;
const MAX_TEXT = 200;

const KEYWORDS = new Set([
  'inline',
  'eval',
  'wasm-eval',
  'data',
  'blob',
  'self',
  'trusted-types-policy',
  'trusted-types-sink',
]);

/** The origin of a URL, or a CSP keyword the browser reports instead ('inline', 'eval' …); 'other' when neither. */
function blockedOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') return 'inline';
  if (KEYWORDS.has(value)) return value;
  if (/^(data|blob):/i.test(value)) return value.slice(0, value.indexOf(':')).toLowerCase();
  try {
    const url = new URL(value);
    return url.origin === 'null' ? 'other' : url.origin.slice(0, MAX_TEXT);
  } catch {
    return 'other';
  }
}

/** A URL's path only: no origin, query or fragment. Null when it is not a URL. */
function pathOf(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    return new URL(value).pathname.slice(0, MAX_TEXT);
  } catch {
    return null;
  }
}

function directiveOf(effective: unknown, violated: unknown): string | null {
  const text =
    typeof effective === 'string' && effective ? effective : typeof violated === 'string' ? violated : '';
  const first = text.trim().split(/\s+/)[0] ?? '';
  return /^[a-z][a-z-]{0,39}$/.test(first) ? first : null;
}

/** A source file's origin and path; null when absent or not a URL. */
function sourceOf(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : `${url.origin}${url.pathname}`.slice(0, MAX_TEXT);
  } catch {
    return null;
  }
}

function violationOf(fields: {
  document: unknown;
  effective: unknown;
  violated: unknown;
  blocked: unknown;
  source: unknown;
}): CspViolation | null {
  const documentPath = pathOf(fields.document);
  const directive = directiveOf(fields.effective, fields.violated);
  if (documentPath === null || directive === null) return null;
  return { documentPath, directive, blocked: blockedOf(fields.blocked), sourceFile: sourceOf(fields.source) };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The violations a browser's report body holds, by its media type: `application/csp-report` (one
 * `{"csp-report": {...}}`) or `application/reports+json` (an array of reports, the csp-violation
 * ones read). Null when the body is not a report of that type, or holds too many.
 */
export function parseCspReports(mediaType: string, body: unknown): CspViolation[] | null {
  if (mediaType === 'application/csp-report') {
    if (!isObject(body) || !isObject(body['csp-report'])) return null;
    const report = body['csp-report'];
    const violation = violationOf({
      document: report['document-uri'],
      effective: report['effective-directive'],
      violated: report['violated-directive'],
      blocked: report['blocked-uri'],
      source: report['source-file'],
    });
    return violation ? [violation] : null;
  }
  if (mediaType === 'application/reports+json') {
    if (!Array.isArray(body) || body.length === 0 || body.length > CSP_REPORTS_PER_REQUEST) return null;
    const found: CspViolation[] = [];
    for (const report of body) {
      if (!isObject(report) || report.type !== 'csp-violation' || !isObject(report.body)) continue;
      const violation = violationOf({
        document: report.body.documentURL ?? report.url,
        effective: report.body.effectiveDirective,
        violated: null,
        blocked: report.body.blockedURL,
        source: report.body.sourceFile,
      });
      if (violation) found.push(violation);
    }
    return found.length > 0 ? found : null;
  }
  return null;
}
