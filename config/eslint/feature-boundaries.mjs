import path from 'node:path';

/**
 * web/src/features/<feature> is one room (issue #23, STYLE's bulletproof-react layout): a feature
 * may import the shared parts (components/, hooks/, lib/, the contract in @repo/types) and its own
 * files, never another feature's. Screens that need two features compose them in app/routes, or
 * the app fills a slot (lib/unit-form-images.tsx). The import is resolved, so '../../unit-images/x',
 * '../../../features/unit-images/x' and '@/features/unit-images/x' are the same import to this rule.
 */
const featureOf = (file, featuresDir) => {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] || null;
};

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A web feature imports no other feature' },
    schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, required: ['srcDir'], additionalProperties: false }],
    messages: {
      crossFeature: 'features/{{from}} imports features/{{to}}: compose the two in app/routes, or move what they share to components/, hooks/ or lib/.',
    },
  },
  create(context) {
    const srcDir = path.resolve(context.cwd, context.options[0].srcDir);
    const featuresDir = path.join(srcDir, 'features');
    const from = featureOf(context.filename, featuresDir);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      let target = null;
      if (source.startsWith('@/')) target = path.join(srcDir, source.slice(2));
      else if (source.startsWith('.')) target = path.resolve(path.dirname(context.filename), source);
      if (!target) return;
      const to = featureOf(target, featuresDir);
      if (to && to !== from) context.report({ node: node.source, messageId: 'crossFeature', data: { from, to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
