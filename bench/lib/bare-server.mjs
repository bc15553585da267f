// The framework-free floor: Node's own http server and the driver, running the same SQL as the
// portal's hot paths (sql.mjs) and answering the same JSON, with the same ETag/304 revalidation.
// No framework, no middleware, no session lookup: the bearer token is checked against a map in
// memory (BARE_TOKENS, token -> 'admin' | 'agent'). Started by run.mjs as a child process.
// Compressed as the portal compresses (the same COMPRESSION setting, encoding, level and threshold,
// read from the compiled CMS's src/server/compression.js), so the ratios compare like with like.
import crypto from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { openDatabase } from './db.mjs';
import * as SQL from './sql.mjs';

const require = createRequire(import.meta.url);
const { projectsVisibleToAgent } = require('@repo/types');
const compression = require(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'cms', 'dist', 'src', 'server', 'compression.js'));
const encoding = compression.compressionSetting(process.env.COMPRESSION);
const makeCompressor = {
  gzip: () => zlib.createGzip(compression.ON_THE_FLY.gzip),
  br: () => zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: compression.ON_THE_FLY.brotliQuality } }),
};
/** Whether Accept-Encoding names the encoding with a weight above 0. */
const accepts = (request, name) =>
  (request.headers['accept-encoding'] ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    return coding === name && (q === undefined || Number(q) > 0);
  });

/** Sends a JSON text as the portal would: compressed on the fly above the threshold when the client accepts the encoding. */
const sendJson = (request, response, text) => {
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (encoding) response.setHeader('Vary', 'Accept-Encoding');
  if (!encoding || Buffer.byteLength(text) < compression.THRESHOLD_BYTES || !accepts(request, encoding)) return response.end(text);
  response.setHeader('Content-Encoding', encoding);
  const compressor = makeCompressor[encoding]();
  compressor.pipe(response);
  compressor.end(text);
};

const db = openDatabase(JSON.parse(process.env.BARE_DATABASE_JSON), { poolSize: 10 });
const tokens = JSON.parse(process.env.BARE_TOKENS);

const json = (value) => (typeof value === 'string' ? JSON.parse(value) : value);
const iso = (value) =>
  value === null || value === undefined ? null : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value).toISOString();
const bool = (value) => (value === null || value === undefined ? null : Boolean(value));
const query = (statement) => db.query(statement.sql, statement.params);

