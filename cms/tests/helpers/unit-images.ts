import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { IMAGE_PATHS, type ImageUploadOrigin, type ImageUploadResult } from '@repo/types';
import type { TestServer } from './strapi';

/**
 * A public folder of the test server's own (PUBLIC_DIR), so local uploads of this file never mix
 * with those of other test files or of a dev server sharing cms/public; remove it when done.
 */
export const tempPublicDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-public-'));
  fs.mkdirSync(path.join(dir, 'uploads'));
  return dir;
};

// A real 1x1 PNG and a real 1x1 GIF: they decode, unlike a header followed by anything else.
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A small real JPEG of one colour; different seeds give different bytes. */
export const jpeg = (seed: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** A real PNG of random pixels, so it does not compress: about 3 bytes per pixel. */
export const noisePng = (width: number, height: number) => {
  const pixels = Buffer.alloc(width * height * 3);
  let state = 12345;
  for (let index = 0; index < pixels.length; index += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[index] = state >> 16;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
};

/** The 1x1 PNG with a header claiming width x height: a tiny file that would decode into gigabytes. */
export const pixelFlood = (width: number, height: number) => {
  const bytes = Buffer.from(PNG);
  // IHDR: length (4) and type (4) at 8, data (13) at 16 starting with width and height, CRC at 29.
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(zlib.crc32(bytes.subarray(12, 29)), 29);
  return bytes;
};

/** The JPEG with one more segment (marker, then `body`) right after its start marker. */
export const withJpegSegment = (jpeg: Buffer, marker: number, body: Buffer) => {
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xff00 | marker, 0);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
};

/** The GIF with one more extension (label, then `data` as one sub-block) before its trailer. */
export const withGifExtension = (gif: Buffer, label: number, data: Buffer) =>
  Buffer.concat([gif.subarray(0, -1), Buffer.from([0x21, label, data.length]), data, Buffer.from([0x00, 0x3b])]);

export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
/** A JPEG signature followed by HTML: passes a magic-byte check, fails a decode. */
export const POLYGLOT = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), HTML]);

export interface UploadOptions {
  origin?: ImageUploadOrigin | string;
  type?: string;
  /** More multipart fields (text) to send. */
  fields?: Record<string, string>;
  /** The field the file goes in (default `file`). */
  field?: string;
}

export interface ErrorEnvelope {
  error: { status: number; name: string; message: string };
}

/** POST /api/units/:id/images as multipart, the way the portal's image manager sends it. */
export const uploadUnitImage = async (server: TestServer, token: string | null, unitId: number, bytes: Buffer, name: string, options: UploadOptions = {}) => {
  const form = new FormData();
  if (options.origin !== undefined) form.append('origin', options.origin);
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  form.append(options.field ?? 'file', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }), name);
  const response = await fetch(`${server.baseUrl}/api${IMAGE_PATHS.upload(unitId)}`, {
    method: 'POST',
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body: body as { data: ImageUploadResult } & ErrorEnvelope };
};
