// An S3-compatible bucket on the loopback interface for tests: s3rver (a pure-JavaScript S3 stand-in)
// on a free port, keeping its objects in a temporary folder. It answers real S3 requests (path-style,
// SigV4 with its own key pair), so the stores are tested through fetch as they run against a bucket.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export type TestBucket = {
  /** endpoint, bucket, region and the key pair s3rver accepts, as the stores take them */
  settings: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  };
  /** where s3rver keeps the bucket's objects */
  directory: string;
  close(): Promise<void>;
};

export async function startTestBucket(bucket = 'shop-media'): Promise<TestBucket> {
  const directory = await mkdtemp(join(tmpdir(), 's3-bucket-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      // s3rver's only account
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
