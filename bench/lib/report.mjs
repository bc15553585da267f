// The one table the bench prints, and the JSON it writes under bench/results/.
import fs from 'node:fs';
import path from 'node:path';

const COLUMNS = [
  ['Path', (row) => row.path],
  ['Portal', (row) => figure(row.portal, row.unit)],
  ['Baseline', (row) => figure(row.baseline, row.unit)],
  ['Ratio', (row) => (row.ratio === null ? '—' : `${row.ratio.toFixed(2)}x`)],
  ['Target', (row) => row.target],
  ['Result', (row) => row.result],
];

const figure = (value, unit) => {
  if (value === null || value === undefined) return '—';
  if (unit === 'ms') return `${value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : Math.round(value)} ms`;
  return `${value} ${unit}`;
};

/** The table as fixed-width text: one line per path, then the notes (baselines and details) by path. */
export const formatTable = (result) => {
  const cells = result.rows.map((row) => COLUMNS.map(([, cell]) => String(cell(row))));
  const widths = COLUMNS.map(([title], index) => Math.max(title.length, ...cells.map((line) => line[index].length)));
  const line = (values) => `| ${values.map((value, index) => value.padEnd(widths[index])).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  const { machine } = result;
  const head = [
    `Portal benchmark (${result.mode}) on ${result.database}: ${result.data.projects} projects, ${result.data.units.toLocaleString('en-US')} units (largest ${result.data.bigProject.toLocaleString('en-US')})`,
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; load average ${machine.loadAverageBefore.join(' ')} before, ${machine.loadAverage.join(' ')} after`,
    '',
    line(COLUMNS.map(([title]) => title)),
    rule,
    ...cells.map(line),
    '',
    ...result.rows.map((row) => `- ${row.id}: baseline ${row.baselineName ?? '—'}${row.note ? `; ${row.note}` : ''}`),
  ];
  const missed = result.rows.filter((row) => row.result === 'MISS');
  head.push('', missed.length === 0 ? 'All targets met.' : `MISSED: ${missed.map((row) => row.id).join(', ')}`);
  return head.join('\n');
};

/** Markdown of the same table, for bench/README.md. */
export const markdownTable = (result) =>
  [
    `| ${COLUMNS.map(([title]) => title).join(' | ')} |`,
    `|${COLUMNS.map(() => '---').join('|')}|`,
    ...result.rows.map((row) => `| ${COLUMNS.map(([, cell]) => String(cell(row)).replace(/\|/g, '\\|')).join(' | ')} |`),
  ].join('\n');

/** Writes the result as JSON (and the text table beside it); returns the JSON file's path. */
export const writeResult = (result, directory) => {
  fs.mkdirSync(directory, { recursive: true });
  const stamp = result.finishedAt.replace(/[:.]/g, '-');
  const file = path.join(directory, `bench-${result.mode}-${result.database}-${stamp}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(path.join(directory, `latest-${result.mode}-${result.database}.json`), `${JSON.stringify(result, null, 2)}\n`);
  return file;
};

/** What a well-formed result holds (the quick-mode test checks it). */
export const checkResult = (result) => {
  const problems = [];
  for (const key of ['mode', 'database', 'startedAt', 'finishedAt', 'machine', 'data', 'rows']) if (!(key in result)) problems.push(`missing ${key}`);
  for (const row of result.rows ?? []) {
    if (!['PASS', 'MISS', 'INFO', 'SKIP'].includes(row.result)) problems.push(`${row.id}: result ${row.result}`);
    if (row.result !== 'SKIP' && !(Number.isFinite(row.portal) && row.portal >= 0)) problems.push(`${row.id}: no portal figure`);
    if ((row.result === 'PASS' || row.result === 'MISS') && row.target === '—') problems.push(`${row.id}: judged without a target`);
  }
  return problems;
};
