#!/usr/bin/env node
// `npm run images:backfill` (issue #26): boots the CMS without serving it and gives every stored
// image (unit images and project covers, local or S3) the WebP variants it lacks. Safe to re-run:
// images that have all their variants and no metadata are only looked at. Originals that still carry
// metadata (EXIF with its GPS position, XMP, IPTC, comments: served to every agent) are rewritten without it,
// once; `--keep-originals` leaves every original as it is and only adds variants.
'use strict';
const path = require('node:path');

process.env.STRAPI_TELEMETRY_DISABLED = 'true';
const { compileStrapi, createStrapi } = require('@strapi/strapi');

const main = async () => {
  const strip = !process.argv.includes('--keep-originals');
  const appContext = await compileStrapi({ appDir: path.join(__dirname, '..') });
  process.env.SEED_DEMO = 'false';
  const app = await createStrapi({ ...appContext, autoReload: false, serveAdminPanel: false }).load();
  app.log.level = 'warn';
  let last = 0;
  const report = await app.service('api::unit-image.image-backfill').run({
    strip,
    onProgress: (done, total, so) => {
      // A line every 2% (and the last one), not one per image.
      if (done === total || done - last >= Math.max(1, Math.floor(total / 50))) {
        last = done;
        console.info(
          `Images: ${done}/${total} checked, ${so.made} given variants, ${so.complete} already complete, ${so.missing} missing, ${so.failed} failed`,
        );
      }
    },
  });
  console.info(
    report.checked === 0
      ? 'No stored images to backfill.'
      : `Backfill complete: ${report.checked} images checked, ${report.made} given variants${strip ? ' or stripped' : ''}, ${report.complete} already complete, ${report.missing} missing, ${report.failed} failed.`,
  );
  await app.destroy();
  return report.failed === 0;
};

main()
  .then((ok) => process.exit(ok ? 0 : 1))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
