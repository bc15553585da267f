// The read paths: the 5,000-unit list, its 304 revalidation, the dashboard, and 50 agents at once.
import autocannon from 'autocannon';
import { BROWSER_ACCEPT_ENCODING, figure, interleaved, median, percentile, request, round, time } from './measure.mjs';
import * as SQL from './sql.mjs';

const expectStatus = (response, status, what) => {
  if (response.status !== status) throw new Error(`${what} answered ${response.status} instead of ${status}: ${response.text.slice(0, 300)}`);
  return response;
};

/**
 * A real change committed by the bench's own connection (a unit's revision): on SQLite the portal
 * keeps its aggregates until the database changes (cms/src/db/sqlite-reader.ts,
 * readCommittedUntilChanged), so a read right after this one computes them again.
 */
const changeUnit = (ctx, unitId) => ctx.db.run('UPDATE units SET revision = COALESCE(revision, 1) + 1 WHERE id = ?', [unitId]);

/** The same change to a unit outside the big project. */
const changeElsewhere = (ctx) => changeUnit(ctx, ctx.probeUnitId);

/** A row of the table: the portal's figure against its baseline's, and whether the target holds. */
export const row = ({ id, path, portal, baseline, baselineName, unit = 'ms', limit, target, pass, note }) => {
  const ratio = Number.isFinite(portal) && Number.isFinite(baseline) && baseline > 0 ? portal / baseline : null;
  const verdict = pass !== undefined ? pass : limit === undefined ? null : ratio !== null && ratio <= limit;
  return {
    id,
    path,
    portal: figure(portal),
    baseline: figure(baseline),
    baselineName,
    unit,
    ratio: figure(ratio),
    target: target ?? (limit === undefined ? '—' : `≤ ${limit}x`),
    result: verdict === null ? 'INFO' : verdict ? 'PASS' : 'MISS',
    note: note ?? '',
  };
};

/**
 * All units of the big project in one authenticated request, and its 304 revalidation. The portal
 * keeps the text of a list version it has sent (cms/src/api/unit/lib/list-cache.ts), so the full
 * GET is timed twice: right after a change to the list (a version nobody has been sent: the rows
 * read and serialized, the target's row) and again unchanged (the held text).
 */
export const measureList = async (ctx) => {
  const path = `/api/projects/${ctx.bigProject.id}/units`;
  const [{ id: listUnitId }] = await ctx.db.query('SELECT id FROM units WHERE project_id = ? ORDER BY id LIMIT 1', [ctx.bigProject.id]);
  const changeList = () => changeUnit(ctx, listUnitId);
  const portalGet = (headers = {}) => request(ctx.portal.baseUrl, { path, headers: { ...ctx.portal.admin, ...headers } });
  const bareGet = (headers = {}) => request(ctx.bare.baseUrl, { path, headers: { ...ctx.bare.admin, ...headers } });
  const first = expectStatus(await portalGet(), 200, 'The portal list');
  const bareFirst = expectStatus(await bareGet(), 200, 'The bare list');
  const total = JSON.parse(first.text).meta.total;
  if (total !== ctx.bigProject.units || JSON.parse(bareFirst.text).meta.total !== total) {
    throw new Error(`The list holds ${total} units, the bare server's ${JSON.parse(bareFirst.text).meta.total}; expected ${ctx.bigProject.units}`);
  }
  const full = await interleaved(
    {
      portal: async () => {
        await changeList();
        return expectStatus(await portalGet(), 200, 'The portal list');
      },
      bare: async () => {
        await changeList();
        return expectStatus(await bareGet(), 200, 'The bare list');
      },
    },
    { rounds: ctx.rounds.list, warmup: 3 },
  );
  const held = await interleaved(
    { portal: async () => expectStatus(await portalGet(), 200, 'The portal list'), bare: async () => expectStatus(await bareGet(), 200, 'The bare list') },
    { rounds: ctx.rounds.list, warmup: 3 },
  );
  // The tags of the list as it stands now, after the changes above.
  const portalTag = { 'If-None-Match': expectStatus(await portalGet(), 200, 'The portal list').headers.etag };
  const bareTag = { 'If-None-Match': expectStatus(await bareGet(), 200, 'The bare list').headers.etag };
  const revalidate = await interleaved(
    {
      portal: async () => expectStatus(await portalGet(portalTag), 304, 'The portal revalidation'),
      bare: async () => expectStatus(await bareGet(bareTag), 304, 'The bare revalidation'),
    },
    { rounds: ctx.rounds.revalidate, warmup: ctx.rounds.revalidateWarmup },
  );
  const afterChange = await interleaved(
    {
      portal: async () => {
        await changeElsewhere(ctx);
        return expectStatus(await portalGet(portalTag), 304, 'The portal revalidation');
      },
      bare: async () => {
        await changeElsewhere(ctx);
        return expectStatus(await bareGet(bareTag), 304, 'The bare revalidation');
      },
    },
    { rounds: ctx.rounds.revalidateAfterChange, warmup: 5 },
  );
  const kb = (bytes) => `${Math.round(bytes / 1024)} KiB`;
  return [
    row({
      id: 'list',
      path: `All ${total.toLocaleString('en-US')} units of one project, one request, each after a change to one of them (p50)`,
      portal: median(full.portal),
      baseline: median(full.bare),
      baselineName: 'bare http + driver server, same SQL',
      limit: 2.5,
      note: `p95 ${round(percentile(full.portal, 95), 1)} vs ${round(percentile(full.bare, 95), 1)} ms; body ${kb(first.bytes)} vs ${kb(bareFirst.bytes)}, sent ${kb(first.wireBytes)} (${first.headers['content-encoding'] ?? 'identity'}) vs ${kb(bareFirst.wireBytes)} (${bareFirst.headers['content-encoding'] ?? 'identity'}); n=${full.portal.length}`,
    }),
    row({
      id: 'list-held',
      path: 'The same list again, unchanged since the portal sent it (p50)',
      portal: median(held.portal),
      baseline: median(held.bare),
      baselineName: 'bare http + driver server, same SQL',
      note: `for reference: the portal sends the text it keeps for this version; the bare server reads the rows again; p95 ${round(percentile(held.portal, 95), 1)} vs ${round(percentile(held.bare, 95), 1)} ms; n=${held.portal.length}`,
    }),
    row({
      id: 'revalidate',
      path: 'The same list revalidated with its ETag: 304 (p50)',
      portal: median(revalidate.portal),
      baseline: median(revalidate.bare),
      baselineName: "bare server's 304 (same version query)",
      limit: 1.5,
      note: `p95 ${round(percentile(revalidate.portal, 95), 2)} vs ${round(percentile(revalidate.bare, 95), 2)} ms; n=${revalidate.portal.length}`,
    }),
    row({
      id: 'revalidate-after-change',
      path: 'The same 304, each right after a change to another project (p50)',
      portal: median(afterChange.portal),
      baseline: median(afterChange.bare),
      baselineName: "bare server's 304, after the same change",
      note: `for reference: on SQLite the list's version is read again, not kept; n=${afterChange.portal.length}`,
    }),
  ];
};

