// The bench's images, for the 4G rows: photo-sized JPEGs generated here (sharp, from pixels: a
// gradient, a tower and grain, so they weigh what a phone photo of that size weighs, about 1.5 MB)
// and uploaded through the portal's own upload routes, as an admin's browser would: a cover for
// every project (POST /api/projects/property-image, then PUT /api/projects/:id) and a few images on
// the big project's first unit (POST /api/units/:id/images). The upload path stores each without its
// metadata and with its WebP variants (issue #26, item 2); the rows measure what the screens then fetch.
import sharp from 'sharp';
import { request } from './measure.mjs';

const COVERS = 6;
const UNIT_IMAGES = 3;

/** A photo-like JPEG (deterministic for a seed). */
export const photo = (seed, width = 2400, height = 1800) => {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 7919 + 1;
  const base = [((seed * 67) % 200) + 40, ((seed * 131) % 200) + 30, ((seed * 29) % 200) + 20];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      const grain = ((state >> 16) & 63) - 32;
      const shade = (x / width + y / height) * 60;
      const tower = x > width * 0.35 && x < width * 0.65 && y > height * 0.2 ? 50 : 0;
      const at = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) pixels[at + channel] = Math.max(0, Math.min(255, base[channel] + shade + tower + grain));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
};

const upload = async (baseUrl, headers, path, bytes, name, fields = {}) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const response = await fetch(new URL(path, baseUrl), { method: 'POST', headers: { Accept: 'application/json', ...headers }, body: form });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`Upload to ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text).data;
};

/**
 * Uploads the covers (one of COVERS per project, in turn) and the unit's images; returns the unit
 * with images, the cover URLs and the bytes of one stored cover.
 */
export const seedImages = async (ctx) => {
  const { baseUrl, admin } = ctx.portal;
  const covers = [];
  for (let index = 0; index < COVERS; index += 1) {
    const bytes = await photo(index + 1);
    const { url } = await upload(baseUrl, admin, '/api/projects/property-image', bytes, `cover-${index + 1}.jpg`);
    covers.push({ url, bytes: bytes.length });
  }
  const cards = await request(baseUrl, { path: '/api/projects', headers: admin });
  if (cards.status !== 200) throw new Error(`GET /api/projects answered ${cards.status}`);
  for (const [index, card] of JSON.parse(cards.text).data.entries()) {
    const response = await request(baseUrl, {
      method: 'PUT',
      path: `/api/projects/${card.id}`,
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ imageUrl: covers[index % COVERS].url, imageMetadata: null, revision: card.revision }),
    });
    if (response.status !== 200) throw new Error(`PUT /api/projects/${card.id} answered ${response.status}: ${response.text.slice(0, 300)}`);
  }
  const [unit] = await ctx.db.query('SELECT id, unit_number FROM units WHERE project_id = ? ORDER BY id LIMIT 1', [ctx.bigProject.id]);
  for (let index = 0; index < UNIT_IMAGES; index += 1) {
    await upload(baseUrl, admin, `/api/units/${unit.id}/images`, await photo(COVERS + index + 1), `unit-${index + 1}.jpg`, { origin: 'image-manager' });
  }
  return { unitId: Number(unit.id), unitNumber: unit.unit_number, covers };
};