const listUnit = (row) => ({
  id: row.id,
  unitNumber: row.unit_number,
  name: row.name,
  unitType: row.unit_type,
  floor: row.floor,
  view: row.view,
  area: row.area,
  size: row.size,
  price: row.price,
  bedrooms: row.bedrooms,
  bathrooms: row.bathrooms,
  updatedAt: iso(row.updated_at),
  status: row.unit_status,
});
const project = (row) => ({
  id: row.id,
  name: row.name,
  location: row.location,
  description: row.description,
  projectType: row.project_type,
  imageUrl: row.image_url,
  imageMetadata: json(row.image_metadata),
  visibleTo: json(row.visible_to),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** The project ids an agent sees (the shared region rule), or 'all' for an admin. */
const visibleIds = async (viewer) => {
  if (viewer === 'admin') return 'all';
  const rows = (await query(SQL.projectVisibility())).map((row) => ({ id: row.id, visibleTo: json(row.visible_to) }));
  // The bench agent has no access list of its own (null): its region's projects ([] would be none).
  return projectsVisibleToAgent(rows, 'dubai', null).map((row) => row.id);
};
const statusesOf = (viewer) => (viewer === 'admin' ? null : SQL.AGENT_STATUSES);

const notFound = (message) => Object.assign(new Error(message), { status: 404 });

const routes = [
  [
    /^\/api\/projects\/(\d+)\/units$/,
    async (viewer, [id], request, response) => {
      const ids = await visibleIds(viewer);
      if (ids !== 'all' && !ids.includes(Number(id))) throw notFound('Project not found');
      const [row] = await query(SQL.projectById(Number(id)));
      if (!row) throw notFound('Project not found');
      const [version] = await query(SQL.listVersion(row.id, statusesOf(viewer)));
      const etag = `W/"u-${crypto
        .createHash('sha1')
        .update([row.id, viewer, version.count, String(version.newest), version.ids, version.revisions, String(row.updated_at)].join('|'))
        .digest('base64url')}"`;
      response.setHeader('ETag', etag);
      response.setHeader('Cache-Control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return { status: 304 };
      const data = (await query(SQL.unitsOfProject(row.id, statusesOf(viewer)))).map(listUnit);
      return { body: { data, meta: { total: data.length } } };
    },
  ],
  [
    /^\/api\/units\/(\d+)$/,
    async (viewer, [id]) => {
      const [row] = await query(SQL.unitById(Number(id)));
      if (!row) throw notFound('Unit not found');
      const images = await query(SQL.imagesOfUnit(row.id));
      const statuses = statusesOf(viewer);
      const ids = await visibleIds(viewer);
      if ((statuses && !statuses.includes(row.unit_status)) || (ids !== 'all' && !ids.includes(row.project_id))) throw notFound('Unit not found');
      const [summary] = await query(SQL.projectSummary(row.project_id));
      const unit = {
        ...listUnit(row),
        description: row.description,
        features: row.features,
        available: bool(row.available),
        visibleTo: json(row.visible_to),
        isImageSource: bool(row.is_image_source),
        isSourceUnit: bool(row.is_source_unit),
        sharedImagesUnitId: row.shared_images_unit_id,
        useSharedImages: bool(row.use_shared_images),
        createdAt: iso(row.created_at),
        projectId: String(row.project_id),
        images: images.map((image) => ({
          id: image.image_id,
          url: image.url,
          name: image.name,
          featured: Boolean(image.featured),
          isSourceUnit: Boolean(image.is_source_unit),
        })),
        project: { ...summary, visibleTo: json(summary.visible_to), visible_to: undefined },
      };
      return { body: { data: unit } };
    },
  ],
  [
    /^\/api\/projects$/,
    async (viewer) => {
      const ids = await visibleIds(viewer);
      const rows = (await query(SQL.dashboardProjects())).filter((row) => ids === 'all' || ids.includes(row.id));
      const counts = new Map();
      for (const count of await query(SQL.statusCounts(statusesOf(viewer)))) {
        const entry = counts.get(count.project_id) ?? { available: 0, sold: 0, reserved: 0, unavailable: 0, occupied: 0 };
        entry[count.unit_status] = Number(count.count);
        counts.set(count.project_id, entry);
      }
      const data = rows.map((row) => {
        const unitStatusCounts = counts.get(row.id) ?? { available: 0, sold: 0, reserved: 0, unavailable: 0, occupied: 0 };
        return { ...project(row), totalUnits: Object.values(unitStatusCounts).reduce((sum, n) => sum + n, 0), unitStatusCounts };
      });
      return { body: { data, meta: { total: data.length } } };
    },
  ],
];

const server = http.createServer(async (request, response) => {
  try {
    const viewer = tokens[(request.headers.authorization ?? '').replace(/^Bearer /, '')];
    if (!viewer) throw Object.assign(new Error('You must be signed in'), { status: 401 });
    const url = request.url.split('?')[0];
    for (const [pattern, handler] of routes) {
      const match = request.method === 'GET' && pattern.exec(url);
      if (!match) continue;
      const { status = 200, body } = await handler(viewer, match.slice(1), request, response);
      response.statusCode = status;
      if (body === undefined) return response.end();
      return sendJson(request, response, JSON.stringify(body));
    }
    throw notFound('Not Found');
  } catch (error) {
    response.statusCode = error.status ?? 500;
    sendJson(request, response, JSON.stringify({ data: null, error: { status: response.statusCode, message: error.message } }));
  }
});
server.keepAliveTimeout = 65_000;

server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', port: server.address().port, pid: process.pid }));
const stop = () => server.close(() => db.close().then(() => process.exit(0)));
process.on('message', (message) => message?.type === 'stop' && stop());
process.on('disconnect', stop);
