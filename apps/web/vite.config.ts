import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

// The browser gets Preact (through preact/compat) where the server renders with React: about
// a smaller first load than React DOM's 67 KB gzip (ADR-0020). Only imports resolved for the client environment are redirected.
const PREACT_FOR_REACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  // ADR-0063: the server sends each page its language's messages already parsed, so the browser
  // takes FormatJS's formatter without its ICU parser
  '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
  // requirements#payment-page-scripts: zod set up without eval before any schema is built
  zod: fileURLToPath(new URL('./app/lib/zod-in-the-browser.ts', import.meta.url)),
};

function preactInTheBrowser(): Plugin {
  return {
    name: 'marketplace:preact-in-the-browser',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const target = PREACT_FOR_REACT[source];
      if (!target || options.ssr || this.environment.name !== 'client') return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  plugins: [preactInTheBrowser(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
  },
});
