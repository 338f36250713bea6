// ONDC's request signing (docs/requirements.md#ondc-signing): a BLAKE2b-512 digest of the raw body,
// an Ed25519 signature over "(created): …\n(expires): …\ndigest: BLAKE-512=…", sent as the
// `Authorization` header (`X-Gateway-Authorization` from the gateway) with
// keyId="{subscriber_id}|{unique_key_id}|ed25519". Node's crypto has every algorithm (ADR-0062).
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
  createDecipheriv,
  createCipheriv,
} from 'node:crypto';

// DER prefixes of PKCS#8 private and SPKI public keys for the raw 32-byte keys (RFC 8410)
const ED25519_PKCS8 = Buffer.from('302e020100300506032b657004220420', 'hex');
const ED25519_SPKI = Buffer.from('302a300506032b6570032100', 'hex');
const X25519_PKCS8 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const X25519_SPKI = Buffer.from('302a300506032b656e032100', 'hex');

export const ONDC_SIGNATURE_ALGORITHM = 'ed25519';
/** How long a signature the shop makes is valid: ONDC's libraries use an hour; the network asks for short. */
export const SIGNATURE_VALIDITY_SECONDS = 5 * 60;

const isBase64 = (value: string) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && value.length % 4 === 0;

/** An Ed25519 private key as ONDC hands them out: base64 of the 32-byte seed, or of seed and public key (libsodium, 64 bytes). */
export function signingPrivateKey(base64: string): KeyObject {
  if (!isBase64(base64)) throw new Error('the ONDC signing private key is not base64');
  const raw = Buffer.from(base64, 'base64');
  if (raw.length !== 32 && raw.length !== 64)
    throw new Error('the ONDC signing private key must be 32 or 64 bytes');
  return createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8, raw.subarray(0, 32)]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** An Ed25519 public key as the registry publishes it: base64 of the raw 32 bytes. Null when it is not one. */
export function signingPublicKey(base64: string): KeyObject | null {
  if (!isBase64(base64)) return null;
  const raw = Buffer.from(base64, 'base64');
  if (raw.length === 32)
    return createPublicKey({ key: Buffer.concat([ED25519_SPKI, raw]), format: 'der', type: 'spki' });
  if (raw.length === 44 && raw.subarray(0, 12).equals(ED25519_SPKI))
    return createPublicKey({ key: raw, format: 'der', type: 'spki' });
  return null;
}

/** An X25519 key as ONDC publishes encryption keys: base64 of the DER (SPKI "MCowBQYDK2VuAyEA…") or of the raw 32 bytes. */
export function encryptionPublicKey(base64: string): KeyObject | null {
  if (!isBase64(base64)) return null;
  const raw = Buffer.from(base64, 'base64');
  const der = raw.length === 32 ? Buffer.concat([X25519_SPKI, raw]) : raw;
  if (der.length !== 44 || !der.subarray(0, 12).equals(X25519_SPKI)) return null;
  return createPublicKey({ key: der, format: 'der', type: 'spki' });
}

/** An X25519 private key: base64 of a PKCS#8 DER ("MC4CAQAwBQYDK2VuBCIEI…", or the v2 form with its public key) or of the raw 32 bytes. */
export function encryptionPrivateKey(base64: string): KeyObject {
  if (!isBase64(base64)) throw new Error('the ONDC encryption private key is not base64');
  const raw = Buffer.from(base64, 'base64');
  // the v2 form ONDC's utility prints (version 1, public key attached) is read by its private part
  const isV2 =
    raw.length === 83 && raw.subarray(2, 16).equals(Buffer.from('020101300506032b656e04220420', 'hex'));
  const der =
    raw.length === 32 || isV2 ? Buffer.concat([X25519_PKCS8, isV2 ? raw.subarray(16, 48) : raw]) : raw;
  const key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'x25519')
    throw new Error('the ONDC encryption private key is not an X25519 key');
  return key;
}

/** The public encryption key of a private one, as the registry lists it (DER base64). */
export function publicOfEncryptionKey(privateKeyBase64: string): string {
  return createPublicKey(encryptionPrivateKey(privateKeyBase64))
    .export({ format: 'der', type: 'spki' })
    .toString('base64');
}

export type OndcKeys = {
  signingPrivateKey: string;
  signingPublicKey: string;
  encryptionPrivateKey: string;
  encryptionPublicKey: string;
};

