// Imported first by the server's entry points: without NODE_ENV, React and other libraries load
// their development builds (several times slower, with development-only checks). `npm run dev`
// and the tests set it themselves.

/** NODE_ENV as the operator set it (undefined when unset): the configuration reads this one. */
export const NODE_ENV_AS_SET = process.env.NODE_ENV;
process.env.NODE_ENV ??= 'production';
