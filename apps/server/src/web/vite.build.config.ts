import { mergeConfig } from 'vite';
import webConfig from '../../../web/vite.config.ts';

// The web app's own Vite config for `ensureWebBuild`, except that React Router must not empty its
// build folder: the releases the server serves and the build lock live there (see build.ts).
export default mergeConfig(webConfig, { build: { emptyOutDir: false } });
