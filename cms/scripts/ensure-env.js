#!/usr/bin/env node
// Generates the CMS secrets on first run, into cms/.env (git-ignored), so nothing secret is committed.
// Variables already set in the environment or in .env win; only missing ones are added.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const envFile = path.join(__dirname, '..', '.env');
const random = () => crypto.randomBytes(24).toString('base64');
const SECRETS = {
  APP_KEYS: () => [random(), random(), random(), random()].join(','),
  API_TOKEN_SALT: random,
  ADMIN_JWT_SECRET: random,
  TRANSFER_TOKEN_SALT: random,
  JWT_SECRET: random,
  ENCRYPTION_KEY: random,
};

const existing = fs.existsSync(envFile) ? fs.readFileSync(envFile, 'utf8') : '';
const defined = new Set(
  existing
    .split('\n')
    .map((line) => line.match(/^\s*([A-Z0-9_]+)\s*=/))
    .filter(Boolean)
    .map((m) => m[1]),
);
const missing = Object.keys(SECRETS).filter((key) => !process.env[key] && !defined.has(key));
if (missing.length > 0) {
  const lines = missing.map((key) => `${key}=${SECRETS[key]()}`);
  const prefix = existing && !existing.endsWith('\n') ? '\n' : '';
  const header = existing ? '' : '# Generated on first run by cms/scripts/ensure-env.js. Keep it out of git.\n';
  fs.writeFileSync(envFile, `${existing}${prefix}${header}${lines.join('\n')}\n`, { mode: 0o600 });
  console.info(`Generated ${missing.length} secret(s) in cms/.env: ${missing.join(', ')}`);
}
