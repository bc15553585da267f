import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_PATHS, variantPathsOf, type ClearImagesResult, type UnitImagesState } from '@repo/types';
import { startTestS3, type TestS3 } from './helpers/s3rver';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { jpeg, PNG, tempPublicDir, uploadUnitImage } from './helpers/unit-images';

// The same flows as unit-images.test.ts, with uploads going through the aws-s3 provider to a real
// S3-compatible server (s3rver) on loopback: objects are checked on that server, present then gone.

let s3: TestS3;
let server: TestServer;
let client: TestClient;
let admin: string;
let projectId: number;
let publicDir: string;
const api = (route: string) => `/api${route}`;

const keyOf = (url: string) => {
  const prefix = `${s3.endpoint}/${s3.bucket}/`;
  expect(url.startsWith(prefix), url).toBe(true);
  return decodeURIComponent(url.slice(prefix.length));
};

const createUnit = async (unitNumber: string) => {
  const response = await client.post<{ data: { id: number }[] }>(
    api(`/projects/${projectId}/units`),
    { units: [{ unitNumber, unitType: 'Studio', status: 'available', price: 900_000 }] },
    { token: admin },
  );
  expect(response.status).toBe(201);
  return response.body.data[0].id;
};

/** An original's key with its variants' keys, sorted as listKeys sorts them. */
const withVariants = (key: string) => [key, ...variantPathsOf(key)].sort();

const upload = async (unitId: number, bytes: Buffer, name: string) => {
  const response = await uploadUnitImage(server, admin, unitId, bytes, name, { type: 'image/jpeg' });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.image;
};

beforeAll(async () => {
  s3 = await startTestS3();
  publicDir = tempPublicDir();
  server = await startTestStrapi({ seed: true, env: { ...s3.env, PUBLIC_DIR: publicDir } });
  client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
  const project = await client.post<{ data: { id: number } }>(
    api('/projects'),
    { name: 'S3 Tower', location: 'Business Bay, Dubai', visibleTo: ['dubai'] },
    { token: admin },
  );
  projectId = project.body.data.id;
});

afterAll(async () => {
  await server?.stop();
  await s3?.stop();
  fs.rmSync(publicDir, { recursive: true, force: true });
});

describe('unit images stored in S3', () => {
  it('stores the image and its WebP variants under units/{unitId}/{timestamp}_{name} and nothing on local disk', async () => {
    const unitId = await createUnit('S3-1');
    const bytes = await jpeg(7);
    const image = await upload(unitId, bytes, 'Sea view #2.jpg');
    const key = keyOf(image.url);
    expect(key).toMatch(new RegExp(`^units/${unitId}/\\d{13,}_Sea_view__2\\.jpg$`));
    // Re-encoded without metadata (issue #26): a JPEG of the same size, not the same bytes.
    const stored = await sharp((await s3.getObject(key)) ?? Buffer.alloc(0)).metadata();
    expect([stored.format, stored.width, stored.exif]).toEqual(['jpeg', 8, undefined]);
    expect(image.variants?.map((variant) => keyOf(variant.url))).toEqual(variantPathsOf(key));
    for (const variant of variantPathsOf(key)) expect((await sharp((await s3.getObject(variant)) ?? Buffer.alloc(0)).metadata()).format).toBe('webp');
    expect(s3.listKeys(`units/${unitId}/`)).toEqual(withVariants(key));
    expect(fs.readdirSync(path.join(publicDir, 'uploads'))).toEqual([]);
    // Stored to be kept a year by browsers: a key never holds other bytes.
    for (const stored of withVariants(key)) expect((await s3.objectHeaders(stored)).get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('stores a property image under property_images/, re-encoded, with its variants', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'front.png');
    const response = await fetch(`${server.baseUrl}/api/projects/property-image`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { url: string } };
    const key = keyOf(data.url);
    expect(key).toMatch(/^property_images\/\d{13,}_front\.png$/);
    expect(
      await sharp((await s3.getObject(key)) ?? Buffer.alloc(0))
        .raw()
        .toBuffer(),
    ).toEqual(await sharp(PNG).raw().toBuffer());
    expect(s3.listKeys(key.replace(/\.png$/, ''))).toEqual(withVariants(key));
  });

  it('deletes the object of a deleted image', async () => {
    const unitId = await createUnit('S3-2');
    const kept = await upload(unitId, await jpeg(1), 'kept.jpg');
    const gone = await upload(unitId, await jpeg(2), 'gone.jpg');
    expect(await s3.getObject(keyOf(gone.url))).not.toBeNull();
    const response = await client.del<{ data: UnitImagesState }>(api(IMAGE_PATHS.image(unitId, gone.id)), { token: admin });
    expect(response.status).toBe(200);
    expect(await s3.getObject(keyOf(gone.url))).toBeNull();
    expect(s3.listKeys(`units/${unitId}/`)).toEqual(withVariants(keyOf(kept.url)));
  });

  it('deletes every object when all images are cleared, and when the unit is deleted', async () => {
    const cleared = await createUnit('S3-3');
    const images = [await upload(cleared, await jpeg(3), 'a.jpg'), await upload(cleared, await jpeg(4), 'b.jpg')];
    expect(s3.listKeys(`units/${cleared}/`)).toHaveLength(8);
    const response = await client.del<{ data: ClearImagesResult }>(api(IMAGE_PATHS.clear(cleared)), { token: admin });
    expect(response.body.data.message).toBe('Cleared all images (2 deleted, 0 failed)');
    for (const image of images) expect(await s3.getObject(keyOf(image.url))).toBeNull();
    expect(s3.listKeys(`units/${cleared}/`)).toEqual([]);

    const deleted = await createUnit('S3-4');
    const image = await upload(deleted, await jpeg(5), 'c.jpg');
    expect((await client.del(api(`/units/${deleted}`), { token: admin })).status).toBe(200);
    expect(await s3.getObject(keyOf(image.url))).toBeNull();
    expect(s3.listKeys(`units/${deleted}/`)).toEqual([]);
  });
});