/** A new set of keys in the forms the registry takes: signing raw base64, encryption DER base64. */
export function generateOndcKeys(): OndcKeys {
  const signing = generateKeyPairSync('ed25519');
  const encryption = generateKeyPairSync('x25519');
  const seed = signing.privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(16);
  const pub = signing.publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
  return {
    signingPrivateKey: Buffer.concat([seed, pub]).toString('base64'),
    signingPublicKey: pub.toString('base64'),
    encryptionPrivateKey: encryption.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    encryptionPublicKey: encryption.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/** The public signing key of a private one, as the registry lists it. */
export function publicOfSigningKey(privateKeyBase64: string): string {
  return createPublicKey(signingPrivateKey(privateKeyBase64))
    .export({ format: 'der', type: 'spki' })
    .subarray(12)
    .toString('base64');
}

/** BLAKE2b-512 of the body exactly as sent, base64. */
export function bodyDigest(body: string | Uint8Array): string {
  return createHash('blake2b512').update(body).digest('base64');
}

export function signingString(created: number, expires: number, digest: string): string {
  return `(created): ${created}\n(expires): ${expires}\ndigest: BLAKE-512=${digest}`;
}

export type Signer = { subscriberId: string; uniqueKeyId: string; privateKey: string };

/** The Authorization header for a body, signed now (seconds since the epoch) for SIGNATURE_VALIDITY_SECONDS. */
export function authorizationHeader(
  body: string,
  signer: Signer,
  nowSeconds: number,
  validitySeconds = SIGNATURE_VALIDITY_SECONDS,
): string {
  const created = nowSeconds;
  const expires = nowSeconds + validitySeconds;
  const signature = sign(
    null,
    Buffer.from(signingString(created, expires, bodyDigest(body))),
    signingPrivateKey(signer.privateKey),
  ).toString('base64');
  return `Signature keyId="${signer.subscriberId}|${signer.uniqueKeyId}|${ONDC_SIGNATURE_ALGORITHM}",algorithm="${ONDC_SIGNATURE_ALGORITHM}",created="${created}",expires="${expires}",headers="(created) (expires) digest",signature="${signature}"`;
}

export type ParsedAuthorization = {
  subscriberId: string;
  uniqueKeyId: string;
  created: number;
  expires: number;
  signature: Buffer;
};

const MAX_HEADER_LENGTH = 2048;

/** The parts of a Signature header; null for anything that is not one ONDC's way. */
export function parseAuthorization(header: string | undefined | null): ParsedAuthorization | null {
  if (!header || header.length > MAX_HEADER_LENGTH || !header.startsWith('Signature ')) return null;
  const parts = new Map<string, string>();
  const pattern = /\s*([a-zA-Z]+)="([^"]*)"\s*(?:,|$)/gy;
  const rest = header.slice('Signature '.length);
  pattern.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < rest.length && (match = pattern.exec(rest)) !== null) {
    const [, name, value] = match;
    if (name === undefined || value === undefined || parts.has(name)) return null;
    parts.set(name, value);
  }
  if (pattern.lastIndex !== rest.length && rest.slice(pattern.lastIndex).trim() !== '') return null;
  const keyId = parts.get('keyId')?.split('|');
  const created = Number(parts.get('created'));
  const expires = Number(parts.get('expires'));
  const signature = parts.get('signature') ?? '';
  const headers = (parts.get('headers') ?? '').trim().split(/\s+/).join(' ');
  if (!keyId || keyId.length !== 3 || !keyId[0] || !keyId[1] || keyId[2] !== ONDC_SIGNATURE_ALGORITHM)
    return null;
  if ((parts.get('algorithm') ?? ONDC_SIGNATURE_ALGORITHM) !== ONDC_SIGNATURE_ALGORITHM) return null;
  if (headers !== '(created) (expires) digest') return null;
  if (!Number.isSafeInteger(created) || !Number.isSafeInteger(expires) || expires <= created) return null;
  if (!isBase64(signature)) return null;
  const bytes = Buffer.from(signature, 'base64');
  if (bytes.length !== 64) return null;
  return { subscriberId: keyId[0], uniqueKeyId: keyId[1], created, expires, signature: bytes };
}

export type SignatureCheck =
  { code: 'VALID' } | { code: 'EXPIRED' } | { code: 'NOT_YET_VALID' } | { code: 'BAD_SIGNATURE' };

/** Allowed clock difference between the sender and the shop. */
const CLOCK_SKEW_SECONDS = 30;

/** Checks a parsed header against the body as received and the sender's registered public key. */
export function checkSignature(
  parsed: ParsedAuthorization,
  body: string | Uint8Array,
  publicKeyBase64: string,
  nowSeconds: number,
): SignatureCheck {
  if (parsed.expires < nowSeconds - CLOCK_SKEW_SECONDS) return { code: 'EXPIRED' };
  if (parsed.created > nowSeconds + CLOCK_SKEW_SECONDS) return { code: 'NOT_YET_VALID' };
  const key = signingPublicKey(publicKeyBase64);
  if (!key) return { code: 'BAD_SIGNATURE' };
  const message = Buffer.from(signingString(parsed.created, parsed.expires, bodyDigest(body)));
  return verify(null, message, key, parsed.signature) ? { code: 'VALID' } : { code: 'BAD_SIGNATURE' };
}

/**
 * The registry's challenge in on_subscribe: AES-256-ECB (PKCS#7 padding) under the X25519 shared
 * secret of our encryption key and the registry's, base64 in and plain text out
 * (docs/requirements.md#ondc-registry). Null when it does not decrypt.
 */
export function decryptChallenge(
  challengeBase64: string,
  ourEncryptionPrivateKey: string,
  registryEncryptionPublicKey: string,
): string | null {
  const theirs = encryptionPublicKey(registryEncryptionPublicKey);
  if (!theirs || !isBase64(challengeBase64)) return null;
  const secret = diffieHellman({
    privateKey: encryptionPrivateKey(ourEncryptionPrivateKey),
    publicKey: theirs,
  });
  try {
    const decipher = createDecipheriv('aes-256-ecb', secret, null);
    return Buffer.concat([
      decipher.update(Buffer.from(challengeBase64, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

/** The registry's side of the challenge (the stand-in registry uses it). */
export function encryptChallenge(
  challenge: string,
  registryEncryptionPrivateKey: string,
  subscriberEncryptionPublicKey: string,
): string {
  const theirs = encryptionPublicKey(subscriberEncryptionPublicKey);
  if (!theirs) throw new Error('the subscriber encryption key is not an X25519 key');
  const secret = diffieHellman({
    privateKey: encryptionPrivateKey(registryEncryptionPrivateKey),
    publicKey: theirs,
  });
  const cipher = createCipheriv('aes-256-ecb', secret, null);
  return Buffer.concat([cipher.update(challenge, 'utf8'), cipher.final()]).toString('base64');
}

/** The signed request id in the site-verification page: Ed25519 over the request id itself. */
export function signRequestId(requestId: string, privateKey: string): string {
  return sign(null, Buffer.from(requestId), signingPrivateKey(privateKey)).toString('base64');
}
