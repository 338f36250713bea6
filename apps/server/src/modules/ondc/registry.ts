// The ONDC registry's lookup (docs/requirements.md#ondc-registry): a sender's public signing key
// by its subscriber id and key id, asked once and kept for a while, so a signature is checked
// without a registry call per request.
import { z } from 'zod';

export type Subscriber = {
  subscriberId: string;
  uniqueKeyId: string;
  subscriberUrl: string;
  /** BAP (buyer app), BPP (seller app) or BG (gateway) */
  type: string;
  signingPublicKey: string;
  encryptionPublicKey: string;
  validUntil: Date | null;
};

export type Registry = { lookup(subscriberId: string, uniqueKeyId: string): Promise<Subscriber | null> };

const LookupEntry = z.object({
  subscriber_id: z.string(),
  subscriber_url: z.string().default(''),
  type: z.string().default(''),
  signing_public_key: z.string(),
  encr_public_key: z.string().default(''),
  ukId: z.string().optional(),
  unique_key_id: z.string().optional(),
  valid_until: z.string().optional(),
  status: z.string().optional(),
});

const LOOKUP_TIMEOUT_MS = 5_000;

/** The registry over HTTP (POST {registry}/lookup), with answers kept for keepMs (found or not). */
export function createRegistry(
  registryUrl: string,
  { keepMs = 10 * 60_000, now = () => new Date() }: { keepMs?: number; now?: () => Date } = {},
): Registry {
  const kept = new Map<string, { at: number; subscriber: Subscriber | null }>();
  return {
    async lookup(subscriberId, uniqueKeyId) {
      const key = `${subscriberId}|${uniqueKeyId}`;
      const at = now().getTime();
      const hit = kept.get(key);
      if (hit && at - hit.at < keepMs) return hit.subscriber;
      const response = await fetch(`${registryUrl}/lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subscriber_id: subscriberId, ukId: uniqueKeyId }),
        signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`the ONDC registry answered ${response.status} to a lookup`);
      const entries = z.array(z.unknown()).parse(await response.json());
      let subscriber: Subscriber | null = null;
      for (const raw of entries) {
        const entry = LookupEntry.safeParse(raw);
        if (!entry.success) continue;
        const ukId = entry.data.ukId ?? entry.data.unique_key_id;
        if (entry.data.subscriber_id !== subscriberId || ukId !== uniqueKeyId) continue;
        if (entry.data.status && entry.data.status !== 'SUBSCRIBED') continue;
        const validUntil = entry.data.valid_until ? new Date(entry.data.valid_until) : null;
        if (validUntil && validUntil.getTime() < at) continue;
        subscriber = {
          subscriberId,
          uniqueKeyId,
          subscriberUrl: entry.data.subscriber_url,
          type: entry.data.type,
          signingPublicKey: entry.data.signing_public_key,
          encryptionPublicKey: entry.data.encr_public_key,
          validUntil,
        };
        break;
      }
      if (kept.size > 10_000) kept.clear();
      kept.set(key, { at, subscriber });
      return subscriber;
    },
  };
}
