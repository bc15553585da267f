import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * An agent's screens download no admin code (issue #26: an agent's phone, Lighthouse on the agent
 * pages). What a route imports statically comes with its chunk; admin code belongs behind an
 * `import()` or in an admin route. This walks the static imports of the agent routes through web/src
 * and, for '@repo/types', to the modules that define the names imported, and finds no form library,
 * no CSV parser, no zod and no admin-only feature module on the way.
 */

const SRC = path.resolve(__dirname, '../../..');
const TYPES_SRC = path.resolve(SRC, '../../types/src');
const AGENT_ROUTES = ['app/routes/agent/dashboard.tsx', 'app/routes/agent/project.tsx', 'app/routes/agent/unit.tsx'];

/** Packages only admin screens use. */
const ADMIN_PACKAGES = ['react-hook-form', '@hookform/resolvers', 'zod', 'papaparse'];
/** web/src modules only admin screens use. */
const ADMIN_MODULES = [
  /^features\/csv\//,
  /^features\/notifications\//,
  /^features\/unit-images\//,
  /^features\/users\//,
  /^features\/sold-units\//,
  /^features\/insights\//,
  /^features\/projects\/components\/property-form/,
  /^features\/units\/components\/unit-(form|edit-form|fields)/,
  /^features\/units\/hooks\/use-unit-form/,
];

interface Import {
  from: string;
  /** The values imported by name (type-only ones left out); null for a namespace, default or bare import. */
  names: string[] | null;
}

/** The static, value-carrying imports and re-exports of a module (`import type` and `import()` carry no code). */
const staticImports = (source: string): Import[] => {
  const found: Import[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?([\s\S]*?)\s*from\s+'([^']+)';/gm)) {
    const [, typeOnly, clause, from] = match;
    if (typeOnly) continue;
    const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
    if (!braces) {
      found.push({ from, names: null });
      continue;
    }
    const names = braces[1]
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0]);
    if (names.length > 0) found.push({ from, names });
  }
  for (const match of source.matchAll(/^import\s+'([^']+)';/gm)) found.push({ from: match[1], names: null });
  return found;
};

const resolveFile = (base: string) => ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((file) => fs.existsSync(file)) ?? null;

const typesModules = fs
  .readdirSync(TYPES_SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts')
  .map((file) => path.join(TYPES_SRC, file));

/** The types module that defines an exported value. */
const definingModule = (name: string) =>
  typesModules.find((file) => new RegExp(`^export (const|function|class|enum) ${name}\\b`, 'm').test(fs.readFileSync(file, 'utf8')));

/** A types module that builds a zod schema at its top level keeps zod in the bundle whatever is imported from it. */
const buildsSchemasOnLoad = (file: string) => /^(export )?const \w+[^=\n]*=\s*z\b/m.test(fs.readFileSync(file, 'utf8'));

/** The text of an exported value's definition, up to the next top-level statement. */
const definitionUsesZod = (file: string, name: string) => {
  const source = fs.readFileSync(file, 'utf8');
  const start = new RegExp(`^export (const|function|class|enum) ${name}\\b`, 'm').exec(source)?.index ?? -1;
  if (start < 0) return false;
  const rest = source.slice(start + 1);
  const end = /^(export |const |function |\/\*\*)/m.exec(rest)?.index ?? rest.length;
  return /\bz\./.test(rest.slice(0, end));
};

/** The names imported from each types module. */
const usedNames = new Map<string, string[]>();

/** Every module and package the agent routes reach through static imports. */
const reached = () => {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const queue = AGENT_ROUTES.map((route) => path.join(SRC, route));
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    queue.push(file);
  };
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const { from, names } of staticImports(fs.readFileSync(file, 'utf8'))) {
      if (from === '@repo/types') {
        // The types index re-exports every module; the bundle keeps those that define what is used.
        for (const name of names ?? []) {
          const defining = definingModule(name);
          if (!defining) throw new Error(`No types module defines ${name} (imported by ${path.relative(SRC, file)})`);
          usedNames.set(defining, [...(usedNames.get(defining) ?? []), name]);
          visit(defining);
        }
      } else if (from.startsWith('@/') || from.startsWith('.')) {
        const base = from.startsWith('@/') ? path.join(SRC, from.slice(2)) : path.resolve(path.dirname(file), from);
        const target = resolveFile(base);
        if (!target) throw new Error(`Cannot resolve ${from} from ${path.relative(SRC, file)}`);
        visit(target);
      } else if (from === 'zod' && file.startsWith(TYPES_SRC)) {
        if (buildsSchemasOnLoad(file) || usedNames.get(file)?.some((name) => definitionUsesZod(file, name))) packages.add('zod');
      } else packages.add(from.startsWith('@') ? from.split('/').slice(0, 2).join('/') : from.split('/')[0]);
    }
  }
  return { modules: [...modules].map((file) => path.relative(SRC, file)), packages: [...packages] };
};

describe("an agent's screens", () => {
  const { modules, packages } = reached();

  it('walk a real import graph (the routes, the units list, the unit page, the shared contract)', () => {
    expect(modules).toEqual(
      expect.arrayContaining(['features/units/components/units-section.tsx', 'features/units/components/unit-detail.tsx', '../../types/src/rules/format.ts']),
    );
    expect(packages).toEqual(expect.arrayContaining(['@chakra-ui/react', 'react', 'react-router-dom']));
  });

  it('import no admin-only package', () => {
    expect(packages.filter((name) => ADMIN_PACKAGES.includes(name))).toEqual([]);
  });

  it('import no admin-only module of the portal', () => {
    expect(modules.filter((file) => ADMIN_MODULES.some((pattern) => pattern.test(file)))).toEqual([]);
  });
});
