#!/usr/bin/env node
// `npm run seed`: boots the CMS without serving it and applies the demo seed. Idempotent: it adds
// only what is missing, so it is safe on a database that already holds the demo or real data.
'use strict';
const path = require('node:path');

process.env.STRAPI_TELEMETRY_DISABLED = 'true';
const { compileStrapi, createStrapi } = require('@strapi/strapi');

const main = async () => {
  const appContext = await compileStrapi({ appDir: path.join(__dirname, '..') });
  // The seed below is explicit; the automatic first-start seed would only repeat it.
  process.env.SEED_DEMO = 'false';
  const app = await createStrapi({ ...appContext, autoReload: false, serveAdminPanel: false }).load();
  const { seedDemo } = require(path.join(appContext.distDir, 'src', 'bootstrap', 'seed.js'));
  const report = await seedDemo(app);
  console.info(`Seed complete: ${report.projects} projects, ${report.units} units, ${report.users} portal users and ${report.cmsUsers} CMS user(s) added.`);
  await app.destroy();
};

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
