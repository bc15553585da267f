import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_PATHS, IMAGE_VARIANT_WIDTHS, UNIT_PATHS, variantPathsOf, type UnitImage, type UnitImagesState } from '@repo/types';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { jpeg, tempPublicDir, uploadUnitImage, withGifExtension, withJpegSegment } from './helpers/unit-images';
import { portalService } from '../src/server/services';

// Issue #26, images: what is stored of an upload (an original without metadata, WebP variants),
// that every path that deletes an image deletes its variants, that a failed variant leaves nothing
// stored, and that `npm run images:backfill` makes what is missing and is safe to re-run.

let server: TestServer;
let client: TestClient;
let admin: string;
let projectId: number;
let publicDir: string;
const api = (route: string) => `/api${route}`;

const uploadsDir = () => path.join(publicDir, 'uploads');
const diskPath = (url: string) => path.join(uploadsDir(), url.replace(/^\/uploads\//, ''));
const unitFiles = (unitId: number) => {
  const folder = path.join(uploadsDir(), 'units', String(unitId));
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
};
const filesOfImage = (url: string) => [url, ...variantPathsOf(url)].map(diskPath);

/** A phone photo: 2000 x 1200, EXIF with the maker and a GPS position, XMP, and orientation 6 (rotated). */
const phonePhoto = () =>
  sharp({ create: { width: 2000, height: 1200, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'P1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 12/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '55/1 16/1 10/1' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="25,12.5N"/></rdf:RDF></x:xmpmeta>',
    )
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** A small PNG of one colour. */
const pngOf = (seed: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: seed, g: 200, b: 90 } } })
    .png()
    .toBuffer();

/** The PNG with a tEXt chunk after its header chunk (8 bytes of signature, 25 of IHDR). */
const withPngText = (bytes: Buffer, keyword: string, text: string) => {
  const body = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`${keyword}\0${text}`, 'latin1')]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([bytes.subarray(0, 33), length, body, crc, bytes.subarray(33)]);
};

const gpsPointer = (exif: Buffer | undefined) => Boolean(exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))));

