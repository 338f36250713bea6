import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Executor } from '@marketplace/db';
import type { AppEnv } from '../../http/context.ts';
import { latestMessages, messageHtml } from './outbox.ts';

export const OUTBOX_PAGE_PATH = '/dev/outbox';

/**
 * Development only (docs/decisions/0007): the latest emails and SMS, codes included, so whoever
 * runs the shop on a laptop can finish every code flow without a mail server. Every value is
 * escaped by hono/html.
 */
export function outboxPageRoutes(db: Executor) {
  return new Hono<AppEnv>()
    .get(`${OUTBOX_PAGE_PATH}/:id/email`, async (c) => {
      // an email's HTML part as the shopper's mail program shows it: its own inline styles, no scripts
      const id = Number(c.req.param('id'));
      const found = Number.isSafeInteger(id) && id > 0 ? await messageHtml(db, id) : null;
      c.header('Cache-Control', 'no-store');
      c.header('X-Robots-Tag', 'noindex');
      if (found === null) return c.text('No such email.', 404);
      c.header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
      );
      return c.html(found);
    })
    .get(OUTBOX_PAGE_PATH, async (c) => {
      const messages = await latestMessages(db, 50);
      c.header('Cache-Control', 'no-store');
      c.header('X-Robots-Tag', 'noindex');
      return c.html(
        html`<!doctype html>
          <html lang="en-IN">
            <head>
              <meta charset="utf-8" />
              <meta name="viewport" content="width=device-width, initial-scale=1" />
              <meta http-equiv="refresh" content="5" />
              <title>Development outbox</title>
              <style nonce="${c.get('nonce')}">
                body {
                  font:
                    15px/1.45 system-ui,
                    sans-serif;
                  margin: 0;
                  background: #eaeded;
                  color: #0f1111;
                }
                header {
                  background: #131921;
                  color: #fff;
                  padding: 12px 16px;
                }
                header p {
                  margin: 4px 0 0;
                  opacity: 0.8;
                  font-size: 13px;
                }
                main {
                  max-width: 960px;
                  margin: 0 auto;
                  padding: 16px;
                }
                article {
                  background: #fff;
                  border-radius: 8px;
                  padding: 12px 16px;
                  margin-bottom: 12px;
                }
                .meta {
                  color: #565959;
                  font-size: 13px;
                  display: flex;
                  gap: 12px;
                  flex-wrap: wrap;
                }
                .channel {
                  font-weight: 700;
                  text-transform: uppercase;
                  color: #007185;
                }
                h2 {
                  font-size: 16px;
                  margin: 6px 0;
                }
                p.body {
                  margin: 6px 0 0;
                  white-space: pre-wrap;
                }
              </style>
            </head>
            <body>
              <header>
                <h1 style="margin:0;font-size:20px">Development outbox</h1>
                <p>
                  The latest ${messages.length} messages. No mail server is configured, so nothing left this
                  machine. This page refreshes every 5 seconds.
                </p>
              </header>
              <main>
                ${messages.length === 0 ? html`<p>No messages yet.</p>` : ''}
                ${messages.map(
                  (m) =>
                    html`<article data-recipient="${m.recipient}">
                      <div class="meta">
                        <span class="channel">${m.channel}</span>
                        <span>To: <b>${m.recipient}</b></span>
                        <time datetime="${m.createdAt.toISOString()}"
                          >${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time
                        >
                        <span>${m.status}</span>
                        <span>${m.template}</span>
                        ${
                          m.hasHtml
                            ? html`<a href="${OUTBOX_PAGE_PATH}/${m.id}/email">Open the email as sent</a>`
                            : ''
                        }
                      </div>
                      ${m.subject ? html`<h2>${m.subject}</h2>` : ''}
                      <p class="body">${m.body}</p>
                    </article>`,
                )}
              </main>
            </body>
          </html>`,
      );
    });
}
