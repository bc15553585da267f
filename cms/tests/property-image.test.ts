import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantPathsOf } from '@repo/types';
import { createClient, DEMO, signIn, startTestStrapi, type TestServer } from './helpers/strapi';

// A real 1x1 PNG and a real 1x1 GIF: they decode, unlike a header followed by anything else.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PNG_HEADER = PNG.subarray(0, 16);

interface UploadBody {
  data: { url: string } | null;
  error?: { status: number; message: string };
}

let server: TestServer;
let admin: string;
let agent: string;
const stored: string[] = [];

const upload = async (token: string, bytes: Buffer, name: string, type: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${server.baseUrl}/api/projects/property-image`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    body: form,
  });
  const body = (await response.json()) as UploadBody;
  if (body.data?.url) stored.push(body.data.url);
  return { status: response.status, body };
};

const uploadsDir = () => path.join(server.strapi.dirs.static.public, 'uploads');

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  const client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
  agent = await signIn(client, DEMO.super.email, DEMO.super.password);
});

afterAll(async () => {
  // The local provider writes into cms/public/uploads: leave the working tree as it was.
  if (server) {
    for (const url of stored) {
      for (const file of [url, ...variantPathsOf(url)]) fs.rmSync(path.join(uploadsDir(), file.replace(/^\/uploads\//, '')), { force: true });
    }
    const folder = path.join(uploadsDir(), 'property_images');
    if (fs.existsSync(folder) && fs.readdirSync(folder).length === 0) fs.rmdirSync(folder);
  }
  await server?.stop();
});

describe('POST /api/projects/property-image', () => {
  it('stores a real PNG under property_images/{timestamp}_{sanitised name} and serves it at the returned URL', async () => {
    const { status, body } = await upload(admin, PNG, 'Marina tower (front).png', 'image/png');
    expect(status).toBe(201);
    const url = body.data?.url ?? '';
    expect(url).toMatch(/^\/uploads\/property_images\/\d{13,}_Marina_tower__front_\.png$/);
    // Stored re-encoded without metadata (issue #26): the same pixels, with its WebP variants beside it.
    const pixels = await sharp(PNG).raw().toBuffer();
    expect(
      await sharp(fs.readFileSync(path.join(uploadsDir(), url.replace(/^\/uploads\//, ''))))
        .raw()
        .toBuffer(),
    ).toEqual(pixels);
    for (const variant of variantPathsOf(url))
      expect((await sharp(path.join(uploadsDir(), variant.replace(/^\/uploads\//, ''))).metadata()).format).toBe('webp');

    const served = await fetch(`${server.baseUrl}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('image/png');
    // Kept a year by browsers, the variants too: a stored key never holds other bytes.
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const variant of variantPathsOf(url))
      expect((await fetch(`${server.baseUrl}${variant}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(
      await sharp(Buffer.from(await served.arrayBuffer()))
        .raw()
        .toBuffer(),
    ).toEqual(pixels);
  });

  it('names the stored file after the detected type, not the name or the declared type', async () => {
    const { status, body } = await upload(admin, GIF, 'cropped_photo.jpg', 'image/jpeg');
    expect(status).toBe(201);
    expect(body.data?.url).toMatch(/\/property_images\/\d+_cropped_photo\.gif$/);
  });

  it('gives two uploads of the same name two keys', async () => {
    const first = await upload(admin, PNG, 'same.png', 'image/png');
    const second = await upload(admin, PNG, 'same.png', 'image/png');
    expect(first.body.data?.url).not.toBe(second.body.data?.url);
  });

  it.each([
    ['a renamed HTML file', Buffer.from('<!doctype html><script>alert(1)</script>'), 'photo.png', 'image/png'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml'],
    ['a PNG header in front of HTML', Buffer.concat([PNG_HEADER, Buffer.from('<html><script>alert(1)</script></html>')]), 'poly.png', 'image/png'],
    ['a 0-byte file', Buffer.alloc(0), 'empty.png', 'image/png'],
    ['a file over 5 MB', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'huge.png', 'image/png'],
  ])('refuses %s with 400 and stores nothing', async (_what, bytes, name, type) => {
    const before = fs.existsSync(path.join(uploadsDir(), 'property_images')) ? fs.readdirSync(path.join(uploadsDir(), 'property_images')).length : 0;
    const { status, body } = await upload(admin, bytes, name, type);
    expect(status).toBe(400);
    expect(body.data).toBeNull();
    const after = fs.existsSync(path.join(uploadsDir(), 'property_images')) ? fs.readdirSync(path.join(uploadsDir(), 'property_images')).length : 0;
    expect(after).toBe(before);
  });

  it('refuses a request without a file with 400', async () => {
    const response = await fetch(`${server.baseUrl}/api/projects/property-image`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.test/x.png' }),
    });
    expect(response.status).toBe(400);
  });

  it('refuses agents with 403 and anonymous callers with 401', async () => {
    expect((await upload(agent, PNG, 'agent.png', 'image/png')).status).toBe(403);
    const anonymous = new FormData();
    anonymous.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'anon.png');
    const response = await fetch(`${server.baseUrl}/api/projects/property-image`, { method: 'POST', body: anonymous });
    expect(response.status).toBe(401);
  });
});
