import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_PATHS, isFollower, variantPathsOf, type ImageUnitSummary, type ProjectSummary } from '@repo/types';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { startTestS3, type TestS3 } from './helpers/s3rver';
import { tempPublicDir } from './helpers/unit-images';

// Issue #26, the demo shows everything: a first start seeds covers, unit images, one shared unit
// type per project and a few missing images, through the real upload path; here into S3 (a loopback
// s3rver), to show the demo lands wherever uploads do, and nothing on local disk.

let server: TestServer;
let client: TestClient;
let admin: string;
let publicDir: string;
let seconds = 0;
let s3: TestS3;
const api = (route: string) => `/api${route}`;
/** The object key of a URL in the bucket, or null for a URL elsewhere. */
const keyOf = (url: string) => {
  const prefix = `${s3.endpoint}/${s3.bucket}/`;
  return url.startsWith(prefix) ? decodeURIComponent(url.slice(prefix.length)) : null;
};
const stored = (url: string) => {
  const key = keyOf(url);
  return key !== null && s3.listKeys(key).includes(key);
};

beforeAll(async () => {
  publicDir = tempPublicDir();
  s3 = await startTestS3();
  const started = Date.now();
  server = await startTestStrapi({ seed: true, env: { ...s3.env, PUBLIC_DIR: publicDir, SEED_DEMO_IMAGES: 'true' } });
  seconds = (Date.now() - started) / 1000;
  client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
});

afterAll(async () => {
  await server?.stop();
  await s3?.stop();
  fs.rmSync(publicDir, { recursive: true, force: true });
});

describe('the demo seed with images', () => {
  it('gives every project a stored cover with crop metadata and variants', async () => {
    console.info(`Boot with the demo images: ${seconds.toFixed(1)} s`);
    const { body } = await client.get<{ data: ProjectSummary[] }>(api('/projects'), { token: admin });
    expect(body.data.length).toBeGreaterThan(0);
    for (const project of body.data) {
      expect(keyOf(project.imageUrl ?? '')).toMatch(/^property_images\/\d{13,}_.+\.jpg$/);
      expect(project.imageMetadata?.objectPosition).toBeTruthy();
      expect(project.imageMetadata?.cropData?.width).toBeGreaterThan(0);
      expect(project.imageVariants?.map((variant) => variant.url)).toEqual(variantPathsOf(project.imageUrl ?? ''));
      for (const url of [project.imageUrl ?? '', ...variantPathsOf(project.imageUrl ?? '')]) expect(stored(url), url).toBe(true);
    }
    expect(fs.readdirSync(path.join(publicDir, 'uploads'))).toEqual([]);
  });

  it('puts 2 to 6 images with one featured on most units, shares one type per project, and leaves a few images missing', async () => {
    const { body: projects } = await client.get<{ data: ProjectSummary[] }>(api('/projects'), { token: admin });
    for (const project of projects.data) {
      const { body } = await client.get<{ data: ImageUnitSummary[] }>(api(IMAGE_PATHS.list(project.id)), { token: admin });
      const units = body.data;
      const withImages = units.filter((unit) => unit.images.some((image) => image.variants?.length));
      expect(withImages.length / units.length, project.name).toBeGreaterThan(0.5);
      for (const unit of withImages) {
        expect(unit.images.length).toBeGreaterThanOrEqual(2);
        expect(unit.images.length).toBeLessThanOrEqual(6);
        expect(unit.images.filter((image) => image.featured)).toHaveLength(1);
        for (const image of unit.images.filter((entry) => entry.variants?.length)) {
          for (const url of [image.url, ...variantPathsOf(image.url)]) expect(stored(url), url).toBe(true);
        }
      }
      const followers = units.filter((unit) => isFollower(unit));
      expect(followers.length, project.name).toBeGreaterThan(0);
      const sources = new Set(followers.map((unit) => unit.sharedImagesUnitId));
      expect(sources.size).toBe(1);
      const source = units.find((unit) => String(unit.id) === [...sources][0]);
      expect(source?.images.length).toBeGreaterThanOrEqual(2);
      expect(new Set(followers.map((unit) => unit.unitType))).toEqual(new Set([source?.unitType]));
      for (const follower of followers) expect(follower.images.map((image) => image.url)).toEqual(source?.images.map((image) => image.url));
      for (const unit of units) expect(unit.images.length, `unit ${unit.id}`).toBeLessThanOrEqual(6);
      const missing = units.flatMap((unit) => unit.images).filter((image) => !image.variants?.length);
      expect(missing.length).toBeGreaterThanOrEqual(1);
      for (const image of missing) expect((await fetch(`${server.baseUrl}${image.url}`)).status).toBe(404);
    }
  });
});
