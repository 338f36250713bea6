// The Beckn envelope (docs/requirements.md#ondc-signing): every request is { context, message };
// the synchronous answer is ACK, or NACK with an ONDC error.
import { z } from 'zod';
import { ONDC_CORE_VERSION, ONDC_ERRORS, type OndcErrorName } from '@marketplace/domain/ondc/protocol';

const hasControl = (text: string) =>
  [...text].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
const Text = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((text) => !hasControl(text), 'must not hold control characters');

export const Context = z.object({
  domain: Text(40).regex(/^ONDC:RET[0-9A-Z]{2}$/, 'must be a retail domain (ONDC:RET10 …)'),
  country: z.literal('IND'),
  city: Text(20).regex(/^(\*|std:\d{2,5})$/, 'must be a city code std:NNN or *'),
  action: Text(20),
  core_version: z.literal(ONDC_CORE_VERSION),
  bap_id: Text(200),
  bap_uri: Text(500).regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL'),
  bpp_id: Text(200).optional(),
  bpp_uri: Text(500).optional(),
  transaction_id: Text(100),
  message_id: Text(100),
  timestamp: z.iso.datetime({ offset: true }),
  ttl: Text(20).optional(),
});
export type Context = z.infer<typeof Context>;

export const Envelope = z.object({ context: z.unknown(), message: z.record(z.string(), z.unknown()) });

export const ack = () => ({ message: { ack: { status: 'ACK' as const } } });

export function nack(name: OndcErrorName, detail?: string) {
  const error = ONDC_ERRORS[name];
  return {
    message: { ack: { status: 'NACK' as const } },
    error: {
      type: error.type,
      code: error.code,
      message: detail ? `${error.message}: ${detail}` : error.message,
    },
  };
}

/** The context of a callback: the request's, as the seller app, stamped now. */
export function callbackContext(
  context: Context,
  action: string,
  self: { subscriberId: string; subscriberUrl: string },
  now: Date,
) {
  return {
    ...context,
    action,
    bpp_id: self.subscriberId,
    bpp_uri: self.subscriberUrl,
    timestamp: now.toISOString(),
    ttl: context.ttl ?? 'PT30S',
  };
}
