import type { Msg91Config } from '../../env.ts';
import type { MessageSender } from './message-sender.ts';

/** How long MSG91 may take to accept a message before the outbox tries again later. */
const TIMEOUT_MS = 10_000;

/**
 * SMS through MSG91's flow API (ADR-0018). Indian operators deliver only DLT-registered texts,
 * so each kind of message names its MSG91 template (mapped to the DLT template in MSG91's panel);
 * the code goes as the template's `otp` variable. A message in Hindi, Tamil or Telugu takes its
 * language's template where one is configured. A refusal throws: the outbox retries, and the
 * error kept on the row names the kind and MSG91's answer, never the code.
 */
export function msg91Sender(config: Msg91Config, fetchFn: typeof fetch = fetch): MessageSender {
  const endpoint = new URL('/api/v5/flow', config.apiUrl).toString();
  return {
    kind: 'sms-provider',
    async send(message) {
      // requirements#message-languages: the language's own DLT template (`order-placed.hi`) when
      // registered; else the English one (its text, with the same values)
      const templateId =
        config.templateIds[`${message.template}.${message.language}`] ?? config.templateIds[message.template];
      if (!templateId) throw new Error(`no MSG91 template for ${message.template} messages`);
      const response = await fetchFn(endpoint, {
        method: 'POST',
        headers: { authkey: config.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: templateId,
          sender: config.senderId,
          short_url: '0',
          recipients: [{ mobiles: indianMobile(message.recipient), ...message.variables }],
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer: unknown = await response.json().catch(() => null);
      const type = answer && typeof answer === 'object' && 'type' in answer ? answer.type : undefined;
      if (!response.ok || type !== 'success') {
        const said =
          answer && typeof answer === 'object' && 'message' in answer ? String(answer.message) : '';
        throw new Error(`MSG91 refused the ${message.template} SMS (HTTP ${response.status}) ${said}`.trim());
      }
    },
  };
}

/** Our mobiles are 10 digits; MSG91 wants them with India's country code. */
function indianMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  return digits.length === 10 ? `91${digits}` : digits;
}
