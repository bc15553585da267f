import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rules that hold the codebase's boundaries (issue #23): database access only in
 * cms/src/db. Each case lints a file as if it stood at a path in the tree, with the repository's own
 * config, and names the rule that must fire (or must not).
 */
const root = path.resolve(__dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

const rulesFiring = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
};

const rawQuery = [
  "import type { Core } from '@strapi/strapi';",
  'export const count = (strapi: Core.Strapi) => strapi.db.connection.raw("select count(*) from units");',
].join('\n');

describe('the data-layer boundary', () => {
  it('refuses strapi.db.connection and a raw query outside cms/src/db', async () => {
    const found = await rulesFiring('cms/src/api/unit/services/example.ts', rawQuery);
    expect(found).toContainEqual(expect.stringMatching(/^no-restricted-syntax: strapi\.db\.connection is the data layer's/));
    expect(found).toContainEqual(expect.stringMatching(/^no-restricted-syntax: Raw SQL lives in cms\/src\/db/));
  });

  it('refuses a driver import and a deep import of the data layer outside cms/src/db', async () => {
    const code = ["import knex from 'knex';", "import pg from 'pg';", "import { tableOf } from '../../../db/tables';", 'export const all = [knex, pg, tableOf];'].join('\n');
    const found = await rulesFiring('cms/src/api/project/services/example.ts', code);
    expect(found.filter((message) => message.startsWith('no-restricted-imports: '))).toHaveLength(3);
  });

  it('lets cms/src/db itself do all of it, and others import the index', async () => {
    expect(await rulesFiring('cms/src/db/example.ts', rawQuery)).toEqual([]);
    const viaIndex = "import { tableOf } from '../../../db';\nexport const table = tableOf;";
    expect(await rulesFiring('cms/src/api/unit/services/example.ts', viaIndex)).toEqual([]);
  });
});
