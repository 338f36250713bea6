import { ensureWebBuild, webBuildDir } from '../web/build.ts';

// npm run build: builds the web app (scripts and styles precompressed) for `npm start`, which then
// only checks that its sources did not change. Run it before removing dev dependencies
// (npm ci --omit=dev): production serves the build without them.
try {
  await ensureWebBuild({
    force: true,
    logger: {
      info: (message: string) => console.log(message),
      warn: (message: string) => console.warn(message),
    },
  });
  console.log(`ready for npm start: ${webBuildDir}`);
} catch (error) {
  console.error(`could not build the web app: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
