// An S3-compatible server for tests: s3rver (npm) on a loopback port, its objects in a throwaway
// folder. It speaks the S3 API the SDK sends (objects, ranges, multipart uploads, signed URLs; the
// multipart calls it lacks are added by scripts/s3rver-multipart.mjs) but checks no signature: what a
// store refuses is for the real stores (docs/media-storage.md).

import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { withMultipartListing } from '../../../../scripts/s3rver-multipart.mjs';
import type { S3Settings } from '../config';
import { makeTempDir } from './app';

export interface TestS3 {
  endpoint: string;
  /** Settings of a new, empty bucket on it. */
  bucket(name: string, overrides?: Partial<S3Settings>): Promise<S3Settings>;
  close(): Promise<void>;
}

/** A new, empty bucket on the test server at `endpoint`, and the settings that reach it. */
export async function createTestBucket(
  endpoint: string,
  name: string,
  overrides: Partial<S3Settings> = {},
): Promise<S3Settings> {
  const settings: S3Settings = {
    bucket: name,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: '',
    urlTtlS: 3600,
    ...overrides,
  };
  const client = new S3Client({
    endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  } finally {
    client.destroy();
  }
  return settings;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = makeTempDir('cratedig-s3-');
  const server = withMultipartListing(
    new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory }),
    directory,
  );
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: (name, overrides) => createTestBucket(endpoint, name, overrides),
    close: () => server.close(),
  };
}
