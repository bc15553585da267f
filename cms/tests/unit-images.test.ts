import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_PATHS,
  imageVariantsOf,
  variantPathsOf,
  type ClearImagesResult,
  type ImageUnitSummary,
  type LinkImagesResult,
  type ToggleSharingResult,
  type UnitImage,
  type UnitImagesState,
  type UnlinkImagesResult,
} from '@repo/types';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { GIF, HTML, jpeg, noisePng, pixelFlood, PNG, POLYGLOT, SVG, tempPublicDir, uploadUnitImage, type ErrorEnvelope } from './helpers/unit-images';

interface ApiUnit extends UnitImagesState {
  id: number;
  unitNumber: string;
  unitType: string | null;
}

let server: TestServer;
let client: TestClient;
let admin: string;
let agent: string;
let projectId: number;
let publicDir: string;
// Where the body parser (formidable) writes multipart temp files.
const TEMP_DIR = os.tmpdir();
const api = (route: string) => `/api${route}`;

const uploadsDir = () => path.join(server.strapi.dirs.static.public, 'uploads');
const unitFolder = (unitId: number) => path.join(uploadsDir(), 'units', String(unitId));
/** Every file in the unit's folder: originals and their WebP variants. */
const filesOf = (unitId: number) => (fs.existsSync(unitFolder(unitId)) ? fs.readdirSync(unitFolder(unitId)).sort() : []);
/** The originals only, each checked to have all of its variants next to it. */
const originalsOf = (unitId: number) => {
  const files = filesOf(unitId);
  const originals = files.filter((name) => !/\.w[0-9]+\.webp$/.test(name));
  for (const name of originals) expect(files).toEqual(expect.arrayContaining(variantPathsOf(name)));
  expect(files).toHaveLength(originals.length * 4);
  return originals;
};
const diskPath = (url: string) => path.join(uploadsDir(), url.replace(/^\/uploads\//, ''));

const createUnits = async (list: { unitNumber: string; unitType?: string }[], project = projectId) => {
  const response = await client.post<{ data: ApiUnit[] }>(
    api(`/projects/${project}/units`),
    { units: list.map((unit) => ({ status: 'available', price: 1_000_000, ...unit })) },
    { token: admin },
  );
  expect(response.status).toBe(201);
  return list.map(({ unitNumber }) => response.body.data.find((unit) => unit.unitNumber === unitNumber)?.id ?? 0);
};
const unitOf = async (id: number) => {
  const response = await client.get<{ data: ApiUnit }>(api(`/units/${id}`), { token: admin });
  expect(response.status).toBe(200);
  return response.body.data;
};
const upload = async (unitId: number, seed: number, name = `photo ${seed}.jpg`) => {
  const response = await uploadUnitImage(server, admin, unitId, await jpeg(seed), name, { type: 'image/jpeg' });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
};
/**
 * The files directly in the temp folder that start with these bytes' first 64 KB (or hold all of
 * them): a leftover copy of this request's upload, whole or partial.
 */
const leftoverCopies = (bytes: Buffer) => {
  const head = bytes.subarray(0, 64 * 1024);
  return fs.readdirSync(TEMP_DIR).filter((name) => {
    try {
      const file = path.join(TEMP_DIR, name);
      const stat = fs.statSync(file);
      if (!stat.isFile() || stat.size < head.length) return false;
      const handle = fs.openSync(file, 'r');
      const start = Buffer.alloc(head.length);
      fs.readSync(handle, start, 0, head.length, 0);
      fs.closeSync(handle);
      return start.equals(head);
    } catch {
      return false; // Gone meanwhile, or another user's file.
    }
  }).length;
};
const featuredIds = (images: UnitImage[]) => images.filter((image) => image.featured).map((image) => image.id);

beforeAll(async () => {
  publicDir = tempPublicDir();
  server = await startTestStrapi({ seed: true, env: { PUBLIC_DIR: publicDir } });
  client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
  agent = await signIn(client, DEMO.super.email, DEMO.super.password);
  const project = await client.post<{ data: { id: number } }>(
    api('/projects'),
    { name: 'Image Tower', location: 'Downtown, Dubai', visibleTo: ['dubai'] },
    { token: admin },
  );
  projectId = project.body.data.id;
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(publicDir, { recursive: true, force: true });
});

describe('who may change unit images', () => {
  it('refuses agents with 403 and anonymous callers with 401 on every image route', async () => {
    const [unitId] = await createUnits([{ unitNumber: 'ACL-1', unitType: 'Studio' }]);
    expect((await uploadUnitImage(server, agent, unitId, PNG, 'a.png')).status).toBe(403);
    expect((await uploadUnitImage(server, null, unitId, PNG, 'a.png')).status).toBe(401);
    const routes: [string, string, unknown][] = [
      ['GET', IMAGE_PATHS.list(projectId), undefined],
      ['DELETE', IMAGE_PATHS.clear(unitId), undefined],
      ['DELETE', IMAGE_PATHS.image(unitId, 'img_1'), undefined],
      ['PUT', IMAGE_PATHS.featured(unitId, 'img_1'), undefined],
      ['PUT', IMAGE_PATHS.sharing(unitId), { enabled: true }],
      ['POST', IMAGE_PATHS.link(projectId), undefined],
      ['POST', IMAGE_PATHS.unlink(projectId), {}],
    ];
    for (const [method, route, body] of routes) {
      expect((await client.request(method, api(route), { token: agent, body })).status, `${method} ${route}`).toBe(403);
      expect((await client.request(method, api(route), { body })).status, `${method} ${route}`).toBe(401);
    }
    expect(filesOf(unitId)).toEqual([]);
  });

  it('leaves no multipart temp file behind, whether the upload is refused by the policy, refused by the checks or stored', async () => {
    const [unitId] = await createUnits([{ unitNumber: 'TMP-1', unitType: 'Studio' }]);
    // Each payload is unique, so a copy of it in the temp folder can only be this request's leftover.
    const marker = () => Buffer.from(`<!-- ${crypto.randomBytes(16).toString('hex')} -->`);
    const payloads = [
      { token: agent, bytes: Buffer.concat([HTML, marker()]), status: 403 },
      { token: admin, bytes: Buffer.concat([HTML, marker()]), status: 400 },
      { token: admin, bytes: Buffer.concat([SVG, marker()]), status: 400, fields: { path: 'units/1/x.png' } },
      { token: admin, bytes: await jpeg(999), status: 201 },
    ];
    for (const { token, bytes, status, fields } of payloads) {
      expect((await uploadUnitImage(server, token, unitId, bytes, 'leftover.png', { fields })).status).toBe(status);
      expect(leftoverCopies(bytes)).toBe(0);
    }
    const huge = Buffer.concat([PNG, crypto.randomBytes(11 * 1024 * 1024)]);
    expect((await uploadUnitImage(server, admin, unitId, huge, 'huge.png', { origin: 'unit-form' })).status).toBe(413);
    expect(leftoverCopies(huge)).toBe(0);
  });
});

describe('uploading', () => {
  it('stores a real image under units/{unitId}/{timestamp}_{sanitised name}, makes the first one featured and keeps the key private', async () => {
    const [unitId] = await createUnits([{ unitNumber: 'UP-1', unitType: 'Studio' }]);
    const response = await uploadUnitImage(server, admin, unitId, PNG, 'Living room (1).png');
    expect(response.status).toBe(201);
    const { image, images } = response.body.data;
    expect(image.id).toMatch(/^img_\d{13,}$/);
    expect(image.url).toMatch(new RegExp(`^/uploads/units/${unitId}/\\d{13,}_Living_room__1_\\.png$`));
    expect(image).toEqual({
      id: image.id,
      url: image.url,
      variants: imageVariantsOf(image.url),
      name: 'Living_room__1_.png',
      featured: true,
      isSourceUnit: false,
    });
    expect(images).toEqual([image]);
    // Stored re-encoded without metadata: the same pixels, not the same bytes.
    expect(
      await sharp(fs.readFileSync(diskPath(image.url)))
        .raw()
        .toBuffer(),
    ).toEqual(await sharp(PNG).raw().toBuffer());
    for (const variant of image.variants ?? []) expect((await sharp(diskPath(variant.url)).metadata()).format).toBe('webp');
    const served = await fetch(`${server.baseUrl}${image.url}`);
    expect(served.headers.get('content-type')).toContain('image/png');
    // A stored name never serves other bytes: kept a year, not asked for again (issue #26, a phone's repeat visits).
    for (const url of [image.url, ...(image.variants ?? []).map((variant) => variant.url)])
      expect((await fetch(`${server.baseUrl}${url}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A Media Library file keeps Strapi's revalidation: the panel's 'Replace' rewrites it under its name.
    fs.writeFileSync(path.join(uploadsDir(), 'library_plan_3f2a1c.png'), PNG);
    try {
      expect((await fetch(`${server.baseUrl}/uploads/library_plan_3f2a1c.png`)).headers.get('cache-control')).toBe('max-age=0');
    } finally {
      fs.rmSync(path.join(uploadsDir(), 'library_plan_3f2a1c.png'), { force: true });
    }

    const detail = await client.get<{ data: ApiUnit }>(api(`/units/${unitId}`), { token: admin });
    expect(detail.text).not.toContain(`"path"`);
    expect(detail.body.data.images).toEqual([image]);

    const second = await uploadUnitImage(server, admin, unitId, GIF, 'door.jpg', { type: 'image/jpeg' });
    expect(second.body.data.image.url).toMatch(/_door\.gif$/);
    expect(second.body.data.image.featured).toBe(false);
    expect(featuredIds(second.body.data.images)).toEqual([image.id]);
  });

  it.each([
    ['a renamed HTML file', HTML, 'photo.jpg', 'image/jpeg', 'Only JPEG, PNG, GIF or WebP images can be uploaded'],
    ['an SVG', SVG, 'logo.svg', 'image/svg+xml', 'Only JPEG, PNG, GIF or WebP images can be uploaded'],
    ['a JPEG header in front of HTML', POLYGLOT, 'poly.jpg', 'image/jpeg', 'Only JPEG, PNG, GIF or WebP images can be uploaded'],
    ['a 0-byte file', Buffer.alloc(0), 'empty.png', 'image/png', 'The image file is empty'],
    ['a tiny PNG claiming 10000 x 10000 pixels', pixelFlood(10_000, 10_000), 'flood.png', 'image/png', 'The image is larger than 40 megapixels'],
  ])('refuses %s with 400 and stores nothing', async (_what, bytes, name, type, message) => {
    const [unitId] = await createUnits([{ unitNumber: `BAD-${name}`, unitType: 'Studio' }]);
    const response = await uploadUnitImage(server, admin, unitId, bytes, name, { type });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
    expect(filesOf(unitId)).toEqual([]);
    expect((await unitOf(unitId)).images).toEqual([]);
  });

  it('limits the size by origin: 5MB from the image manager (and by default), 10MB from the unit form, with 413', async () => {
    const [unitId] = await createUnits([{ unitNumber: 'SIZE-1', unitType: 'Studio' }]);
    const sixMegabytes = await noisePng(1450, 1450);
    expect(sixMegabytes.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(sixMegabytes.length).toBeLessThan(10 * 1024 * 1024);
    for (const origin of ['image-manager', undefined, 'anything-else']) {
      const refused = await uploadUnitImage(server, admin, unitId, sixMegabytes, 'big.png', { origin });
      expect(refused.status).toBe(413);
      expect(refused.body.error.message).toBe('The image is larger than 5MB');
    }
    expect(filesOf(unitId)).toEqual([]);
    expect((await uploadUnitImage(server, admin, unitId, sixMegabytes, 'big.png', { origin: 'unit-form' })).status).toBe(201);
    const overTen = await uploadUnitImage(server, admin, unitId, Buffer.concat([sixMegabytes, Buffer.alloc(5 * 1024 * 1024)]), 'huge.png', {
      origin: 'unit-form',
    });
    expect(overTen.status).toBe(413);
    expect(originalsOf(unitId)).toHaveLength(1);
  });

  it('refuses unknown fields, other file fields, several files, query parameters and a missing file', async () => {
    const [unitId] = await createUnits([{ unitNumber: 'STRICT-1', unitType: 'Studio' }]);
    expect((await uploadUnitImage(server, admin, unitId, PNG, 'a.png', { fields: { featured: 'true' } })).status).toBe(400);
    expect((await uploadUnitImage(server, admin, unitId, PNG, 'a.png', { field: 'files' })).status).toBe(400);
    const twice = new FormData();
    for (let index = 0; index < 2; index += 1) twice.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), `${index}.png`);
    const several = await fetch(`${server.baseUrl}/api${IMAGE_PATHS.upload(unitId)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: twice,
    });
    expect(several.status).toBe(400);
    const query = await fetch(`${server.baseUrl}/api${IMAGE_PATHS.upload(unitId)}?populate=*`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: new FormData(),
    });
    expect(query.status).toBe(400);
    expect((await client.post(api(IMAGE_PATHS.upload(unitId)), {}, { token: admin })).status).toBe(400);
    expect((await uploadUnitImage(server, admin, 999_999, PNG, 'a.png')).status).toBe(404);
    expect(filesOf(unitId)).toEqual([]);
  });

  it('keeps exactly 10 of 11 parallel uploads to an empty unit, with no orphan file on disk', async () => {
    const [unitId] = await createUnits([{ unitNumber: 'RACE-1', unitType: 'Studio' }]);
    const bytes = await Promise.all(Array.from({ length: 11 }, (_, index) => jpeg(index)));
    const responses = await Promise.all(
      bytes.map((image, index) => uploadUnitImage(server, admin, unitId, image, `race ${index}.jpg`, { type: 'image/jpeg' })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(10).fill(201), 409]);
    expect(responses.find((response) => response.status === 409)?.body.error.message).toBe('Maximum 10 images allowed per unit');
    const unit = await unitOf(unitId);
    expect(unit.images).toHaveLength(10);
    expect(new Set(unit.images.map((image) => image.id)).size).toBe(10);
    expect(featuredIds(unit.images)).toHaveLength(1);
    expect(originalsOf(unitId)).toEqual(unit.images.map((image) => path.basename(image.url)).sort());

    const eleventh = await uploadUnitImage(server, admin, unitId, PNG, 'one more.png');
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.message).toBe('Maximum 10 images allowed per unit');
    expect(originalsOf(unitId)).toHaveLength(10);
  });
});

describe('the featured image and deleting images', () => {
  it('sets a primary image, promotes the first remaining one when the featured one is deleted, and removes the files', async () => {
    const [unitId] = await createUnits([{ unitNumber: 'FEAT-1', unitType: 'Studio' }]);
    const first = (await upload(unitId, 1)).image;
    const second = (await upload(unitId, 2)).image;
    const third = (await upload(unitId, 3)).image;

    const primary = await client.put<{ data: UnitImagesState }>(api(IMAGE_PATHS.featured(unitId, third.id)), undefined, { token: admin });
    expect(primary.status).toBe(200);
    expect(featuredIds(primary.body.data.images)).toEqual([third.id]);

    const removed = await client.del<{ data: UnitImagesState }>(api(IMAGE_PATHS.image(unitId, third.id)), { token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.data.images.map((image) => image.id)).toEqual([first.id, second.id]);
    expect(featuredIds(removed.body.data.images)).toEqual([first.id]);
    expect(fs.existsSync(diskPath(third.url))).toBe(false);

    const plain = await client.del<{ data: UnitImagesState }>(api(IMAGE_PATHS.image(unitId, second.id)), { token: admin });
    expect(featuredIds(plain.body.data.images)).toEqual([first.id]);
    expect(originalsOf(unitId)).toEqual([path.basename(first.url)]);

    const missing = await client.del<ErrorEnvelope>(api(IMAGE_PATHS.image(unitId, 'img_1')), { token: admin });
    expect([missing.status, missing.body.error.message]).toEqual([404, 'Image not found']);
    expect((await client.put(api(IMAGE_PATHS.featured(unitId, 'img_1')), undefined, { token: admin })).status).toBe(404);
    expect((await client.put(api(IMAGE_PATHS.featured(unitId, first.id)), { featured: true }, { token: admin })).status).toBe(400);
  });

  it("clears all images with the spec's message, deletes the files, and says when there is nothing to clear", async () => {
    const [unitId] = await createUnits([{ unitNumber: 'CLEAR-1', unitType: 'Studio' }]);
    for (const seed of [1, 2, 3]) await upload(unitId, seed);
    const cleared = await client.del<{ data: ClearImagesResult }>(api(IMAGE_PATHS.clear(unitId)), { token: admin });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ images: [], deleted: 3, failed: 0, message: 'Cleared all images (3 deleted, 0 failed)' });
    expect(fs.existsSync(unitFolder(unitId))).toBe(false);

    const again = await client.del<ErrorEnvelope>(api(IMAGE_PATHS.clear(unitId)), { token: admin });
    expect([again.status, again.body.error.message]).toEqual([409, 'There are no images to clear.']);
  });

  it('counts a stored file it cannot delete as failed and still clears the list', async () => {
    const [unitId] = await createUnits([{ unitNumber: 'CLEAR-2', unitType: 'Studio' }]);
    await upload(unitId, 1);
    const stuck = (await upload(unitId, 2)).image;
    // A directory where the file was: unlink fails, as a storage outage would.
    fs.rmSync(diskPath(stuck.url));
    fs.mkdirSync(diskPath(stuck.url));
    fs.writeFileSync(path.join(diskPath(stuck.url), 'keep'), 'x');
    const cleared = await client.del<{ data: ClearImagesResult }>(api(IMAGE_PATHS.clear(unitId)), { token: admin });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ images: [], deleted: 1, failed: 1, message: 'Cleared all images (1 deleted, 1 failed)' });
    expect((await unitOf(unitId)).images).toEqual([]);
    fs.rmSync(diskPath(stuck.url), { recursive: true });
  });
});

