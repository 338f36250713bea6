// The ONDC module's face (ADR-0062): the seller app's network endpoints, its callback job, keys
// and registry. Code outside the module imports only this file (requirements#module-faces).
export { ondcRoutes, callbackBuilder, type OndcDeps, ONDC_MAX_BODY_BYTES } from './routes.ts';
export { ondcCallbackJob, deliverDueCallbacks, ONDC_CALLBACK_JOB } from './callbacks.ts';
export { type OndcConfig, KeyFile, keysOf, readKeyFile, rotateKeys } from './config.ts';
export { createRegistry, type Registry, type Subscriber } from './registry.ts';
export { subscribeRequest } from './subscribe.ts';
export { ondcConsoleRoutes } from './console-routes.ts';
export {
  authorizationHeader,
  checkSignature,
  encryptChallenge,
  generateOndcKeys,
  type OndcKeys,
  parseAuthorization,
} from './signing.ts';
