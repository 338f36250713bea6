// requirements#order-notices: an order notice as email, HTML and plain text from the same facts.
// Server-side React rendered to static markup (react-dom/server, already the web app's): every
// value is escaped by React, and the layout uses tables and inline styles, which mail clients keep.
import type { CSSProperties } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatInr } from '@marketplace/domain/money/money';
import { DEFAULT_LANGUAGE, type Language, LANGUAGE_LOCALES } from '@marketplace/domain/i18n/languages';
import { NOTICE_WORDS } from './words.ts';

export type EmailLine = { name: string; quantity: number; totalPaise: number };

export type NoticeEmail = {
  subject: string;
  /** the first line under the heading: what happened */
  lead: string;
  /** more sentences, each its own paragraph */
  details: string[];
  orderNo: string;
  lines: EmailLine[];
  /** what lies between the lines and the total: delivery (+), discounts (−) */
  adjustments: { label: string; paise: number }[];
  /** the order's total (or, for a refund, the amount refunded) and its label */
  total: { label: string; paise: number };
  action: { label: string; href: string };
  /** the greeting's name */
  name: string;
  /** requirements#message-languages: the language the email speaks (English when not given) */
  language?: Language;
};

const wordsOf = (email: NoticeEmail) => NOTICE_WORDS[email.language ?? DEFAULT_LANGUAGE].email;

const colours = { ink: '#0f1111', muted: '#565959', line: '#d5d9d9', brand: '#131921', action: '#ffd814' };
const cell: CSSProperties = { padding: '8px 0', borderBottom: `1px solid ${colours.line}`, fontSize: 14 };

function NoticeHtml({ email }: { email: NoticeEmail }) {
  const words = wordsOf(email);
  return (
    <html lang={LANGUAGE_LOCALES[email.language ?? DEFAULT_LANGUAGE]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{email.subject}</title>
      </head>
      <body
        style={{
          margin: 0,
          background: '#eaeded',
          fontFamily: 'Arial, Helvetica, sans-serif',
          color: colours.ink,
        }}
      >
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ background: '#eaeded' }}
        >
          <tbody>
            <tr>
              <td align="center" style={{ padding: '16px 8px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 600, background: '#ffffff', borderRadius: 8 }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          background: colours.brand,
                          color: '#ffffff',
                          padding: '14px 20px',
                          fontSize: 20,
                          fontWeight: 700,
                          borderRadius: '8px 8px 0 0',
                        }}
                      >
                        Bazaar
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '20px' }}>
                        <h1 style={{ fontSize: 20, margin: '0 0 12px' }}>{email.subject}</h1>
                        <p style={{ margin: '0 0 8px', fontSize: 15 }}>{words.hello(email.name)}</p>
                        <p style={{ margin: '0 0 8px', fontSize: 15 }}>{email.lead}</p>
                        {email.details.map((text) => (
                          <p key={text} style={{ margin: '0 0 8px', fontSize: 15 }}>
                            {text}
                          </p>
                        ))}
                        <p style={{ margin: '16px 0 4px', fontSize: 13, color: colours.muted }}>
                          {words.order(email.orderNo)}
                        </p>
                        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
                          <tbody>
                            {email.lines.map((line, index) => (
                              <tr key={index}>
                                <td style={cell}>
                                  {line.name} <span style={{ color: colours.muted }}>× {line.quantity}</span>
                                </td>
                                <td align="right" style={{ ...cell, whiteSpace: 'nowrap' }}>
                                  {formatInr(line.totalPaise)}
                                </td>
                              </tr>
                            ))}
                            {email.adjustments.map((a) => (
                              <tr key={a.label}>
                                <td style={{ ...cell, color: colours.muted }}>{a.label}</td>
                                <td
                                  align="right"
                                  style={{ ...cell, color: colours.muted, whiteSpace: 'nowrap' }}
                                >
                                  {signed(a.paise)}
                                </td>
                              </tr>
                            ))}
                            <tr>
                              <td style={{ ...cell, fontWeight: 700, borderBottom: 'none' }}>
                                {email.total.label}
                              </td>
                              <td
                                align="right"
                                style={{
                                  ...cell,
                                  fontWeight: 700,
                                  borderBottom: 'none',
                                  whiteSpace: 'nowrap',
                                }}
                              >
                                {formatInr(email.total.paise)}
                              </td>
                            </tr>
                          </tbody>
                        </table>
                        <p style={{ margin: '20px 0 8px' }}>
                          <a
                            href={email.action.href}
                            style={{
                              background: colours.action,
                              color: colours.ink,
                              padding: '10px 18px',
                              borderRadius: 20,
                              textDecoration: 'none',
                              fontWeight: 700,
                              display: 'inline-block',
                            }}
                          >
                            {email.action.label}
                          </a>
                        </p>
                        <p
                          style={{ margin: '0', fontSize: 12, color: colours.muted, wordBreak: 'break-all' }}
                        >
                          {words.orOpen(email.action.href)}
                        </p>
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: '12px 20px 20px',
                          fontSize: 12,
                          color: colours.muted,
                          borderTop: `1px solid ${colours.line}`,
                        }}
                      >
                        {words.why}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** A delivery charge as '+₹40.00', a discount as '−₹50.00'. */
const signed = (paise: number) => (paise < 0 ? `−${formatInr(-paise)}` : `+${formatInr(paise)}`);

/** The email's HTML part. */
export function renderNoticeHtml(email: NoticeEmail): string {
  return `<!doctype html>${renderToStaticMarkup(<NoticeHtml email={email} />)}`;
}

/** The same email as plain text (its text part, and what the development outbox shows). */
export function renderNoticeText(email: NoticeEmail): string {
  const width = Math.max(
    ...email.lines.map((l) => formatInr(l.totalPaise).length),
    formatInr(email.total.paise).length,
  );
  const rows = email.lines.map(
    (l) => `- ${l.name} × ${l.quantity}: ${formatInr(l.totalPaise).padStart(width)}`,
  );
  const words = wordsOf(email);
  return [
    words.hello(email.name),
    '',
    email.lead,
    ...email.details,
    '',
    words.order(email.orderNo),
    ...rows,
    ...email.adjustments.map((a) => `  ${a.label}: ${signed(a.paise)}`),
    `${email.total.label}: ${formatInr(email.total.paise)}`,
    '',
    `${email.action.label}: ${email.action.href}`,
    '',
    words.signature,
  ].join('\n');
}
