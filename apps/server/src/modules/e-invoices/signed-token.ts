// requirements#e-invoicing: the portal's signed QR code and signed invoice are JWTs (RS256) whose
// `data` claim is the JSON they vouch for, with `iss` NIC; the sandbox signs its own the same way.
import { createSign, createVerify, type KeyObject } from 'node:crypto';

const base64Url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function signToken(data: unknown, privateKey: KeyObject, keyId: string): string {
  const header = base64Url(JSON.stringify({ alg: 'RS256', kid: keyId, typ: 'JWT' }));
  const body = base64Url(JSON.stringify({ data: JSON.stringify(data), iss: 'NIC' }));
  const signature = createSign('RSA-SHA256').update(`${header}.${body}`).sign(privateKey);
  return `${header}.${body}.${base64Url(signature)}`;
}

/** True when the token is signed by the key: a QR code the portal issued, untouched. */
export function tokenSignedBy(token: string, publicKeyPem: string): boolean {
  const [header, body, signature] = token.split('.');
  if (!header || !body || !signature) return false;
  try {
    return createVerify('RSA-SHA256')
      .update(`${header}.${body}`)
      .verify(publicKeyPem, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}