const createUnits = async (numbers: string[], project = projectId) => {
  const response = await client.post<{ data: { id: number; unitNumber: string }[] }>(
    api(`/projects/${project}/units`),
    { units: numbers.map((unitNumber) => ({ unitNumber, unitType: 'Studio', status: 'available', price: 900_000 })) },
    { token: admin },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return numbers.map((unitNumber) => response.body.data.find((unit) => unit.unitNumber === unitNumber)?.id ?? 0);
};

const upload = async (unitId: number, bytes: Buffer, name: string): Promise<UnitImage> => {
  const response = await uploadUnitImage(server, admin, unitId, bytes, name, { type: 'image/jpeg' });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.image;
};

const imagesOf = async (unitId: number) => {
  const response = await client.get<{ data: { images: UnitImage[] } }>(api(`/units/${unitId}`), { token: admin });
  expect(response.status).toBe(200);
  return response.body.data.images;
};

beforeAll(async () => {
  publicDir = tempPublicDir();
  server = await startTestStrapi({ seed: true, env: { PUBLIC_DIR: publicDir } });
  client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
  const project = await client.post<{ data: { id: number } }>(
    api('/projects'),
    { name: 'Variant Tower', location: 'Marina, Dubai', visibleTo: ['dubai'] },
    { token: admin },
  );
  projectId = project.body.data.id;
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(publicDir, { recursive: true, force: true });
});

describe('an uploaded image', () => {
  it('is stored without EXIF, GPS or XMP, upright, with WebP variants that carry no metadata either', async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes(Buffer.from('PhoneCo'))).toBe(true);
    expect(gpsPointer(before.exif)).toBe(true);
    expect(before.xmp).toBeDefined();
    expect(before.orientation).toBe(6);

    const [unitId] = await createUnits(['V-1']);
    const image = await upload(unitId, photo, 'IMG_0001.jpg');
    expect(image.variants?.map((variant) => variant.width)).toEqual([...IMAGE_VARIANT_WIDTHS]);
    expect(await imagesOf(unitId)).toEqual([expect.objectContaining({ id: image.id, variants: image.variants })]);

    const original = await sharp(diskPath(image.url)).metadata();
    expect(original.format).toBe('jpeg');
    expect([original.exif, original.xmp, original.iptc, original.orientation]).toEqual([undefined, undefined, undefined, undefined]);
    // Orientation 6 is applied to the pixels: the 2000 x 1200 photo stands upright.
    expect([original.width, original.height]).toEqual([1200, 2000]);

    for (const variant of image.variants ?? []) {
      // Served as the browser will ask for it, and read from what came over the wire.
      const served = await fetch(`${server.baseUrl}${variant.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toContain('image/webp');
      const bytes = Buffer.from(await served.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect([metadata.exif, metadata.xmp, metadata.iptc]).toEqual([undefined, undefined, undefined]);
      expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
      expect(metadata.width).toBe(Math.min(variant.width, 1200));
    }
  });

  it('has variants never wider than a small original', async () => {
    const [unitId] = await createUnits(['V-2']);
    const image = await upload(unitId, await jpeg(3), 'small.jpg');
    for (const file of variantPathsOf(diskPath(image.url))) expect((await sharp(file).metadata()).width).toBe(8);
  });

  it("has variants a very tall picture fits in, narrowed to WebP's 16,383 px height", async () => {
    const [unitId] = await createUnits(['V-3']);
    const tall = await sharp({ create: { width: 300, height: 18_000, channels: 3, background: { r: 90, g: 30, b: 60 } } })
      .jpeg()
      .toBuffer();
    const image = await upload(unitId, tall, 'floor-plan-strip.jpg');
    for (const file of variantPathsOf(diskPath(image.url))) {
      const variant = await sharp(file).metadata();
      expect(variant.format).toBe('webp');
      expect(variant.height).toBeLessThanOrEqual(16_383);
      expect(variant.width).toBeLessThanOrEqual(300);
    }
    expect((await sharp(diskPath(image.url)).metadata()).height).toBe(18_000);
  });

  it('strips a property image (the project cover) the same way and gives the project its variants', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await phonePhoto())], { type: 'image/jpeg' }), 'cover.jpg');
    const response = await fetch(`${server.baseUrl}/api/projects/property-image`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(response.status).toBe(201);
    const { url } = ((await response.json()) as { data: { url: string } }).data;
    for (const file of filesOfImage(url)) {
      const metadata = await sharp(file).metadata();
      expect([metadata.exif, metadata.xmp]).toEqual([undefined, undefined]);
    }
    const project = await client.post<{ data: { id: number } }>(
      api('/projects'),
      { name: 'Cover Tower', location: 'Doha', visibleTo: ['doha'], imageUrl: url },
      { token: admin },
    );
    const read = await client.get<{ data: { imageVariants: { width: number; url: string }[] } }>(api(`/projects/${project.body.data.id}`), { token: admin });
    expect(read.body.data.imageVariants.map((variant) => variant.url)).toEqual(variantPathsOf(url));
  });
});

describe("a project's cover", () => {
  const storeCover = async (name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await jpeg(20))], { type: 'image/jpeg' }), name);
    const response = await fetch(`${server.baseUrl}/api/projects/property-image`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: { url: string } }).data.url;
  };
  const exists = (url: string) => filesOfImage(url).map((file) => fs.existsSync(file));
  const revisionOf = async (id: number) => (await client.get<{ data: { revision: number } }>(api(`/projects/${id}`), { token: admin })).body.data.revision;

  it('is deleted with its variants when it is replaced, and when the project is deleted, unless another project shows it', async () => {
    const [first, second, shared] = [await storeCover('first.jpg'), await storeCover('second.jpg'), await storeCover('shared.jpg')];
    const created = await client.post<{ data: { id: number } }>(
      api('/projects'),
      { name: 'Cover Swap', location: 'Doha', visibleTo: ['doha'], imageUrl: first },
      { token: admin },
    );
    const id = created.body.data.id;
    expect(exists(first)).toEqual([true, true, true, true]);

    const replaced = await client.put(api(`/projects/${id}`), { imageUrl: second, revision: await revisionOf(id) }, { token: admin });
    expect(replaced.status, replaced.text).toBe(200);
    expect(exists(first)).toEqual([false, false, false, false]);
    expect(exists(second)).toEqual([true, true, true, true]);

    // A save that keeps the cover keeps its files.
    expect((await client.put(api(`/projects/${id}`), { name: 'Cover Swap II', revision: await revisionOf(id) }, { token: admin })).status).toBe(200);
    expect(exists(second)).toEqual([true, true, true, true]);

    const other = await client.post<{ data: { id: number } }>(
      api('/projects'),
      { name: 'Cover Twin', location: 'Doha', visibleTo: ['doha'], imageUrl: shared },
      { token: admin },
    );
    expect((await client.put(api(`/projects/${id}`), { imageUrl: shared, revision: await revisionOf(id) }, { token: admin })).status).toBe(200);
    expect(exists(second)).toEqual([false, false, false, false]);
    expect((await client.del(api(`/projects/${id}`), { token: admin })).status).toBe(200);
    expect(exists(shared)).toEqual([true, true, true, true]);
    expect((await client.del(api(`/projects/${other.body.data.id}`), { token: admin })).status).toBe(200);
    expect(exists(shared)).toEqual([false, false, false, false]);
  });

  it('typed in by hand deletes no file that a project shows, nor any outside the covers', async () => {
    const kept = await storeCover('kept.jpg');
    const owner = await client.post<{ data: { id: number } }>(
      api('/projects'),
      { name: 'Cover Owner', location: 'Doha', visibleTo: ['doha'], imageUrl: kept },
      { token: admin },
    );
    const [unitId] = await createUnits(['CV-1'], owner.body.data.id);
    const unitImage = await upload(unitId, await jpeg(21), 'unit.jpg');
    for (const imageUrl of [`https://images.example.com/property_images/${path.basename(kept)}`, `https://images.example.com/x${unitImage.url}`]) {
      const pasted = await client.post<{ data: { id: number } }>(
        api('/projects'),
        { name: 'Cover Link', location: 'Doha', visibleTo: ['doha'], imageUrl },
        { token: admin },
      );
      expect(pasted.status, pasted.text).toBe(201);
      expect((await client.del(api(`/projects/${pasted.body.data.id}`), { token: admin })).status).toBe(200);
    }
    expect(exists(kept)).toEqual([true, true, true, true]);
    expect(exists(unitImage.url)).toEqual([true, true, true, true]);
  });
});

