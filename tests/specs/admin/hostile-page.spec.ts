import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request, type APIRequestContext } from '@playwright/test';
import { DEMO, expect, test } from '../../fixtures/accounts';
import { LoginPage } from '../../pages/login-page';

/**
 * Issue #25, findings 1 and 8, in a real browser: with the admin signed in, a page on another site
 * and a page on another port of this host (same site, other origin: the session cookie goes along)
 * post to the API, under path variants, with auto-submitted forms and with fetch carrying
 * credentials. Nothing changes, and the admin is still the one signed in.
 */

/** The ways a hostile page writes the red team's paths (the browser resolves `/./` itself). */
const VARIANTS = ['/api', '/API', '/Api', '//api', '/api/.', '/%61pi', '/%41PI'];

interface Attack {
  path: string;
  fields: Record<string, string>;
}

/** The page: every attack as an auto-submitted form into its own frame, then as fetch; sets `done`. */
const hostilePage = (target: string, attacks: Attack[]) => `<!doctype html>
<html><head><title>Win a prize</title></head><body>
<script>
const target = ${JSON.stringify(target)};
const attacks = ${JSON.stringify(attacks)};
const submit = (attack, index, enctype) => new Promise((resolve) => {
  const frame = document.createElement('iframe');
  frame.name = 'f' + index + enctype.length;
  document.body.appendChild(frame);
  const form = document.createElement('form');
  form.method = 'POST';
  form.enctype = enctype;
  form.action = target + attack.path;
  form.target = frame.name;
  for (const [name, value] of Object.entries(attack.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  const timer = setTimeout(resolve, 3000);
  frame.addEventListener('load', () => { clearTimeout(timer); resolve(); });
  form.submit();
});
const results = [];
(async () => {
  let index = 0;
  for (const attack of attacks) {
    for (const enctype of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) await submit(attack, index++, enctype);
    for (const [mode, type, body] of [['no-cors', 'text/plain', JSON.stringify(attack.fields)], ['cors', 'application/json', JSON.stringify(attack.fields)]]) {
      try {
        const response = await fetch(target + attack.path, { method: 'POST', mode, credentials: 'include', headers: { 'Content-Type': type }, body });
        results.push(attack.path + ' ' + mode + ' ' + response.status);
      } catch (error) {
        results.push(attack.path + ' ' + mode + ' refused');
      }
    }
  }
  window.results = results;
  window.done = true;
})();
</script></body></html>`;

/** A tiny server for the hostile page, on a free loopback port. */
const serveHostile = async (page: () => string) => {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(page());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
};

/** What the admin sees through the API: users, projects and the first project's units. */
const stateOf = async (api: APIRequestContext) => {
  const users = await api.get('/api/portal-users');
  const projects = await api.get('/api/projects');
  expect(users.status()).toBe(200);
  expect(projects.status()).toBe(200);
  const projectList = (await projects.json()) as { data: { id: number }[] };
  const units = await api.get(`/api/projects/${projectList.data[0].id}/units`);
  return { users: await users.text(), projects: await projects.text(), units: await units.text() };
};

let checker: APIRequestContext;
const servers: http.Server[] = [];

test.beforeAll(async ({ baseURL }) => {
  // The admin's view through the API, signed in once (a sign-in changes lastLogin in the user list).
  checker = await request.newContext({ baseURL });
  const login = await checker.post('/api/portal-auth/login', { data: { email: DEMO.admin.email, password: DEMO.admin.password, userType: 'admin' } });
  expect(login.status()).toBe(200);
});

test.afterAll(async () => {
  await checker?.dispose();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

test.describe('a hostile page, with the admin signed in', () => {
  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });

  for (const where of ['another site', 'another port of this host'] as const) {
    test(`on ${where} changes nothing under any path variant, and signs nobody in`, async ({ page, baseURL, freshAgent }) => {
      const projects = (await (await checker.get('/api/projects')).json()) as { data: { id: number }[] };
      const units = (await (await checker.get(`/api/projects/${projects.data[0].id}/units`)).json()) as { data: { id: number }[] } | { id: number }[];
      const unitId = (Array.isArray(units) ? units : units.data)[0].id;
      const attacks = VARIANTS.flatMap((prefix): Attack[] => [
        {
          path: `${prefix}/portal-users`,
          fields: {
            email: `intruder.${prefix.length}@evil.example`,
            password: 'Intruder-2026-Aa1!',
            confirmPassword: 'Intruder-2026-Aa1!',
            firstName: 'Intruder',
            role: 'admin',
          },
        },
        { path: `${prefix}/units/bulk-status`, fields: { 'ids[0]': String(unitId), status: 'sold' } },
        { path: `${prefix}/projects`, fields: { name: 'Hostile Tower', location: 'Nowhere' } },
        // Login CSRF: the attacker's own account, to sign the admin's browser into it.
        { path: `${prefix}/portal-auth/login`, fields: { email: freshAgent.email, password: freshAgent.password, userType: 'agent' } },
      ]);
      const before = await stateOf(checker);
      const hostile = await serveHostile(() => hostilePage(baseURL ?? '', attacks));
      servers.push(hostile.server);
      // Another site: `localhost` is not 127.0.0.1's site. Another port: the same host, so the
      // SameSite=Strict session cookie goes along with every request.
      const host = where === 'another site' ? 'localhost' : '127.0.0.1';
      const attacker = await page.context().newPage();
      await attacker.goto(`http://${host}:${hostile.port}/`);
      await attacker.waitForFunction(() => (window as unknown as { done?: boolean }).done === true, undefined, { timeout: 120_000 });
      const results = await attacker.evaluate(() => (window as unknown as { results: string[] }).results);
      // No fetch got an answer it could read as a success (no-cors answers are opaque: status 0).
      expect(results.filter((line) => / 2\d\d$/.test(line))).toEqual([]);
      await attacker.close();

      expect(await stateOf(checker)).toEqual(before);
      // The admin's browser is still the admin's: no form signed it into the attacker's account.
      const me = await page.request.get('/api/portal-auth/me');
      expect(me.status()).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe(DEMO.admin.email);
      await page.goto('/admin/dashboard');
      await expect(page).toHaveURL(/\/admin\/dashboard/);
    });
  }
});
