import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * HTML typed into a text field (a unit description, a project name, a user's name) must render as
 * text in the portal (issue #9 item 3, security plan T34). React escapes every string it renders, so
 * the only ways to turn stored text into markup are the raw-HTML doors below. None may appear in the
 * web's source, tests excepted (a test may mention them, as this one does).
 */
const root = path.resolve(__dirname, '..', '..');

const RAW_HTML_DOORS: { name: string; pattern: RegExp }[] = [
  { name: 'dangerouslySetInnerHTML', pattern: /dangerouslySetInnerHTML/ },
  { name: 'innerHTML / outerHTML assignment', pattern: /\.(?:inner|outer)HTML\s*(?:=(?!=)|\+=)/ },
  { name: 'insertAdjacentHTML', pattern: /\binsertAdjacentHTML\s*\(/ },
  { name: 'document.write', pattern: /\bdocument\s*\.\s*write(?:ln)?\s*\(/ },
  { name: 'createContextualFragment', pattern: /\bcreateContextualFragment\s*\(/ },
  { name: 'DOMParser parseFromString', pattern: /\bparseFromString\s*\(/ },
  { name: 'srcdoc', pattern: /\bsrcDoc\b|\bsrcdoc\b/ },
  { name: 'eval / new Function', pattern: /(?<![.\w])eval\s*\(|\bnew\s+Function\s*\(/ },
  { name: 'javascript: URL', pattern: /['"`]\s*javascript:/i },
];

const SOURCE = /\.(?:tsx?|jsx?|mjs|cjs|html)$/;
const TEST_FILE = /(?:^|[/\\])__tests__[/\\]|\.test\.[tj]sx?$|[/\\]src[/\\]test[/\\]/;

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });

/** Every raw-HTML door in a text, as 'name at line n'. */
const doorsIn = (text: string): string[] =>
  text.split('\n').flatMap((line, index) => RAW_HTML_DOORS.filter(({ pattern }) => pattern.test(line)).map(({ name }) => `${name} at line ${index + 1}`));

const webSources = [...filesUnder(path.join(root, 'web', 'src')), path.join(root, 'web', 'index.html')].filter(
  (file) => !TEST_FILE.test(path.relative(root, file)),
);

describe('the portal renders stored text as text', () => {
  it('finds every raw-HTML door in a sample (the scan can fail)', () => {
    const sample = [
      '<div dangerouslySetInnerHTML={{ __html: unit.description }} />',
      'element.innerHTML = text;',
      'element.outerHTML += text;',
      "node.insertAdjacentHTML('beforeend', text);",
      'document.write(text);',
      'range.createContextualFragment(text);',
      "new DOMParser().parseFromString(text, 'text/html');",
      '<iframe srcDoc={text} />',
      'eval(text); new Function(text);',
      "<a href={'javascript:' + text}>x</a>",
    ].join('\n');
    const found = doorsIn(sample);
    for (const { name } of RAW_HTML_DOORS)
      expect(
        found.some((entry) => entry.startsWith(name)),
        name,
      ).toBe(true);
    // Reading markup, comparing it, or naming a variable `html` is not a door.
    expect(doorsIn("if (el.innerHTML === '') { const html = text; render(<p>{html}</p>); }")).toEqual([]);
  });

  it('scans the whole web source', () => {
    expect(webSources.length).toBeGreaterThan(50);
    expect(webSources.some((file) => file.endsWith(path.join('features', 'units', 'components', 'unit-form.tsx')))).toBe(true);
  });

  it('has no dangerouslySetInnerHTML or other raw-HTML door anywhere in web/src', () => {
    const offenders = webSources.flatMap((file) => doorsIn(fs.readFileSync(file, 'utf8')).map((door) => `${path.relative(root, file)}: ${door}`));
    expect(offenders).toEqual([]);
  });
});
