// The CSV import of 10,000 rows against the raw INSERT, and a small GET and a 304 answered while
// imports run.
import crypto from 'node:crypto';
import { importCsv, importFields, unitRow } from './data.mjs';
import { interleaved, median, percentile, request, round, runQueueWaitMs, time } from './measure.mjs';
import { row } from './paths-read.mjs';
import { BENCH_ACTOR, json } from './paths-write.mjs';
import * as SQL from './sql.mjs';

const removeUnits = async (ctx, projectId) => {
  for (const statement of SQL.deleteProjectUnits(projectId)) await ctx.cleanup.run(statement.sql, statement.params);
};

/** POST /api/projects/:id/units/import, multipart/form-data with the file, on a connection of its own. */
const portalImport = async (ctx, projectId, csv) => {
  const boundary = `----bench${crypto.randomBytes(12).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-units.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = { ...ctx.portal.admin, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(body.length) };
  return json(
    await request(ctx.portal.baseUrl, { method: 'POST', path: `/api/projects/${projectId}/units/import`, headers, body, fresh: true }),
    200,
    'The import',
  ).data;
};

/** Document ids as Strapi makes them: 24 lowercase letters and digits. */
const documentIds = (count) =>
  Array.from({ length: count }, () =>
    crypto
      .randomBytes(18)
      .toString('base64url')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')
      .slice(0, 24),
  );

/** History entries in multi-row INSERTs of 1,000 (as unit-history's recordMany writes them). */
async function insertHistory(tx, entries, now) {
  const ids = documentIds(entries.length);
  for (let start = 0; start < entries.length; start += SQL.INSERT_CHUNK_ROWS) {
    const insert = SQL.historyInsert(entries.slice(start, start + SQL.INSERT_CHUNK_ROWS), ids.slice(start, start + SQL.INSERT_CHUNK_ROWS), now, BENCH_ACTOR);
    await tx.run(insert.sql, insert.params);
  }
}

/**
 * The same rows as the import, written by one transaction of multi-row INSERTs (1,000 rows each).
 * `withHistory` also writes a 'created' entry per unit, as the portal does (the same SQL work).
 */
const rawInsert = (ctx, projectId, fields, { withHistory = false } = {}) =>
  ctx.db.transaction(async (tx) => {
    const rows = fields.map((unit) => unitRow(unit, projectId, ['dubai']));
    const ids = documentIds(rows.length);
    const now = new Date();
    const created = [];
    for (let start = 0; start < rows.length; start += SQL.INSERT_CHUNK_ROWS) {
      const insert = SQL.unitInsert(rows.slice(start, start + SQL.INSERT_CHUNK_ROWS), ids.slice(start, start + SQL.INSERT_CHUNK_ROWS), now);
      if (withHistory) created.push(...(await tx.query(`${insert.sql} RETURNING id, unit_number, unit_status, price`, insert.params)));
      else await tx.run(insert.sql, insert.params);
    }
    if (withHistory) {
      const entries = created.map((unit) => ({
        unitId: unit.id,
        projectId,
        unitNumber: unit.unit_number,
        action: 'created',
        before: null,
        after: { status: unit.unit_status, price: unit.price },
      }));
      await insertHistory(tx, entries, now);
    }
  });

/** CSV import through the portal (multipart upload, parse, validate, write units and history) against the raw INSERT. */
export const measureImport = async (ctx) => {
  const project = json(
    await request(ctx.portal.baseUrl, {
      method: 'POST',
      path: '/api/projects',
      headers: { ...ctx.portal.admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Import', location: 'Dubai Marina, Dubai', visibleTo: ['dubai'] }),
    }),
    201,
    'Creating the import project',
  ).data;
  const fields = importFields(ctx.scale.importRows);
  const csv = importCsv(fields);
  const samples = await interleaved(
    {
      portal: async () => {
        const { ms, value } = await time(() => portalImport(ctx, project.id, csv));
        if (value.imported !== fields.length) throw new Error(`The import wrote ${value.imported} of ${fields.length} units: ${value.message}`);
        await removeUnits(ctx, project.id);
        return ms;
      },
      raw: async () => {
        const { ms } = await time(() => rawInsert(ctx, project.id, fields));
        await removeUnits(ctx, project.id);
        return ms;
      },
      audited: async () => {
        const { ms } = await time(() => rawInsert(ctx, project.id, fields, { withHistory: true }));
        await removeUnits(ctx, project.id);
        return ms;
      },
    },
    { rounds: ctx.rounds.import, warmup: 1 },
  );

  // More imports (rounds.isolation), with two small authenticated GETs sent in turn again and again
  // while each runs: a unit (read through Strapi's query engine) and the big project's list
  // revalidated with its ETag (the session, project and version reads, hand-written). On SQLite both
  // read on the CMS's read-only second connection, so what they wait for is the import's own work on
  // the event loop. One import gives some 50 answers, whose p95 is their third-worst; the samples of
  // all the imports are pooled.
  const listPath = `/api/projects/${ctx.bigProject.id}/units`;
  const { etag } = (await request(ctx.portal.baseUrl, { path: listPath, headers: ctx.portal.admin })).headers;
  const probes = {
    unit: async () => (await request(ctx.portal.baseUrl, { path: `/api/units/${ctx.probeUnitId}`, headers: ctx.portal.admin })).ms,
    revalidate: async () => {
      const response = await request(ctx.portal.baseUrl, { path: listPath, headers: { ...ctx.portal.admin, 'If-None-Match': etag } });
      if (response.status !== 304) throw new Error(`The list's revalidation answered ${response.status}, not 304`);
      return response.ms;
    },
  };
  // Idle and loaded windows alternate, as portal and baseline do elsewhere: before each import, after a
  // pause for the last clean-up to settle, an idle window of rounds.probe / rounds.isolation probe
  // pairs; then the import with the probes running. Both windows pace the probes alike (a pair, then
  // 5 ms), so a busy moment of the box hits both, and the idle p95 is not one early stretch's.
  const idle = { unit: [], revalidate: [] };
  const during = { unit: [], revalidate: [] };
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  // What the portal's main thread waited on the run queue during each probe (Linux's schedstat), idle
  // and during imports: the share of a slow answer that is the machine's scheduling, not the portal's
  // work (bench/README.md, 'Rows near their line').
  const queued = { idle: [], during: [] };
  /** One unit GET and one 304 (the latter skipped once `going` turns false), then 5 ms. */
  const probePair = async (into, going = () => true) => {
    for (const [name, probe] of Object.entries(probes)) {
      if (!going()) continue;
      const before = runQueueWaitMs(ctx.portal.pid);
      into[name].push(await probe());
      const after = runQueueWaitMs(ctx.portal.pid);
      if (before !== null && after !== null) queued[into === idle ? 'idle' : 'during'].push(after - before);
    }
    await pause(5);
  };
  const idlePairs = Math.ceil(ctx.rounds.probe / ctx.rounds.isolation);
  const importMs = [];
  for (let round = 0; round < ctx.rounds.isolation; round += 1) {
    await pause(250);
    for (let pair = 0; pair < idlePairs; pair += 1) await probePair(idle);
    let running = true;
    const importing = portalImport(ctx, project.id, csv).finally(() => {
      running = false;
    });
    const { ms } = await time(async () => {
      while (running) await probePair(during, () => running);
      await importing;
    });
    importMs.push(Math.round(ms));
    await removeUnits(ctx, project.id);
  }
  const duringNote = (name) =>
    `${during[name].length} answered during ${importMs.length} import(s) of ${importMs.join(', ')} ms; max ${round(Math.max(...during[name]), 1)} ms, p50 ${round(median(during[name]), 1)} vs idle p50 ${round(median(idle[name]), 1)} ms`;
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const queuedNote =
    queued.idle.length > 0 && queued.during.length > 0
      ? `; the portal's main thread waited on the run queue ${round(mean(queued.during), 2)} ms a request (GET or 304) on average during imports (p95 ${round(percentile(queued.during, 95), 2)}), ${round(mean(queued.idle), 2)} idle (p95 ${round(percentile(queued.idle, 95), 2)})`
      : '';
  const kb = Math.round(Buffer.byteLength(csv) / 1024);
  return [
    row({
      id: 'import',
      path: `CSV import of ${fields.length.toLocaleString('en-US')} rows, multipart upload (median)`,
      portal: median(samples.portal),
      baseline: median(samples.raw),
      baselineName: 'one-transaction multi-row INSERT of the same rows',
      limit: 3,
      note: `${kb} KiB file; runs ${samples.portal.map((ms) => Math.round(ms)).join(', ')} vs ${samples.raw.map((ms) => Math.round(ms)).join(', ')} ms`,
    }),
    row({
      id: 'import-sql',
      path: `CSV import of ${fields.length.toLocaleString('en-US')} rows, against the same SQL work (median)`,
      portal: median(samples.portal),
      baseline: median(samples.audited),
      baselineName: 'raw INSERT of the units and their history, one transaction',
      note: 'for reference: the share of the portal beyond its SQL (upload, parse, validation)',
    }),
    row({
      id: 'import-isolation',
      path: 'GET /api/units/:id while an import runs (p95)',
      portal: percentile(during.unit, 95),
      baseline: percentile(idle.unit, 95),
      baselineName: 'the same GET, idle (p95)',
      limit: 2,
      pass: during.unit.length > 0 && percentile(during.unit, 95) <= 2 * percentile(idle.unit, 95),
      target: '≤ 2x idle',
      note: duringNote('unit'),
    }),
    row({
      id: 'import-isolation-304',
      path: `The ${ctx.bigProject.units.toLocaleString('en-US')}-unit list revalidated (304) while an import runs (p95)`,
      portal: percentile(during.revalidate, 95),
      baseline: percentile(idle.revalidate, 95),
      baselineName: 'the same 304, idle (p95)',
      limit: 2,
      pass: during.revalidate.length > 0 && percentile(during.revalidate, 95) <= 2 * percentile(idle.revalidate, 95),
      target: '≤ 2x idle',
      note: `hand-written reads only; ${duringNote('revalidate')}${queuedNote}`,
    }),
  ];
};
