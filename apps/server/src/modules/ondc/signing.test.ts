import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authorizationHeader,
  bodyDigest,
  checkSignature,
  decryptChallenge,
  encryptChallenge,
  generateOndcKeys,
  parseAuthorization,
  publicOfEncryptionKey,
  publicOfSigningKey,
  signingPrivateKey,
  signingString,
} from './signing.ts';

// The key set printed by ONDC's own on_subscribe utility (developer-docs,
// utilities/on_subscibe-service/java/Readme.md): each public key must follow from its private one.
const DOCS_KEYS = {
  signPrivate: 'zeiPflZ2GHCX1bkzm4C4HfOoWclVKdZi9qYXgEnv89g=',
  signPublic: '3fdeC79Oqcsb26JLPA8aZSyjWytVR+CdRVtkaneijPk=',
  encPrivate:
    'MFECAQEwBQYDK2VuBCIEIPjSJTWFXeb0AH5L5d36q5yknfKGAthnOlsmREO/vBVAgSEAHjjX+uHubKwSOINetLeSedFoWXIaWybDQYON8pXewGQ=',
  encPublic: 'MCowBQYDK2VuAyEAHjjX+uHubKwSOINetLeSedFoWXIaWybDQYON8pXewGQ=',
};

const signer = (privateKey: string) => ({ subscriberId: 'buyer.example.in', uniqueKeyId: 'k1', privateKey });

describe('ONDC signing (docs/requirements.md#ondc-signing)', () => {
  it('derives the published public keys from the private keys of ONDC key-generation utility', () => {
    expect(publicOfSigningKey(DOCS_KEYS.signPrivate)).toBe(DOCS_KEYS.signPublic);
    expect(publicOfEncryptionKey(DOCS_KEYS.encPrivate)).toBe(DOCS_KEYS.encPublic);
  });

  it('digests with BLAKE2b-512 (RFC 7693 appendix A: "abc")', () => {
    expect(Buffer.from(bodyDigest('abc'), 'base64').toString('hex')).toBe(
      'ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1' +
        '7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923',
    );
  });

  it('signs like RFC 8032 test 1 (Ed25519, the empty message)', () => {
    const seed = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');
    const expected =
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b';
    expect(sign(null, Buffer.alloc(0), signingPrivateKey(seed.toString('base64'))).toString('hex')).toBe(
      expected,
    );
  });

  it('writes the header ONDC documents and verifies it back', () => {
    const keys = generateOndcKeys();
    const body = JSON.stringify({ context: { action: 'search' }, message: {} });
    const header = authorizationHeader(body, signer(keys.signingPrivateKey), 1_700_000_000, 300);
    expect(header).toMatch(
      /^Signature keyId="buyer\.example\.in\|k1\|ed25519",algorithm="ed25519",created="1700000000",expires="1700000300",headers="\(created\) \(expires\) digest",signature="[A-Za-z0-9+/]{86}=="$/,
    );
    const parsed = parseAuthorization(header);
    expect(parsed).toMatchObject({ subscriberId: 'buyer.example.in', uniqueKeyId: 'k1' });
    if (!parsed) throw new Error('unparsed');
    expect(checkSignature(parsed, body, keys.signingPublicKey, 1_700_000_100)).toEqual({ code: 'VALID' });
    expect(signingString(1, 2, 'x')).toBe('(created): 1\n(expires): 2\ndigest: BLAKE-512=x');
  });

  it('refuses a changed body, another key, an expired or future signature', () => {
    const keys = generateOndcKeys();
    const other = generateOndcKeys();
    const body = '{"a":1}';
    const parsed = parseAuthorization(authorizationHeader(body, signer(keys.signingPrivateKey), 1_000, 60));
    if (!parsed) throw new Error('unparsed');
    expect(checkSignature(parsed, '{"a":2}', keys.signingPublicKey, 1_010).code).toBe('BAD_SIGNATURE');
    expect(checkSignature(parsed, body, other.signingPublicKey, 1_010).code).toBe('BAD_SIGNATURE');
    expect(checkSignature(parsed, body, 'not a key', 1_010).code).toBe('BAD_SIGNATURE');
    expect(checkSignature(parsed, body, keys.signingPublicKey, 1_200).code).toBe('EXPIRED');
    expect(checkSignature(parsed, body, keys.signingPublicKey, 900).code).toBe('NOT_YET_VALID');
  });

  it('reads no malformed header', () => {
    const good = authorizationHeader('{}', signer(generateOndcKeys().signingPrivateKey), 1_000, 60);
    for (const header of [
      undefined,
      '',
      'Bearer abc',
      good.replace('|ed25519"', '|rsa"'),
      good.replace('algorithm="ed25519"', 'algorithm="hs2019"'),
      good.replace('headers="(created) (expires) digest"', 'headers="digest"'),
      good.replace(/signature="[^"]+"/, 'signature="abc\u0000"'),
      good.replace(/created="\d+"/, 'created="soon"'),
      good.replace(/expires="\d+"/, 'expires="1"'),
      `${good},keyId="x|y|ed25519"`,
      `Signature ${'a'.repeat(5000)}`,
    ])
      expect(parseAuthorization(header)).toBeNull();
  });

  it('decrypts the registry challenge under the X25519 shared key with AES-256-ECB', () => {
    const ours = generateOndcKeys();
    const registry = generateKeyPairSync('x25519');
    const registryPrivate = registry.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const registryPublic = registry.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const challenge = encryptChallenge('ondc-challenge-1234', registryPrivate, ours.encryptionPublicKey);
    expect(decryptChallenge(challenge, ours.encryptionPrivateKey, registryPublic)).toBe(
      'ondc-challenge-1234',
    );
    expect(decryptChallenge(challenge, generateOndcKeys().encryptionPrivateKey, registryPublic)).toBeNull();
    expect(decryptChallenge('%%%', ours.encryptionPrivateKey, registryPublic)).toBeNull();
  });
});
