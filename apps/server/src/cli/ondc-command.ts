import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readKeyFile, rotateKeys } from '../modules/ondc/index.ts';

import { ONDC_KEY_FILE } from '../ondc-network.ts';
export { ONDC_KEY_FILE };
type Out = { log: (line: string) => void; error: (line: string) => void };

/**
 * `keys`: makes the seller app's signing (Ed25519) and encryption (X25519) key pairs, once;
 * `keys --rotate`: a new pair, the old public key kept as the previous one until the registry
 * lists the new; `show`: the public keys and key id to give the registry. The file is readable by
 * its owner only, like the rest of DATA_DIR's secrets.
 */
export function runOndcCommand(dataDir: string, args: readonly string[], out: Out, now = new Date()): number {
  const path = join(dataDir, ONDC_KEY_FILE);
  const [command, flag] = args;
  if (command === 'keys') {
    const before = readKeyFile(path);
    if (before && flag !== '--rotate') {
      out.error(`ONDC keys already exist in ${path}; use "keys --rotate" to replace them.`);
      return 1;
    }
    const next = rotateKeys(before, now);
    mkdirSync(dataDir, { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, path);
    out.log(`ONDC keys ${before ? 'rotated' : 'made'}: unique_key_id ${next.current.uniqueKeyId}`);
    out.log(`signing_public_key ${next.current.signingPublicKey}`);
    out.log(`encryption_public_key ${next.current.encryptionPublicKey}`);
    return 0;
  }
  if (command === 'show') {
    const file = readKeyFile(path);
    if (!file) {
      out.error(`No ONDC keys in ${path}: run "npm run ondc -- keys" first.`);
      return 1;
    }
    out.log(`unique_key_id ${file.current.uniqueKeyId}`);
    out.log(`signing_public_key ${file.current.signingPublicKey}`);
    out.log(`encryption_public_key ${file.current.encryptionPublicKey}`);
    if (file.previous) out.log(`previous unique_key_id ${file.previous.uniqueKeyId}`);
    return 0;
  }
  out.error('Usage: npm run ondc -- keys [--rotate] | show');
  return 1;
}
