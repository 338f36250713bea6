import { parseArgs } from 'node:util';
import { createS3MediaStore, createDiskMediaStore } from '../media-store.ts';
import { loadConfig } from './database.ts';
import { runCopyToBucket } from './media-command.ts';

// npm run media -- copy-to-bucket: moving the shop's media from DATA_DIR/media into the bucket
// (requirements#media-store, ADR-0066). Safe to run again: objects already there are skipped.
const usage = `Usage: npm run media -- copy-to-bucket [--verbose]
  Copies every file under DATA_DIR/media (product images, ad creatives, logos, the seeded catalog
  images) into the media/ prefix of the bucket that MEDIA_STORE=s3 and UPLOADS_S3_* name. Files
  already in the bucket with the same size are skipped; the counts are printed at the end.
  --verbose  names each file copied or skipped`;

let command: string | undefined;
let verbose = false;
try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (positionals.length !== 1 || positionals[0] !== 'copy-to-bucket')
    throw new Error(
      positionals.length === 0 ? 'Name a command.' : `Unknown command: ${positionals.join(' ')}`,
    );
  command = positionals[0];
  verbose = values.verbose;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}

const config = loadConfig();
const store =
  config.media.store.kind === 's3'
    ? createS3MediaStore(config.media.store)
    : createDiskMediaStore(config.mediaDir);
if (command === 'copy-to-bucket')
  process.exit(
    await runCopyToBucket(config.mediaDir, store, { log: console.log, error: console.error }, { verbose }),
  );
