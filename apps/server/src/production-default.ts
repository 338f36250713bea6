// Imported first by the server's entry points: without NODE_ENV, React and other libraries load
// their development builds (several times slower, with development-only checks). `npm run dev`
// and the tests set it themselves.

/** Carries NODE_ENV as the operator set it to the server processes the primary starts (cluster.ts). */
export const NODE_ENV_AS_SET_VARIABLE = 'MARKETPLACE_NODE_ENV_AS_SET';
const inherited = process.env[NODE_ENV_AS_SET_VARIABLE];

/** NODE_ENV as the operator set it (undefined when unset): the configuration reads this one. */
export const NODE_ENV_AS_SET = inherited === undefined ? process.env.NODE_ENV : inherited || undefined;
process.env.NODE_ENV ??= 'production';