/** The dashboard: every card with its status counts, one request, against the raw GROUP BY. */
export const measureDashboard = async (ctx) => {
  const counts = SQL.statusCounts(null);
  const portalGet = async () => expectStatus(await request(ctx.portal.baseUrl, { path: '/api/projects', headers: ctx.portal.admin }), 200, 'The dashboard');
  const first = JSON.parse((await portalGet()).text);
  if (first.data.length !== ctx.projects.length) throw new Error(`The dashboard shows ${first.data.length} projects, expected ${ctx.projects.length}`);
  const samples = await interleaved(
    {
      portal: portalGet,
      groupBy: () => time(() => ctx.db.query(counts.sql, counts.params)),
      bare: async () => expectStatus(await request(ctx.bare.baseUrl, { path: '/api/projects', headers: ctx.bare.admin }), 200, 'The bare dashboard'),
    },
    { rounds: ctx.rounds.dashboard, warmup: 3 },
  );
  const afterChange = await interleaved(
    {
      portal: async () => {
        await changeElsewhere(ctx);
        return portalGet();
      },
      groupBy: async () => {
        await changeElsewhere(ctx);
        return time(() => ctx.db.query(counts.sql, counts.params));
      },
    },
    { rounds: ctx.rounds.dashboard, warmup: 3 },
  );
  return [
    row({
      id: 'dashboard',
      path: `Dashboard: ${first.data.length} cards with status counts, one request (p50)`,
      portal: median(samples.portal),
      baseline: median(samples.groupBy),
      baselineName: 'raw GROUP BY through the driver',
      limit: 2,
      note: `p95 ${round(percentile(samples.portal, 95), 1)} vs ${round(percentile(samples.groupBy, 95), 1)} ms; n=${samples.portal.length}`,
    }),
    row({
      id: 'dashboard-bare',
      path: 'Dashboard, against the bare server (p50)',
      portal: median(samples.portal),
      baseline: median(samples.bare),
      baselineName: 'bare http + driver server, same SQL',
      note: 'for reference: the HTTP and JSON share of the dashboard',
    }),
    row({
      id: 'dashboard-after-change',
      path: 'Dashboard, each right after a change to a unit (p50)',
      portal: median(afterChange.portal),
      baseline: median(afterChange.groupBy),
      baselineName: 'raw GROUP BY through the driver, after the same change',
      note: `for reference: on SQLite the counts are read again, not kept; p95 ${round(percentile(afterChange.portal, 95), 1)} vs ${round(percentile(afterChange.groupBy, 95), 1)} ms`,
    }),
  ];
};

const cannon = (options) =>
  new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

/** 50 agents at once for `duration` s on project lists and single units; the same on the bare server. */
export const measureLoad = async (ctx) => {
  const { listPaths, unitPaths } = ctx.agentTargets;
  const run = (baseUrl, headers) => {
    let list = 0;
    let unit = 0;
    return cannon({
      url: baseUrl,
      connections: ctx.load.connections,
      duration: ctx.load.duration,
      // As browsers ask: both servers compress what is above their threshold.
      headers: { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING, ...headers },
      requests: [
        { method: 'GET', setupRequest: (req) => ({ ...req, path: listPaths[(list += 1) % listPaths.length] }) },
        { method: 'GET', setupRequest: (req) => ({ ...req, path: unitPaths[(unit = (unit + 7919) % unitPaths.length)] }) },
      ],
    });
  };
  const portal = await run(ctx.portal.baseUrl, ctx.portal.agent);
  const bare = await run(ctx.bare.baseUrl, ctx.bare.agent);
  const failures = (result) => result.errors + result.timeouts + result.non2xx;
  const summary = (result) =>
    `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ${failures(result)} errors/timeouts/non-2xx of ${result.requests.total}`;
  return [
    row({
      id: 'load',
      path: `${ctx.load.connections} agents for ${ctx.load.duration} s: project list + single unit (p99)`,
      portal: portal.latency.p99,
      baseline: bare.latency.p99,
      baselineName: 'bare server, same load',
      target: '0 errors; p99 next to bare',
      pass: failures(portal) === 0 && portal.requests.total > 0,
      note: `portal ${summary(portal)}; bare ${summary(bare)}`,
    }),
  ];
};
