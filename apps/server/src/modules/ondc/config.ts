// How the shop takes part in ONDC (ADR-0062): its subscriber id and URL on the network, its keys,
// and the registry of the environment it joined. Off unless ONDC_ENV is set.
import { readFileSync, existsSync } from 'node:fs';
import { z } from 'zod';
import { generateOndcKeys, type OndcKeys, publicOfEncryptionKey, publicOfSigningKey } from './signing.ts';

export type OndcConfig = {
  /** the shop's subscriber id on the network: its domain name (bpp_id) */
  subscriberId: string;
  /** where the network reaches the shop's BPP endpoints (bpp_uri), ending in /ondc */
  subscriberUrl: string;
  /** the id of the key pair in use (ukId) */
  uniqueKeyId: string;
  keys: OndcKeys;
  registryUrl: string;
  /** the registry's X25519 key, for the on_subscribe challenge; null: challenges are refused */
  registryEncryptionPublicKey: string | null;
  /** the request id of the site-verification page (from the ONDC portal); null: the page answers 404 */
  siteVerificationRequestId: string | null;
  /** the seller app's name in the catalog (bpp/descriptor) */
  name: string;
  /** the seller app's grievance contact (the retail contract's consumer-care field) */
  consumerCare: { name: string; email: string; phone: string };
};

/** Where `npm run ondc -- keys` keeps the key pairs: the current and the one before a rotation. */
export const KeyFile = z.object({
  current: z.object({
    uniqueKeyId: z.string().min(1).max(100),
    createdAt: z.string(),
    signingPrivateKey: z.string(),
    signingPublicKey: z.string(),
    encryptionPrivateKey: z.string(),
    encryptionPublicKey: z.string(),
  }),
  previous: z
    .object({ uniqueKeyId: z.string(), createdAt: z.string(), signingPublicKey: z.string() })
    .nullable()
    .default(null),
});
export type KeyFile = z.infer<typeof KeyFile>;

/** A new key file, keeping the current key's public half as the previous one (ADR-0062: rotation). */
export function rotateKeys(before: KeyFile | null, now: Date): KeyFile {
  const keys = generateOndcKeys();
  return {
    current: { uniqueKeyId: `k${now.getTime().toString(36)}`, createdAt: now.toISOString(), ...keys },
    previous: before
      ? {
          uniqueKeyId: before.current.uniqueKeyId,
          createdAt: before.current.createdAt,
          signingPublicKey: before.current.signingPublicKey,
        }
      : null,
  };
}

export function readKeyFile(path: string): KeyFile | null {
  if (!existsSync(path)) return null;
  return KeyFile.parse(JSON.parse(readFileSync(path, 'utf8')));
}

/** The keys in use: from the environment when given there, else from the key file. */
export function keysOf(
  env: { signingPrivateKey?: string; encryptionPrivateKey?: string; uniqueKeyId?: string },
  file: KeyFile | null,
): { uniqueKeyId: string; keys: OndcKeys } | null {
  if (env.signingPrivateKey && env.encryptionPrivateKey && env.uniqueKeyId)
    return {
      uniqueKeyId: env.uniqueKeyId,
      keys: {
        signingPrivateKey: env.signingPrivateKey,
        signingPublicKey: publicOfSigningKey(env.signingPrivateKey),
        encryptionPrivateKey: env.encryptionPrivateKey,
        encryptionPublicKey: publicOfEncryptionKey(env.encryptionPrivateKey),
      },
    };
  if (!file) return null;
  const { uniqueKeyId, createdAt: _createdAt, ...keys } = file.current;
  return { uniqueKeyId, keys };
}