describe('sharing images by unit type', () => {
  let ids: Record<string, number>;
  let sharingProject: number;

  const ofUnit = async (key: string) => unitOf(ids[key]);
  const urls = (unit: { images: UnitImage[] }) => unit.images.map((image) => image.url);

  beforeAll(async () => {
    const project = await client.post<{ data: { id: number } }>(
      api('/projects'),
      { name: 'Sharing Bay', location: 'The Pearl, Doha', visibleTo: ['doha'] },
      { token: admin },
    );
    sharingProject = project.body.data.id;
    const list = [
      { unitNumber: 'A1', unitType: '1 Bedroom' },
      { unitNumber: 'A2', unitType: '1 Bedroom' },
      { unitNumber: 'A3', unitType: '1 Bedroom' },
      { unitNumber: 'S1', unitType: 'Studio' },
      { unitNumber: 'P1', unitType: 'Penthouse' },
      { unitNumber: 'P2', unitType: 'Penthouse' },
      { unitNumber: 'D1', unitType: '2 Bedroom' },
      { unitNumber: 'D2', unitType: '2 Bedroom' },
      { unitNumber: 'N1' },
    ];
    const created = await createUnits(list, sharingProject);
    ids = Object.fromEntries(list.map((unit, index) => [unit.unitNumber, created[index]]));
    await upload(ids.A1, 11);
    await upload(ids.A1, 12);
    await upload(ids.A3, 13);
    await upload(ids.P1, 14);
    await upload(ids.P2, 15);
  });

  it('links each type: the unit with most images becomes the source of the merged set, and reports the skipped types', async () => {
    const a3Before = urls(await ofUnit('A3'));
    const response = await client.post<{ data: LinkImagesResult }>(api(IMAGE_PATHS.link(sharingProject)), undefined, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.data.changedUnits).toBe(3);
    expect(response.body.data.groups).toEqual([
      { type: '1 Bedroom', outcome: 'linked', sourceUnitId: ids.A1 },
      { type: '2 Bedroom', outcome: 'no-images', sourceUnitId: null },
      { type: 'Penthouse', outcome: 'all-have-images', sourceUnitId: null },
      { type: 'Studio', outcome: 'single-unit', sourceUnitId: null },
      { type: 'Unspecified', outcome: 'single-unit', sourceUnitId: null },
    ]);
    const [a1, a2, a3] = [await ofUnit('A1'), await ofUnit('A2'), await ofUnit('A3')];
    expect(a1).toMatchObject({ isSourceUnit: true, isImageSource: true, useSharedImages: false, sharedImagesUnitId: null });
    expect(urls(a1)).toHaveLength(3);
    expect(urls(a1)).toEqual(expect.arrayContaining(a3Before));
    expect(featuredIds(a1.images)).toHaveLength(1);
    for (const follower of [a2, a3]) {
      expect(follower).toMatchObject({ isSourceUnit: false, useSharedImages: true, sharedImagesUnitId: String(ids.A1) });
      expect(follower.images).toEqual(a1.images);
    }
    // The screen's one read gives every unit exactly what its own route gives, cards fields included.
    const listed = await client.get<{ data: ImageUnitSummary[] }>(api(IMAGE_PATHS.list(sharingProject)), { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((unit) => unit.unitNumber)).toEqual(['A1', 'A2', 'A3', 'S1', 'P1', 'P2', 'D1', 'D2', 'N1']);
    for (const unit of listed.body.data) {
      const own = await unitOf(unit.id);
      expect(unit).toEqual({
        id: own.id,
        unitNumber: own.unitNumber,
        unitType: own.unitType,
        status: 'available',
        bedrooms: null,
        floor: null,
        images: own.images,
        isImageSource: own.isImageSource,
        isSourceUnit: own.isSourceUnit,
        useSharedImages: own.useSharedImages,
        sharedImagesUnitId: own.sharedImagesUnitId,
      });
      expect(JSON.stringify(unit)).not.toContain('"path"');
    }
    expect((await client.get(api(IMAGE_PATHS.list(999999)), { token: admin })).status).toBe(404);
    expect((await client.get(api(`${IMAGE_PATHS.list(sharingProject)}?populate=*`), { token: admin })).status).toBe(400);

    const again = await client.post<{ data: LinkImagesResult }>(api(IMAGE_PATHS.link(sharingProject)), undefined, { token: admin });
    expect(again.body.data.changedUnits).toBe(0);
    expect(again.body.data.groups[0]).toEqual({ type: '1 Bedroom', outcome: 'already-shared', sourceUnitId: null });
  });

  it("blocks adding, deleting, clearing and setting primary on a follower with the spec's alerts", async () => {
    const a2 = await ofUnit('A2');
    const add = await uploadUnitImage(server, admin, ids.A2, PNG, 'x.png');
    expect([add.status, add.body.error.message]).toEqual([409, 'You cannot add images in shared mode. Switch to individual image mode first.']);
    const remove = await client.del<ErrorEnvelope>(api(IMAGE_PATHS.image(ids.A2, a2.images[0].id)), { token: admin });
    expect([remove.status, remove.body.error.message]).toEqual([409, 'You cannot delete shared images. Switch to individual image mode first.']);
    const clear = await client.del<ErrorEnvelope>(api(IMAGE_PATHS.clear(ids.A2)), { token: admin });
    expect([clear.status, clear.body.error.message]).toEqual([409, 'You cannot delete shared images. Switch to individual image mode first.']);
    const primary = await client.put<ErrorEnvelope>(api(IMAGE_PATHS.featured(ids.A2, a2.images[1].id)), undefined, { token: admin });
    expect([primary.status, primary.body.error.message]).toEqual([409, 'You cannot modify shared images...']);
    expect(await ofUnit('A2')).toEqual(a2);
    expect(filesOf(ids.A2)).toEqual([]);
  });

  it("carries the source's upload, primary change and delete to its followers", async () => {
    const added = (await upload(ids.A1, 16)).image;
    expect(urls(await ofUnit('A2'))).toContain(added.url);
    await client.put(api(IMAGE_PATHS.featured(ids.A1, added.id)), undefined, { token: admin });
    for (const key of ['A2', 'A3']) expect(featuredIds((await ofUnit(key)).images)).toEqual([added.id]);
    const removed = await client.del<{ data: UnitImagesState }>(api(IMAGE_PATHS.image(ids.A1, added.id)), { token: admin });
    expect(removed.status).toBe(200);
    for (const key of ['A2', 'A3']) {
      const follower = await ofUnit(key);
      expect(urls(follower)).not.toContain(added.url);
      expect(featuredIds(follower.images)).toEqual([removed.body.data.images[0].id]);
    }
    expect(fs.existsSync(diskPath(added.url))).toBe(false);
  });

  it('unlinks one type: followers lose their copies and links, the source keeps its images, the files stay', async () => {
    const source = await ofUnit('A1');
    const response = await client.post<{ data: UnlinkImagesResult }>(api(IMAGE_PATHS.unlink(sharingProject)), { unitType: '1 Bedroom' }, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ changedUnits: 3, groups: [{ type: '1 Bedroom', outcome: 'unlinked' }] });
    expect(await ofUnit('A1')).toMatchObject({ images: source.images, isSourceUnit: false, isImageSource: false, useSharedImages: false });
    for (const key of ['A2', 'A3'])
      expect(await ofUnit(key)).toMatchObject({ images: [], useSharedImages: false, sharedImagesUnitId: null, isSourceUnit: false });
    for (const url of urls(source)) expect(fs.existsSync(diskPath(url))).toBe(true);
    const nothing = await client.post<{ data: UnlinkImagesResult }>(api(IMAGE_PATHS.unlink(sharingProject)), { unitType: '1 Bedroom' }, { token: admin });
    expect(nothing.body.data).toEqual({ changedUnits: 0, groups: [{ type: '1 Bedroom', outcome: 'nothing-shared' }] });
    expect((await client.post(api(IMAGE_PATHS.unlink(sharingProject)), { unitType: 7 }, { token: admin })).status).toBe(400);
    expect((await client.post(api(IMAGE_PATHS.unlink(sharingProject)), { all: true }, { token: admin })).status).toBe(400);
  });

  it("toggles one unit's sharing with the spec's messages", async () => {
    const on = await client.put<{ data: ToggleSharingResult }>(api(IMAGE_PATHS.sharing(ids.A2)), { enabled: true }, { token: admin });
    expect(on.status).toBe(200);
    expect(on.body.data.message).toBe('Unit now shares images with A1');
    expect(on.body.data).toMatchObject({ unitId: ids.A2, useSharedImages: true, sharedImagesUnitId: String(ids.A1) });
    expect(on.body.data.images).toEqual((await ofUnit('A1')).images);
    expect(await ofUnit('A1')).toMatchObject({ isSourceUnit: true, isImageSource: true });

    const off = await client.put<{ data: ToggleSharingResult }>(api(IMAGE_PATHS.sharing(ids.A2)), { enabled: false }, { token: admin });
    expect(off.body.data).toMatchObject({ message: 'Unit now uses individual images', images: [], useSharedImages: false, sharedImagesUnitId: null });
    // Nobody follows A1 any more: it is an independent unit again.
    expect(await ofUnit('A1')).toMatchObject({ isSourceUnit: false, isImageSource: false });

    const alone = await client.put<ErrorEnvelope>(api(IMAGE_PATHS.sharing(ids.S1)), { enabled: true }, { token: admin });
    expect([alone.status, alone.body.error.message]).toEqual([400, 'No other units of this type to share images with']);
    expect((await client.put(api(IMAGE_PATHS.sharing(ids.N1)), { enabled: true }, { token: admin })).status).toBe(400);
    expect((await client.put(api(IMAGE_PATHS.sharing(ids.A2)), { enabled: 'yes' }, { token: admin })).status).toBe(400);
    expect((await client.put(api(IMAGE_PATHS.sharing(ids.A2)), { enabled: true, target: ids.P1 }, { token: admin })).status).toBe(400);
  });

  it("deletes a unit's own files when it starts following another unit", async () => {
    const own = (await upload(ids.D1, 21)).image;
    await upload(ids.D2, 22);
    const on = await client.put<{ data: ToggleSharingResult }>(api(IMAGE_PATHS.sharing(ids.D1)), { enabled: true }, { token: admin });
    expect(on.body.data.message).toBe('Unit now shares images with D2');
    expect(urls(on.body.data)).not.toContain(own.url);
    expect(fs.existsSync(diskPath(own.url))).toBe(false);
  });

  it('unlinks every type at once', async () => {
    const linked = await client.post<{ data: LinkImagesResult }>(api(IMAGE_PATHS.link(sharingProject)), undefined, { token: admin });
    expect(linked.body.data.groups[0]).toEqual({ type: '1 Bedroom', outcome: 'linked', sourceUnitId: ids.A1 });
    const response = await client.post<{ data: UnlinkImagesResult }>(api(IMAGE_PATHS.unlink(sharingProject)), {}, { token: admin });
    expect(response.body.data.groups.find((group) => group.type === '2 Bedroom')).toEqual({ type: '2 Bedroom', outcome: 'unlinked' });
    expect(response.body.data.groups.find((group) => group.type === 'Studio')).toEqual({ type: 'Studio', outcome: 'single-unit' });
    expect(response.body.data.groups.find((group) => group.type === '1 Bedroom')).toEqual({ type: '1 Bedroom', outcome: 'unlinked' });
    for (const key of ['A1', 'A2', 'D1', 'D2'])
      expect(await ofUnit(key)).toMatchObject({ useSharedImages: false, isSourceUnit: false, sharedImagesUnitId: null });
    expect((await ofUnit('A2')).images).toEqual([]);
    expect((await client.post(api(IMAGE_PATHS.link(999_999)), undefined, { token: admin })).status).toBe(404);
  });
});

