// ADR-0062: the seller app's ONDC settings made whole at start: the configured network, the keys
// (the environment's, else DATA_DIR's key file from `npm run ondc -- keys`), the registry and the
// callback job.
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Executor } from '@marketplace/db';
import type { Config } from './env.ts';
import type { Job } from './jobs.ts';
import {
  callbackBuilder,
  createRegistry,
  keysOf,
  ondcCallbackJob,
  type OndcConfig,
  type OndcDeps,
  readKeyFile,
} from './modules/ondc/index.ts';

export const ONDC_KEY_FILE = 'ondc-keys.json';

export function ondcNetwork(
  config: Pick<Config, 'ondc' | 'dataDir'>,
  db: Executor,
  logger: Logger,
  notify: () => void,
): { deps: Omit<OndcDeps, 'logger' | 'now'>; job: Job } | null {
  const settings = config.ondc;
  if (!settings) return null;
  const keys = keysOf(settings.keys, readKeyFile(join(config.dataDir, ONDC_KEY_FILE)));
  if (!keys) {
    logger.warn('ONDC_ENV is set but the shop has no ONDC keys: run "npm run ondc -- keys"; ONDC stays off');
    return null;
  }
  const ondc: OndcConfig = {
    subscriberId: settings.subscriberId,
    subscriberUrl: settings.subscriberUrl,
    uniqueKeyId: keys.uniqueKeyId,
    keys: keys.keys,
    registryUrl: settings.registryUrl,
    registryEncryptionPublicKey: settings.registryEncryptionPublicKey,
    siteVerificationRequestId: settings.siteVerificationRequestId,
    name: 'Bazaar',
    consumerCare: settings.consumerCare,
  };
  return {
    deps: { config: ondc, registry: createRegistry(settings.registryUrl), notify },
    job: ondcCallbackJob(db, ondc, logger, callbackBuilder(db, ondc)),
  };
}
