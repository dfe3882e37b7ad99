import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../config';

// A real S3-protocol server for the tests, on this machine: s3rver (pure JavaScript, files in a temp
// directory) on a free port, speaking the S3 REST API to the official SDK over HTTP. Nothing of the
// SDK is mocked.
//
// s3rver 3.7 ignores If-None-Match on writes. S3 and MinIO refuse a conditional write (If-None-Match: *)
// to a key that exists, or that another such write is creating, with 412; with `conditionalWrites`
// (the default) the server in front of s3rver does the same, so the driver's no-overwrite path is
// tested as S3 runs it. Without it, the driver's HEAD check alone is tested.

export const TEST_S3_BUCKET = 'ridgeline-test';
/** s3rver's fixed credentials (it checks every request's signature against them). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type TestS3Server = {
  endpoint: string;
  settings: S3Settings;
  /** The server's environment variables for this store (STORAGE_DRIVER=s3 and the rest). */
  env: Record<string, string>;
  close: () => Promise<void>;
};

type S3rverStore = { existsObject: (bucket: string, key: string) => Promise<boolean> };

const PRECONDITION_FAILED =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message><Condition>If-None-Match</Condition></Error>';

export async function startTestS3Server(options: { conditionalWrites?: boolean } = {}): Promise<TestS3Server> {
  const conditionalWrites = options.conditionalWrites ?? true;
  const directory = await mkdtemp(join(tmpdir(), 'ridgeline-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: TEST_S3_BUCKET, configs: [] }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  // The store s3rver keeps its objects in (not in its typings).
  const store = (s3rver as unknown as { store: S3rverStore }).store;
  const writing = new Set<string>();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3.test');
    // s3rver 3.7 has no AbortMultipartUpload (the SDK's Upload sends it when a streamed upload
    // breaks): answered 204 as S3 does; the parts s3rver kept stay in its temp directory, never
    // becoming an object.
    if (req.method === 'DELETE' && url.searchParams.has('uploadId')) {
      req.resume();
      res.writeHead(204).end();
      return;
    }
    // A whole-object write: PutObject (not UploadPart) or CompleteMultipartUpload.
    const whole = (req.method === 'PUT' && !url.searchParams.has('partNumber')) || (req.method === 'POST' && url.searchParams.has('uploadId'));
    if (!conditionalWrites || !whole || req.headers['if-none-match'] !== '*') {
      handle(req, res);
      return;
    }
    const [bucket = '', ...rest] = url.pathname.slice(1).split('/');
    const key = decodeURIComponent(rest.join('/'));
    const id = `${bucket}/${key}`;
    const refuse = () => {
      req.resume();
      res.writeHead(412, { 'Content-Type': 'application/xml' }).end(PRECONDITION_FAILED);
    };
    if (writing.has(id)) return refuse();
    writing.add(id);
    store.existsObject(bucket, key).then(
      (exists) => {
        if (exists) {
          writing.delete(id);
          return refuse();
        }
        res.once('close', () => writing.delete(id));
        handle(req, res);
      },
      (error: unknown) => {
        writing.delete(id);
        res.writeHead(500).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = { bucket: TEST_S3_BUCKET, region: 'us-east-1', endpoint, ...CREDENTIALS, forcePathStyle: true };
  return {
    endpoint,
    settings,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: TEST_S3_BUCKET,
      S3_REGION: settings.region,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}