describe('deleting images deletes every variant', () => {
  it('when one image is deleted, when all are cleared, when units are deleted one or in bulk, and when the project is deleted', async () => {
    const [one, cleared, single, bulkA, bulkB] = await createUnits(['D-1', 'D-2', 'D-3', 'D-4', 'D-5']);
    const kept = await upload(one, await jpeg(10), 'kept.jpg');
    const gone = await upload(one, await jpeg(11), 'gone.jpg');
    expect(unitFiles(one)).toHaveLength(8);
    expect((await client.del<{ data: UnitImagesState }>(api(IMAGE_PATHS.image(one, gone.id)), { token: admin })).status).toBe(200);
    for (const file of filesOfImage(gone.url)) expect(fs.existsSync(file)).toBe(false);
    expect(unitFiles(one)).toEqual([kept.url, ...variantPathsOf(kept.url)].map((url) => path.basename(url)).sort());

    await upload(cleared, await jpeg(12), 'a.jpg');
    await upload(cleared, await jpeg(13), 'b.jpg');
    expect(unitFiles(cleared)).toHaveLength(8);
    expect((await client.del(api(IMAGE_PATHS.clear(cleared)), { token: admin })).status).toBe(200);
    expect(unitFiles(cleared)).toEqual([]);

    await upload(single, await jpeg(14), 'c.jpg');
    expect((await client.del(api(`/units/${single}`), { token: admin })).status).toBe(200);
    expect(unitFiles(single)).toEqual([]);

    await upload(bulkA, await jpeg(15), 'd.jpg');
    await upload(bulkB, await jpeg(16), 'e.jpg');
    const bulk = await client.post(api(UNIT_PATHS.bulkDelete), { ids: [bulkA, bulkB] }, { token: admin });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect([...unitFiles(bulkA), ...unitFiles(bulkB)]).toEqual([]);

    const project = await client.post<{ data: { id: number } }>(
      api('/projects'),
      { name: 'Short Tower', location: 'Doha', visibleTo: ['doha'] },
      { token: admin },
    );
    const [inProject] = await createUnits(['P-1'], project.body.data.id);
    await upload(inProject, await jpeg(17), 'f.jpg');
    expect(unitFiles(inProject)).toHaveLength(4);
    expect((await client.del(api(`/projects/${project.body.data.id}`), { token: admin })).status).toBe(200);
    expect(unitFiles(inProject)).toEqual([]);
  });
});

