import type { Config } from '@react-router/dev/config';

// Framework mode, rendered on the server by apps/server and hydrated in the browser.
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // requirements#payment-page-scripts: every build file the page imports carries its integrity (PCI DSS 6.4.3)
  subResourceIntegrity: true,
  future: {
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
