/** Fingerprinted files (`/assets/name-hash.js`) never change under their name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Files of `public/` keep their name across builds: a browser asks again after an hour (a 304 then). */
export const SHORT_CACHE = 'public, max-age=3600';
