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
    const code = [
      "import knex from 'knex';",
      "import pg from 'pg';",
      "import { tableOf } from '../../../db/tables';",
      'export const all = [knex, pg, tableOf];',
    ].join('\n');
    const found = await rulesFiring('cms/src/api/project/services/example.ts', code);
    expect(found.filter((message) => message.startsWith('no-restricted-imports: '))).toHaveLength(3);
  });

  it('lets cms/src/db itself do all of it, and others import the index', async () => {
    expect(await rulesFiring('cms/src/db/example.ts', rawQuery)).toEqual([]);
    const viaIndex = "import { tableOf } from '../../../db';\nexport const table = tableOf;";
    expect(await rulesFiring('cms/src/api/unit/services/example.ts', viaIndex)).toEqual([]);
  });
});

describe("the web features' boundary", () => {
  const crossFeature = /^portal\/feature-boundaries: features\/units imports features\/unit-images/;

  it('refuses a feature importing another, however the path is written', async () => {
    for (const source of [
      '../../unit-images/components/unit-form-images',
      '../../../features/unit-images/utils/form-images',
      '@/features/unit-images/hooks/use-save-form-images',
    ]) {
      const found = await rulesFiring('web/src/features/units/components/example.tsx', `import { x } from '${source}';\nexport const y = x;`);
      expect(found, source).toContainEqual(expect.stringMatching(crossFeature));
    }
    const reExport = await rulesFiring('web/src/features/units/utils/example.ts', "export { x } from '../../unit-images/utils/messages';");
    expect(reExport).toContainEqual(expect.stringMatching(crossFeature));
    const lazy = await rulesFiring(
      'web/src/features/units/components/example.tsx',
      "export const load = () => import('../../unit-images/components/image-manager');",
    );
    expect(lazy).toContainEqual(expect.stringMatching(crossFeature));
  });

  it('lets a feature import its own files and the shared parts, and the app compose features', async () => {
    const own =
      "import { a } from '../utils/messages';\nimport { b } from '@/components/ui/toaster';\nimport { c } from '@/lib/unit-form-images';\nexport const all = [a, b, c];";
    expect(await rulesFiring('web/src/features/units/components/example.tsx', own)).toEqual([]);
    const route =
      "import { a } from '@/features/units/components/unit-detail';\nimport { b } from '@/features/unit-images/components/image-manager';\nexport const all = [a, b];";
    expect(await rulesFiring('web/src/app/routes/admin/example.tsx', route)).toEqual([]);
  });
});

describe("the web's @/ alias", () => {
  const tooDeep = /^no-restricted-(imports|syntax): .*Climbing three folders or more: import from '@\/' \(web\/src\) instead\.$/;

  it('refuses an import that climbs three folders or more, static, re-exported or lazy', async () => {
    const file = 'web/src/features/units/components/example.tsx';
    const found = await rulesFiring(file, "import { b } from '../../../components/ui/toaster';\nexport const all = [b];");
    expect(found).toContainEqual(expect.stringMatching(tooDeep));
    expect(await rulesFiring(file, "export { x } from '../../../../lib/theme';")).toContainEqual(expect.stringMatching(tooDeep));
    expect(await rulesFiring(file, "export const load = () => import('../../../lib/lazy');")).toContainEqual(expect.stringMatching(tooDeep));
  });

  it('lets the same import through written from @/, and a path one or two folders up', async () => {
    const file = 'web/src/features/units/components/stacking-plan/example.tsx';
    const code =
      "import { b } from '@/components/ui/toaster';\nimport { c } from '../../utils/messages';\nimport { d } from '../plan-cell';\nexport const all = [b, c, d];";
    expect(await rulesFiring(file, code)).toEqual([]);
  });
});