describe('a failed variant', () => {
  it('fails the upload with a clear error and leaves no original, no variant and no image entry', async () => {
    const [unitId] = await createUnits(['F-1']);
    const provider = server.strapi.plugin('upload').provider as { upload: (file: { hash: string; ext: string }) => Promise<void> };
    const realUpload = provider.upload;
    // The storage refuses the 800 px variant, after the original and the 320 px one went in.
    provider.upload = async (file) => {
      if (`${file.hash}${file.ext}`.endsWith('.w800.webp')) throw new Error('disk full');
      return realUpload.call(provider, file);
    };
    try {
      const response = await uploadUnitImage(server, admin, unitId, await jpeg(20), 'doomed.jpg', { type: 'image/jpeg' });
      expect(response.status).toBe(503);
      expect(response.body.error.message).toBe('The image could not be stored, so nothing was kept. Try again.');
    } finally {
      provider.upload = realUpload;
    }
    expect(unitFiles(unitId)).toEqual([]);
    expect(fs.existsSync(path.join(uploadsDir(), 'units', String(unitId)))).toBe(false);
    expect(await imagesOf(unitId)).toEqual([]);
    // The unit still takes images afterwards.
    await upload(unitId, await jpeg(21), 'fine.jpg');
    expect(unitFiles(unitId)).toHaveLength(4);
  });
});

describe('a variant that cannot be made', () => {
  it('fails the upload with a clear 400 before anything is stored', async () => {
    const [unitId] = await createUnits(['F-2']);
    // The sharp module the compiled CMS requires: its WebP encoder fails for this one upload.
    const cmsSharp = createRequire(path.join(__dirname, '..', 'dist', 'src', 'api', 'unit-image', 'lib', 'variants.js'))('sharp') as {
      prototype: { webp: (...args: unknown[]) => unknown };
    };
    const prototype = cmsSharp.prototype;
    const realWebp = prototype.webp;
    prototype.webp = () => {
      throw new Error('encoder crashed');
    };
    try {
      const response = await uploadUnitImage(server, admin, unitId, await jpeg(22), 'broken-encoder.jpg', { type: 'image/jpeg' });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('The image could not be resized, so it was not uploaded. Try saving it again as JPEG or PNG.');
    } finally {
      prototype.webp = realWebp;
    }
    expect(unitFiles(unitId)).toEqual([]);
    expect(await imagesOf(unitId)).toEqual([]);
  });
});

