import path from 'node:path';
import { strapiModule } from './strapi-module';

/** Compiles the CMS once for the whole run: parallel files that each compiled would overwrite dist/. */
export default async function setup() {
  process.env.STRAPI_TELEMETRY_DISABLED = 'true';
  await strapiModule.compileStrapi({ appDir: path.resolve(__dirname, '..', '..') });
}
