// Imported first by the server's entry points: without NODE_ENV, React and other libraries load
// their development builds (several times slower, with development-only checks). `npm run dev`
// and the tests set it themselves.
process.env.NODE_ENV ??= 'production';
