import { copyMediaFolder, type MediaStore } from '../media-store.ts';

export type CommandOutput = { log: (line: string) => void; error: (line: string) => void };

/**
 * npm run media -- copy-to-bucket (requirements#media-store): copies the media folder on disk into
 * the media store's bucket; each object already there with the same size is skipped, so running it
 * again copies nothing. Answers the exit code: 0 when every file is in the bucket, 1 when not.
 */
export async function runCopyToBucket(
  mediaDir: string,
  store: MediaStore,
  output: CommandOutput,
  options: { verbose?: boolean } = {},
): Promise<0 | 1> {
  if (store.kind !== 's3') {
    output.error(
      'The media store is the folder on disk: set MEDIA_STORE=s3 and the UPLOADS_S3_* bucket first.',
    );
    return 1;
  }
  const started = performance.now();
  const counts = await copyMediaFolder(mediaDir, store, (key, action) => {
    if (options.verbose) output.log(`${action} ${key}`);
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const megabytes = (counts.bytes / 1024 / 1024).toFixed(1);
  output.log(
    `Copied ${counts.copied.toLocaleString('en-IN')} file(s) (${megabytes} MB), skipped ${counts.skipped.toLocaleString('en-IN')} already in the bucket, in ${seconds} s.`,
  );
  if (counts.refused > 0) {
    output.error(
      `Left out ${counts.refused} file(s) whose names are not media names (letters, digits, dots, dashes and underscores).`,
    );
    return 1;
  }
  return 0;
}
