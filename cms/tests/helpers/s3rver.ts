import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/** The part of s3rver 3 (no type declarations of its own) these tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = createRequire(__filename)('s3rver') as S3rverConstructor;

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points the CMS's upload provider at this server. */
  env: Record<string, string>;
  /** The object's bytes, or null when there is no such object. Reads the server over HTTP. */
  getObject(key: string): Promise<Buffer | null>;
  /** The headers the server answers the object's GET with (its stored Cache-Control among them). */
  objectHeaders(key: string): Promise<Headers>;
  /** Every key in the bucket under `prefix`. */
  listKeys(prefix?: string): string[];
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port, storing into a fresh temporary
 * directory, with one bucket. Objects are read back over HTTP and listed from its store.
 */
export const startTestS3 = async (bucket = 'portal-test'): Promise<TestS3> => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucketDir = path.join(directory, bucket);
  const listKeys = (prefix = '') => {
    const keys: string[] = [];
    const walk = (dir: string) => {
      if (!fs.existsSync(dir)) return;
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        // s3rver keeps each object as `{key}._S3rver_object` next to its metadata files.
        else if (entry.name.endsWith('._S3rver_object'))
          keys.push(
            path
              .relative(bucketDir, full)
              .replace(/\._S3rver_object$/, '')
              .split(path.sep)
              .join('/'),
          );
      }
    };
    walk(bucketDir);
    return keys.filter((key) => key.startsWith(prefix)).sort();
  };
  const objectUrl = (key: string) => `${endpoint}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    objectHeaders: async (key) => {
      const response = await fetch(objectUrl(key));
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${key} answered ${response.status}`);
      return response.headers;
    },
    getObject: async (key) => {
      const response = await fetch(objectUrl(key));
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`GET ${key} answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    listKeys,
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
};
