#!/usr/bin/env node
// Compiles the CMS TypeScript into dist/ without building the admin panel (tests and seed need only this).
'use strict';
process.env.STRAPI_TELEMETRY_DISABLED = 'true';
const { compileStrapi } = require('@strapi/strapi');

compileStrapi({ appDir: require('node:path').join(__dirname, '..') })
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
