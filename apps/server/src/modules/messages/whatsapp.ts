import type { MessageSender } from './message-sender.ts';

/** How long Meta may take to accept a message before the outbox tries again later. */
const TIMEOUT_MS = 10_000;

export type WhatsAppConfig = {
  /** Meta's Graph API, e.g. https://graph.facebook.com/v21.0 (tests point it at a local stand-in) */
  apiUrl: string;
  /** a system user's access token with whatsapp_business_messaging; never logged */
  token: string;
  /** the WhatsApp Business phone number's id (not the number itself) */
  phoneNumberId: string;
};

/**
 * WhatsApp through Meta's WhatsApp Business Cloud API: `POST /{phone-number-id}/messages` with a
 * bearer token and `type: template`, the template approved in WhatsApp Manager under the notice's
 * name, its body parameters in the order the template numbers them ({{1}}, {{2}}). A refusal
 * throws with Meta's error code and details (never the token): the outbox retries.
 */
export function whatsAppSender(config: WhatsAppConfig, fetchFn: typeof fetch = fetch): MessageSender {
  const base = config.apiUrl.replace(/\/+$/, '');
  const endpoint = `${base}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    kind: 'whatsapp-cloud',
    async send(message) {
      // the template's {{1}}, {{2}}… are the variables named '1', '2'… (kept by name: jsonb keeps no order)
      const parameters = Object.entries(message.variables)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, text]) => ({ type: 'text', text }));
      const response = await fetchFn(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: indianNumber(message.recipient),
          type: 'template',
          template: {
            name: message.template,
            // the template approved under the same name in the message's language (Meta's codes: en, hi, ta, te)
            language: { code: message.language },
            components: parameters.length > 0 ? [{ type: 'body', parameters }] : [],
          },
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer: unknown = await response.json().catch(() => null);
      if (response.ok && acceptedId(answer)) return;
      const error = errorOf(answer);
      throw new Error(
        `WhatsApp refused the ${message.template} message (HTTP ${response.status})${
          error ? ` #${error.code}: ${error.details ?? error.message}` : ''
        }`,
      );
    },
  };
}

/** Our mobiles are 10 digits; WhatsApp wants them with India's country code. */
function indianNumber(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  return digits.length === 10 ? `91${digits}` : digits;
}

/** The id Meta gives an accepted message ({ messages: [{ id: 'wamid…' }] }), or null. */
function acceptedId(answer: unknown): string | null {
  if (!answer || typeof answer !== 'object' || !('messages' in answer)) return null;
  const messages = answer.messages;
  if (!Array.isArray(messages)) return null;
  const first: unknown = messages[0];
  return first && typeof first === 'object' && 'id' in first && typeof first.id === 'string'
    ? first.id
    : null;
}

/** Graph API's error body: { error: { message, type, code, error_data: { details }, fbtrace_id } }. */
function errorOf(answer: unknown): { code: number; message: string; details: string | null } | null {
  if (!answer || typeof answer !== 'object' || !('error' in answer)) return null;
  const error = answer.error;
  if (!error || typeof error !== 'object') return null;
  const code = 'code' in error && typeof error.code === 'number' ? error.code : 0;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  const data = 'error_data' in error ? error.error_data : null;
  const details =
    data && typeof data === 'object' && 'details' in data && typeof data.details === 'string'
      ? data.details
      : null;
  return { code, message, details };
}
