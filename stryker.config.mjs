// Mutation testing of the shared rules (types/src/rules): each mutant is a small change to a rule
// (a flipped comparison, an emptied string, a removed condition) that the rules' own unit tests
// must notice. Run with `npm run test:mutation`; the HTML and JSON reports land in reports/mutation/.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: {
    // Only the types project: the root config also holds the web, repo and bench projects.
    configFile: 'types/vitest.mutation.config.mts',
    // Each mutant runs only the test files that import the file it changes.
    related: true,
  },
  // Mutants the compiler would refuse (a string where a number belongs) are not counted as survivors.
  checkers: ['typescript'],
  tsconfigFile: 'types/tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: ['types/src/rules/**/*.ts', '!types/src/rules/**/*.test.ts'],
  coverageAnalysis: 'perTest',
  // The sandbox copies only what the types tests need; node_modules is linked, not copied.
  ignorePatterns: ['/*', '!/types', '!/config', '!/package.json', '/types/dist', '/types/stryker-incremental.json'],
  concurrency: 2,
  checkerNodeArgs: [],
  thresholds: { high: 95, low: 90, break: 95 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Stryker's incremental mode, made for CI: the results of the last full run are committed in
  // types/stryker-incremental.json, and a run tests again only the mutants whose code, or whose
  // covering tests, changed since; it still reports and gates on the whole score. After changing a
  // rule or its tests, run `npm run test:mutation` and commit the file it rewrites;
  // `npm run test:mutation -- --force` tests every mutant again.
  incremental: true,
  incrementalFile: 'types/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