describe('deleting units and projects removes their stored files', () => {
  it('keeps the shared copies when a follower or the source is deleted, and deletes them with the last unit holding them', async () => {
    const [source, follower, other] = await createUnits([
      { unitNumber: 'SH-1', unitType: 'Loft' },
      { unitNumber: 'SH-2', unitType: 'Loft' },
      { unitNumber: 'SH-3', unitType: 'Loft' },
    ]);
    const image = (await upload(source, 31)).image;
    await client.post(api(IMAGE_PATHS.link(projectId)), undefined, { token: admin });
    expect((await unitOf(follower)).images.map((entry) => entry.url)).toEqual([image.url]);

    expect((await client.del(api(`/units/${follower}`), { token: admin })).status).toBe(200);
    expect(fs.existsSync(diskPath(image.url))).toBe(true);
    expect((await client.del(api(`/units/${source}`), { token: admin })).status).toBe(200);
    expect(fs.existsSync(diskPath(image.url))).toBe(true);
    // The last follower keeps what it showed, as a unit of its own.
    const left = await unitOf(other);
    expect(left).toMatchObject({ useSharedImages: false, sharedImagesUnitId: null });
    expect(left.images.map((entry) => entry.url)).toEqual([image.url]);
    await client.del(api(IMAGE_PATHS.image(other, left.images[0].id)), { token: admin });
    expect(fs.existsSync(diskPath(image.url))).toBe(false);
  });

  it('removes the files of a deleted unit, of bulk-deleted units and of a deleted project', async () => {
    const [single, bulkA, bulkB] = await createUnits([
      { unitNumber: 'DEL-1', unitType: 'Office' },
      { unitNumber: 'DEL-2', unitType: 'Retail' },
      { unitNumber: 'DEL-3', unitType: 'Villa' },
    ]);
    for (const id of [single, bulkA, bulkB]) await upload(id, id);
    expect((await client.del(api(`/units/${single}`), { token: admin })).status).toBe(200);
    expect(fs.existsSync(unitFolder(single))).toBe(false);
    expect((await client.post(api('/units/bulk-delete'), { ids: [bulkA, bulkB] }, { token: admin })).status).toBe(200);
    expect([bulkA, bulkB].map((id) => fs.existsSync(unitFolder(id)))).toEqual([false, false]);

    const doomed = await client.post<{ data: { id: number } }>(api('/projects'), { name: 'Doomed', location: 'Dubai', visibleTo: ['dubai'] }, { token: admin });
    const units = await createUnits(
      [
        { unitNumber: 'X1', unitType: 'Villa' },
        { unitNumber: 'X2', unitType: 'Villa' },
      ],
      doomed.body.data.id,
    );
    for (const id of units) await upload(id, id + 100);
    expect(units.every((id) => originalsOf(id).length === 1)).toBe(true);
    expect((await client.del(api(`/projects/${doomed.body.data.id}`), { token: admin })).status).toBe(200);
    expect(units.map((id) => fs.existsSync(unitFolder(id)))).toEqual([false, false]);
  });

  it('never deletes a file outside the keys it gave unit images, whatever a stored entry says', async () => {
    const [unitId] = await createUnits([{ unitNumber: 'KEEP-1', unitType: 'Office' }]);
    const outside = path.join(uploadsDir(), 'property_images', `keep_${unitId}.png`);
    fs.mkdirSync(path.dirname(outside), { recursive: true });
    fs.writeFileSync(outside, PNG);
    try {
      const unit = (await server.strapi.db.query('api::unit.unit').findOne({ where: { id: unitId }, select: ['documentId'] })) as { documentId: string };
      await server.strapi.documents('api::unit.unit').update({
        documentId: unit.documentId,
        data: {
          images: [{ imageId: 'img_1', url: `/uploads/property_images/keep_${unitId}.png`, path: `property_images/keep_${unitId}`, featured: true }],
        } as never,
      });
      expect((await client.del(api(`/units/${unitId}`), { token: admin })).status).toBe(200);
      expect(fs.existsSync(outside)).toBe(true);
    } finally {
      fs.rmSync(outside, { force: true });
    }
  });
});