describe('npm run images:backfill', () => {
  it('makes the missing variants, strips old originals, and changes nothing when run again', async () => {
    const [unitId] = await createUnits(['B-1']);
    const first = await upload(unitId, await jpeg(30), 'old1.jpg');
    const second = await upload(unitId, await jpeg(31), 'old2.jpg');
    // As stored before variants existed: no variants, and an original straight from the phone.
    for (const url of [first.url, second.url]) for (const file of variantPathsOf(diskPath(url))) fs.rmSync(file);
    fs.writeFileSync(diskPath(second.url), await phonePhoto());
    expect(unitFiles(unitId)).toHaveLength(2);

    const backfill = portalService(server.strapi, 'api::unit-image.image-backfill');
    const progress: number[] = [];
    const report = await backfill.run({ onProgress: (done) => progress.push(done) });
    expect(report.failed).toBe(0);
    expect(report.made).toBeGreaterThanOrEqual(2);
    expect(report.checked).toBe(progress.length);
    expect(unitFiles(unitId)).toHaveLength(8);
    const stripped = await sharp(diskPath(second.url)).metadata();
    expect([stripped.exif, stripped.xmp, stripped.width]).toEqual([undefined, undefined, 1200]);

    const stamps = () => unitFiles(unitId).map((name) => [name, fs.statSync(path.join(uploadsDir(), 'units', String(unitId), name)).mtimeMs]);
    const before = stamps();
    const again = await backfill.run();
    expect(again).toEqual({ checked: report.checked, made: 0, complete: report.checked - report.missing, missing: report.missing, failed: 0 });
    expect(stamps()).toEqual(before);
  });

  it("strips the comments sharp does not report as metadata: a JPEG's COM segment, a PNG's text chunk, a GIF's comment", async () => {
    const [unitId] = await createUnits(['B-3']);
    const secret = 'SECRET owner 0501234567';
    const jpegImage = await upload(unitId, await jpeg(34), 'commented.jpg');
    const pngImage = await upload(unitId, await pngOf(35), 'texted.png');
    const gifImage = await upload(
      unitId,
      await sharp(await pngOf(36))
        .gif()
        .toBuffer(),
      'commented.gif',
    );
    // As an old upload left them: the comment is the only metadata, the variants are there.
    fs.writeFileSync(diskPath(jpegImage.url), withJpegSegment(await jpeg(34), 0xfe, Buffer.from(secret)));
    fs.writeFileSync(diskPath(pngImage.url), withPngText(await pngOf(35), 'Location', secret));
    fs.writeFileSync(diskPath(gifImage.url), withGifExtension(fs.readFileSync(diskPath(gifImage.url)), 0xfe, Buffer.from(secret)));
    for (const image of [jpegImage, pngImage, gifImage]) expect(fs.readFileSync(diskPath(image.url)).includes(secret), image.url).toBe(true);

    const backfill = portalService(server.strapi, 'api::unit-image.image-backfill');
    const report = await backfill.run();
    expect(report.made).toBe(3);
    for (const image of [jpegImage, pngImage, gifImage]) {
      const bytes = fs.readFileSync(diskPath(image.url));
      expect(bytes.includes(secret), image.url).toBe(false);
      expect((await sharp(bytes).metadata()).comments).toBeUndefined();
    }
    expect((await backfill.run()).made).toBe(0);
  });

  it('with keep-originals only adds variants, and counts an original that cannot be decoded as failed while the rest go on', async () => {
    const [unitId] = await createUnits(['B-2']);
    const kept = await upload(unitId, await jpeg(32), 'kept.jpg');
    const broken = await upload(unitId, await jpeg(33), 'broken.jpg');
    for (const url of [kept.url, broken.url]) for (const file of variantPathsOf(diskPath(url))) fs.rmSync(file);
    fs.writeFileSync(diskPath(kept.url), await phonePhoto());
    // A JPEG's signature, then nothing sharp can decode.
    fs.writeFileSync(diskPath(broken.url), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]));

    const backfill = portalService(server.strapi, 'api::unit-image.image-backfill');
    const report = await backfill.run({ strip: false });
    expect(report.failed).toBe(1);
    for (const file of variantPathsOf(diskPath(kept.url))) expect(fs.existsSync(file), file).toBe(true);
    for (const file of variantPathsOf(diskPath(broken.url))) expect(fs.existsSync(file), file).toBe(false);
    expect((await sharp(diskPath(kept.url)).metadata()).exif).toBeDefined();
  });
});
