// Lighthouse's mobile preset on the agent's pages, as the web judges a page (performance.md, section 7;
// the aim is 90 on every agent page). Run against a running portal with the demo seeded (npm start):
//
//   node bench/lighthouse.mjs [--url http://localhost:1337] [--runs 3]
//
// It signs in as the demo's Dubai agent, finds a project and a unit the agent sees, and runs
// Lighthouse (fetched by npx, not a dependency of the repository) on each page with the session's
// cookie, cold cache, performance only. It prints each page's median score, FCP, LCP, TBT and bytes.
// Lighthouse simulates a slow phone from the page's own trace (4x CPU), so the figures follow the box.
import { execFile } from 'node:child_process';
import { parseArgs } from 'node:util';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const AGENT = { email: 'dubai.agent@demo.test', password: 'Agent-Demo-2026!', userType: 'agent' };

const { values: args } = parseArgs({ options: { url: { type: 'string', default: 'http://localhost:1337' }, runs: { type: 'string', default: '3' } } });
const base = args.url.replace(/\/+$/, '');
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number of at least 1, not '${args.runs}'`);

const signIn = async () => {
  const response = await fetch(`${base}/api/portal-auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(AGENT),
  });
  const cookie = /pp_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
  if (!response.ok || !cookie) throw new Error(`Sign-in as ${AGENT.email} failed (${response.status}): is the demo seeded?`);
  return cookie;
};

const getJson = async (path, cookie) => {
  const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie, Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()).data;
};

const lighthouse = (url, cookie) =>
  new Promise((resolve, reject) => {
    const flags = [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--only-categories=performance',
      `--chrome-path=${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update',
      `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
      '--output=json',
      '--output-path=stdout',
    ];
    execFile('npx', flags, { maxBuffer: 256 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))));
  });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const cookie = await signIn();
const [project] = await getJson('/api/projects', cookie);
if (!project) throw new Error(`${AGENT.email} sees no project: is the demo seeded?`);
const [unit] = await getJson(`/api/projects/${project.id}/units`, cookie);
if (!unit) throw new Error(`${AGENT.email} sees no unit of project ${project.id}: is the demo seeded?`);
const pages = ['/agent/login', '/agent/dashboard', `/agent/projects/${project.id}`, `/agent/units/${unit.id}`, '/agent/settings'];

console.info(`Lighthouse ${LIGHTHOUSE}, mobile preset, ${runs} run(s) a page, medians, on ${base}`);
console.info('| Page | Score | FCP | LCP | TBT | Bytes |\n|---|---|---|---|---|---|');
for (const page of pages) {
  const reports = [];
  for (let run = 0; run < runs; run += 1) reports.push(await lighthouse(`${base}${page}`, cookie));
  const audit = (id) => median(reports.map((report) => report.audits[id].numericValue));
  const score = median(reports.map((report) => Math.round(report.categories.performance.score * 100)));
  const ms = (id) => `${Math.round(audit(id)).toLocaleString('en-US')} ms`;
  const kb = `${Math.round(audit('total-byte-weight') / 1000)} kB`;
  console.info(`| ${page} | ${score} | ${ms('first-contentful-paint')} | ${ms('largest-contentful-paint')} | ${ms('total-blocking-time')} | ${kb} |`);
}
