// A local stand-in of Meta's WhatsApp Business Cloud API (Graph API) over real HTTP (node:http),
// enforcing the documented contract of sending a message template (docs/requirements.md#order-notices):
// `POST /{version}/{phone-number-id}/messages`, `Authorization: Bearer <token>`, a JSON body with
// messaging_product 'whatsapp', `to`, type 'template' and a template { name, language: { code },
// components: [{ type: 'body', parameters: [{ type: 'text', text }] }] } naming an approved
// template with as many body parameters as it has {{n}}; success answers
// { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid…' }] }, refusals the
// Graph API error body { error: { message, type, code, error_data: { messaging_product, details },
// fbtrace_id } } (190 bad token, 100 invalid parameter, 132000 parameter count, 132001 no such
// template, 131026 undeliverable, 130429 rate limit).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const STAND_IN_WHATSAPP = {
  token: 'EAAGstandintoken0123456789',
  phoneNumberId: '106540352242922',
  version: 'v21.0',
};

export type ReceivedTemplate = { to: string; name: string; language: string; parameters: string[] };

/** each template's approved translations (Meta's language codes) and its body's parameter count */
type Approved = Record<string, { languages: readonly string[]; parameters: number }>;

export type WhatsAppStandIn = {
  /** the Graph API base to configure: http://127.0.0.1:port/v21.0 */
  apiUrl: string;
  /** every template message accepted, in order */
  received: ReceivedTemplate[];
  /** numbers that are not on WhatsApp (131026) */
  undeliverable: Set<string>;
  /** answer the next n sends with the rate limit (130429) */
  limitNext(n: number): void;
  close(): Promise<void>;
};

function graphError(res: ServerResponse, status: number, code: number, message: string, details: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      error: {
        message: `(#${code}) ${message}`,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details },
        fbtrace_id: randomBytes(9).toString('base64url'),
      },
    }),
  );
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Starts the stand-in on a free port; `approved` lists the templates approved in WhatsApp Manager. */
export async function startWhatsAppStandIn(approved: Approved): Promise<WhatsAppStandIn> {
  const received: ReceivedTemplate[] = [];
  const undeliverable = new Set<string>();
  let limited = 0;
  const path = `/${STAND_IN_WHATSAPP.version}/${STAND_IN_WHATSAPP.phoneNumberId}/messages`;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (req.headers.authorization !== `Bearer ${STAND_IN_WHATSAPP.token}`)
        return graphError(res, 401, 190, 'Error validating access token', 'Invalid OAuth access token.');
      if (req.method !== 'POST' || req.url !== path)
        return graphError(
          res,
          400,
          100,
          'Invalid parameter',
          `Unsupported ${req.method ?? ''} request to ${req.url ?? ''}: the phone number id is unknown.`,
        );
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
        return graphError(res, 400, 100, 'Invalid parameter', 'The body must be JSON.');
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return graphError(res, 400, 100, 'Invalid parameter', 'The body is not valid JSON.');
      }
      if (!isObject(parsed) || parsed.messaging_product !== 'whatsapp')
        return graphError(res, 400, 100, 'Invalid parameter', "messaging_product must be 'whatsapp'.");
      const to = parsed.to;
      if (typeof to !== 'string' || !/^\d{8,15}$/.test(to))
        return graphError(
          res,
          400,
          100,
          'Invalid parameter',
          'to must be a phone number with its country code.',
        );
      if (parsed.recipient_type !== undefined && parsed.recipient_type !== 'individual')
        return graphError(res, 400, 100, 'Invalid parameter', "recipient_type must be 'individual'.");
      if (parsed.type !== 'template' || !isObject(parsed.template))
        return graphError(
          res,
          400,
          100,
          'Invalid parameter',
          "type must be 'template' with a template object.",
        );
      const { name, language, components } = parsed.template;
      if (typeof name !== 'string' || !isObject(language) || typeof language.code !== 'string')
        return graphError(res, 400, 100, 'Invalid parameter', 'template needs name and language.code.');
      const template = approved[name];
      if (!template || !template.languages.includes(language.code))
        return graphError(
          res,
          404,
          132001,
          'Template name does not exist in the translation',
          `template name (${name}) does not exist in ${language.code}`,
        );
      const parameters: string[] = [];
      if (components !== undefined) {
        if (!Array.isArray(components))
          return graphError(res, 400, 100, 'Invalid parameter', 'components must be an array.');
        for (const component of components) {
          if (!isObject(component) || component.type !== 'body' || !Array.isArray(component.parameters))
            return graphError(
              res,
              400,
              100,
              'Invalid parameter',
              'Only body components with parameters are approved.',
            );
          for (const p of component.parameters) {
            if (!isObject(p) || p.type !== 'text' || typeof p.text !== 'string' || p.text.length === 0)
              return graphError(
                res,
                400,
                100,
                'Invalid parameter',
                'Each parameter is { type: text, text }.',
              );
            if (/[\n\t]| {5,}/.test(p.text))
              return graphError(
                res,
                400,
                132018,
                'There was an issue with the parameters in your template',
                'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
              );
            parameters.push(p.text);
          }
        }
      }
      if (parameters.length !== template.parameters)
        return graphError(
          res,
          400,
          132000,
          'Number of parameters does not match the expected number of params',
          `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${template.parameters})`,
        );
      if (limited > 0) {
        limited--;
        return graphError(
          res,
          429,
          130429,
          'Rate limit hit',
          'Cloud API message throughput has been reached.',
        );
      }
      if (undeliverable.has(to))
        return graphError(res, 400, 131026, 'Message undeliverable', 'The number is not on WhatsApp.');
      received.push({ to, name, language: language.code, parameters });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: `wamid.${randomBytes(24).toString('base64url')}` }],
        }),
      );
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/${STAND_IN_WHATSAPP.version}`,
    received,
    undeliverable,
    limitNext: (n) => {
      limited = n;
    },
    close: () => new Promise((done) => server.close(() => done())),
  };
}
