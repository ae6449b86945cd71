// An S3-compatible server on a loopback port for trying a bucket on one machine: s3rver (npm), its
// objects in a folder. It checks no signature: never expose it. scripts/two-instances.sh runs it as
// the cluster's object store (docs/media-storage.md).
//   node scripts/s3-server.mjs <port> <folder> <bucket>
import S3rver from 's3rver';
import { withMultipartListing } from './s3rver-multipart.mjs';

const [port = '8316', directory = '/tmp/cratedig-s3', bucket = 'cratedig-media'] = process.argv.slice(2);
const server = withMultipartListing(
  new S3rver({
    port: Number(port),
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  }),
  directory,
);
await server.run();
console.log(`s3-server: http://127.0.0.1:${port}/${bucket} (objects in ${directory})`);
for (const signal of ['SIGTERM', 'SIGINT'])
  process.once(signal, () => server.close().then(() => process.exit(0)));
