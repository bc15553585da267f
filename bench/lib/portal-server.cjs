// The real portal for the bench, in a child process of its own: Strapi from the compiled CMS
// (cms/dist, as `strapi start` runs it), serving PORTAL_DIST, on a free loopback port. On first boot
// it generates the bench data through the CMS's own set-based insert (cms/src/db/bulk-insert.ts),
// then tells the parent its port and the ids it made. CommonJS: Strapi's ESM build cannot be loaded.
'use strict';
const path = require('node:path');

const cmsDir = path.resolve(__dirname, '..', '..', 'cms');
const { createStrapi } = require(require.resolve('@strapi/strapi', { paths: [cmsDir] }));

const seedUsers = async (strapi) => {
  const { BENCH_PASSWORD, BENCH_USERS: USERS } = await import('./data.mjs');
  const roles = await strapi.db.query('plugin::users-permissions.role').findMany({ where: { type: { $in: ['admin', 'agent'] } } });
  const service = strapi.plugin('users-permissions').service('user');
  for (const user of Object.values(USERS)) {
    await service.add({
      username: user.email,
      email: user.email,
      provider: 'local',
      password: BENCH_PASSWORD,
      confirmed: true,
      blocked: false,
      role: roles.find((role) => role.type === user.role).id,
      firstName: 'Bench',
      lastName: user.role,
      displayName: `Bench ${user.role}`,
      phoneNumber: '+97150000099',
      agentType: user.agentType,
      // None assigned: the agent type's projects (spec §4); [] would be no project at all.
      visibleProjects: null,
      twoFactorEnabled: false,
    });
  }
};

/** Projects, then each project's units in chunked multi-row INSERTs, in one transaction. */
const seedInventory = async (strapi, scale) => {
  const { projectRow, unitsPerProject, unitFields, unitRow } = await import('./data.mjs');
  const { bulkInsert } = require(path.join(cmsDir, 'dist', 'src', 'db', 'index.js'));
  const counts = unitsPerProject(scale);
  return strapi.db.transaction(async ({ trx }) => {
    const projects = await bulkInsert(
      strapi,
      trx,
      'api::project.project',
      counts.map((_, index) => projectRow(index)),
      ['id'],
    );
    const made = [];
    for (const [index, { id }] of projects.entries()) {
      const visibleTo = projectRow(index).visibleTo;
      const rows = Array.from({ length: counts[index] }, (_, unit) => unitRow(unitFields(unit), Number(id), visibleTo));
      await bulkInsert(strapi, trx, 'api::unit.unit', rows);
      made.push({ id: Number(id), units: counts[index] });
    }
    return made;
  });
};

/** BENCH_SQL_TIMING=true: the time of each kind of statement (from knex's query events), logged when the portal stops. */
const timeStatements = (strapi) => {
  const open = new Map();
  const totals = new Map();
  const knex = strapi.db.connection;
  knex.on('query', (query) => open.set(query.__knexQueryUid, process.hrtime.bigint()));
  knex.on('query-response', (_response, query) => {
    const started = open.get(query.__knexQueryUid);
    if (started === undefined) return;
    open.delete(query.__knexQueryUid);
    const key = query.sql.replace(/\((\?|\$\d+)(, (\?|\$\d+))*\)(, \((\?|\$\d+)(, (\?|\$\d+))*\))*/g, '(...)').slice(0, 140);
    const entry = totals.get(key) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += Number(process.hrtime.bigint() - started) / 1e6;
    totals.set(key, entry);
  });
  return () => {
    const lines = [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40);
    console.info(
      `SQL time by statement:\n${lines.map(([sql, { count, ms }]) => `${ms.toFixed(0).padStart(8)} ms ${String(count).padStart(6)}x  ${sql}`).join('\n')}`,
    );
  };
};

const main = async () => {
  const scale = JSON.parse(process.env.BENCH_SCALE_JSON);
  const strapi = await createStrapi({ appDir: cmsDir, distDir: path.join(cmsDir, 'dist'), autoReload: false, serveAdminPanel: false }).load();
  if (process.env.BENCH_QUIET_LOG === 'true') strapi.log.level = 'warn';
  const started = Date.now();
  const existing = await strapi.db.query('api::project.project').count({});
  let projects = null;
  if (existing === 0) {
    await seedUsers(strapi);
    projects = await seedInventory(strapi, scale);
  }
  const seedMs = Date.now() - started;
  const reportStatements = process.env.BENCH_SQL_TIMING === 'true' ? timeStatements(strapi) : () => {};
  await strapi.server.mount();
  await new Promise((resolve) => strapi.server.httpServer.listen(0, '127.0.0.1', resolve));
  const stop = async () => {
    reportStatements();
    await strapi.destroy();
    process.exit(0);
  };
  process.on('message', (message) => {
    if (message && message.type === 'stop') stop();
  });
  process.on('disconnect', stop);
  process.send({ type: 'ready', port: strapi.server.httpServer.address().port, projects, seedMs, pid: process.pid });
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
