import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_DECISIONS } from './helpers/route-decisions';
import { createSecurityFixtures, createSecurityUsers, SECURITY_PASSWORD, securityEmail, type SecurityFixtures } from './helpers/security-fixtures';
import { createClient, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

/**
 * Issue #9 item 3: hostile input. Query fuzz answers 200 or 400 (never 500); prototype-pollution
 * payloads on every write route are refused or ignored and leave Object.prototype clean in the
 * server's process (this one: the harness boots Strapi in the test process); long URLs, malformed
 * JSON, wrong content types and SQL-looking strings get clean 4xx answers; HTML is stored as text.
 */
const SEED = 20260920;
const MISSING_ID = 999_999_999;

let server: TestServer;
let client: TestClient;
let adminToken: string;
let agentToken: string;
let fixtures: SecurityFixtures;
let mounted: string[];

/** What an error body must never show: a stack, SQL or driver text, a file path of the server. */
const LEAKS: [string, RegExp][] = [
  ['stack trace', /\n\s+at\s|\bat [\w.<>]+ \(/],
  ['file path', /\/(?:work|home|usr|tmp|app|opt)\/|node_modules|[\w-]+\.(?:js|ts|mjs|cjs):\d+/],
  ['SQL', /\b(?:select\s.+\sfrom|insert\s+into|update\s.+\sset|delete\s+from)\b|SQLITE_|\bknex\b|syntax error at or near|relation "|violates .* constraint/i],
];
const leaksIn = (text: string) => LEAKS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);

/** Strapi's bracket query syntax (what qs produces), for any nested value. */
const toQuery = (value: unknown, prefix = ''): string[] => {
  if (Array.isArray(value)) return value.flatMap((item, index) => toQuery(item, `${prefix}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => toQuery(inner, prefix ? `${prefix}[${key}]` : key));
  }
  return [`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`];
};
const queryString = (value: Record<string, unknown>) => {
  const parts = toQuery(value);
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
};

const pollutionIsAbsent = () => {
  const probe = {} as Record<string, unknown>;
  expect(probe.polluted, 'Object.prototype.polluted').toBeUndefined();
  expect(probe.isAdmin, 'Object.prototype.isAdmin').toBeUndefined();
  expect(Object.keys(Object.prototype)).toEqual([]);
};

const urlFor = (key: string, destructive: boolean) => {
  const [, pattern] = key.split(' ');
  const id = destructive ? MISSING_ID : pattern.startsWith('/api/projects/:id') ? fixtures.projects.dubai : fixtures.units.dubai.available;
  return pattern.replace(':id', String(id)).replace(':uid', 'api::unit.unit').replace(':imageId', 'img_1');
};

const raw = async (method: string, path: string, init: { token?: string; contentType?: string; body?: string } = {}) => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.contentType) headers['Content-Type'] = init.contentType;
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers, body: init.body });
  return { status: response.status, text: await response.text(), contentType: response.headers.get('content-type') ?? '' };
};

beforeAll(async () => {
  server = await startTestStrapi({ seed: false });
  client = createClient(server.baseUrl);
  await createSecurityUsers(server);
  adminToken = await signIn(client, securityEmail('admin'), SECURITY_PASSWORD, 'admin');
  agentToken = await signIn(client, securityEmail('super'), SECURITY_PASSWORD);
  fixtures = await createSecurityFixtures(client, adminToken, 'Hostile');
  mounted = [];
  for (const layer of server.strapi.server.api('content-api').listRoutes()) {
    for (const method of layer.methods) if (method !== 'HEAD') mounted.push(`${method} ${layer.path}`);
  }
});

afterAll(async () => {
  await server?.stop();
});

afterEach(() => {
  pollutionIsAbsent();
});

describe('query fuzz', () => {
  const operator = fc.constantFrom(
    '$eq',
    '$ne',
    '$in',
    '$notIn',
    '$lt',
    '$gt',
    '$contains',
    '$startsWith',
    '$null',
    '$between',
    '$regex',
    '$where',
    '$raw',
    '$exists',
    '$foo',
  );
  const field = fc.constantFrom(
    'id',
    'name',
    'unitStatus',
    'status',
    'price',
    'saleDetails',
    'password',
    'resetPasswordToken',
    't0.password',
    'createdBy',
    'visibleTo',
    '__proto__',
    'constructor',
  );
  const scalar = fc.oneof(
    fc.constantFrom('1', '0', '-1', '1e9', 'true', 'null', "' OR 1=1--", '"; DROP TABLE units;--', '%00', '\u0000'),
    fc.string({ maxLength: 12 }),
  );

  /** A filter tree: $and/$or/$not nesting to `depth`, fields with operators, arrays where scalars go. */
  const filter = (depth: number): fc.Arbitrary<unknown> =>
    depth <= 0
      ? fc.oneof(scalar, fc.array(scalar, { maxLength: 5 }), fc.dictionary(operator, fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), { maxKeys: 2 }))
      : fc.oneof(
          fc.record({ $and: fc.array(filter(depth - 1), { minLength: 1, maxLength: 2 }) }),
          fc.record({ $or: fc.array(filter(depth - 1), { minLength: 1, maxLength: 2 }) }),
          fc.record({ $not: filter(depth - 1) }),
          fc.dictionary(field, filter(depth - 1), { minKeys: 1, maxKeys: 2 }),
        );

  /** A linear $and/$or chain of the given depth: nesting without the tree's width. */
  const deepChain = fc.integer({ min: 10, max: 60 }).map((depth) => {
    let tree: Record<string, unknown> = { id: { $eq: '1' } };
    for (let level = 0; level < depth; level += 1) tree = { [level % 2 ? '$and' : '$or']: [tree] };
    return tree;
  });

  const queryObject = fc.record(
    {
      filters: fc.oneof(filter(3), deepChain),
      sort: fc.oneof(fc.constantFrom('price:desc', 'password:asc', 'id', ''), fc.array(fc.constantFrom('id:asc', 'name', 'x:y:z'), { maxLength: 3 })),
      fields: fc.oneof(fc.array(field, { maxLength: 4 }), field),
      populate: fc.oneof(fc.constantFrom('*', 'images', 'role', 'createdBy'), fc.dictionary(field, fc.constantFrom('*', 'true'), { maxKeys: 2 })),
      pagination: fc.record(
        {
          page: fc.constantFrom('1', '-1', '1e9', 'x'),
          pageSize: fc.constantFrom('1e9', '1000000000', '-1', '0', '25'),
          withCount: fc.constantFrom('true', 'x'),
        },
        { requiredKeys: [] },
      ),
      limit: fc.constantFrom('-1', '1e9'),
      start: fc.constantFrom('-1', '1e9'),
      where: fc.constant({ id: '1' }),
      status: fc.constantFrom<unknown>('draft', 'published', ['draft']),
      locale: fc.constantFrom('*', 'fr'),
      unknownKey: scalar,
    },
    { requiredKeys: [] },
  );

  it('answers every GET route with 200 or 400, never 500, for any query, as an admin and as an agent', async () => {
    const getRoutes = mounted.filter((key) => key.startsWith('GET ') && ROUTE_DECISIONS[key]?.access !== 'public');
    expect(getRoutes.length).toBeGreaterThan(8);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...getRoutes), queryObject, fc.boolean(), fc.boolean(), async (key, query, asAdmin, pollute) => {
        const search = queryString(query);
        const pollution = pollute ? '__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__[isAdmin]=true' : '';
        const url = `${urlFor(key, false)}${search}${pollution ? `${search ? '&' : '?'}${pollution}` : ''}`;
        const response = await raw('GET', url, { token: asAdmin ? adminToken : agentToken });
        const allowed = url.length > 8000 ? [400, 403, 404, 414, 431] : [200, 400, 403, 404];
        expect(allowed, `${key} ${url.slice(0, 300)} → ${response.status} ${response.text.slice(0, 200)}`).toContain(response.status);
        expect(leaksIn(response.text), url.slice(0, 200)).toEqual([]);
        pollutionIsAbsent();
      }),
      { seed: SEED, numRuns: 150, endOnFailure: true },
    );
  }, 120_000);

  it('refuses huge arrays, 1e9 page sizes and deep nesting cleanly', async () => {
    const bigArray = Array.from({ length: 5000 }, (_, index) => `filters[id][$in][${index}]=${index}`).join('&');
    const cases = [
      `/api/projects?${bigArray}`,
      `/api/projects/${fixtures.projects.dubai}/units?${bigArray.slice(0, 7000)}`,
      '/api/projects?pagination[pageSize]=1000000000',
      `/api/projects/${fixtures.projects.dubai}/units?pagination[pageSize]=1e9&pagination[page]=1`,
      `/api/projects?${'filters' + '[$and][0]'.repeat(200)}[id]=1`,
      '/api/units/1?filters[id]=1&filters[id]=2',
      '/api/projects?sort[]=id&sort=id',
    ];
    for (const url of cases) {
      const response = await raw('GET', url, { token: agentToken });
      expect([400, 414, 431], `${url.slice(0, 120)} → ${response.status}`).toContain(response.status);
      expect(leaksIn(response.text)).toEqual([]);
    }
    // Still serving.
    expect((await client.get('/api/projects', { token: agentToken })).status).toBe(200);
  });
});

describe('prototype pollution on every write route', () => {
  const POLLUTED_JSON = [
    '{"__proto__":{"polluted":"yes","isAdmin":true}}',
    '{"constructor":{"prototype":{"polluted":"yes","isAdmin":true}}}',
    '{"units":[{"unitNumber":"PP-1","__proto__":{"polluted":"yes"}}],"ids":[999999999],"__proto__":{"isAdmin":true}}',
    '{"name":"PP","location":"PP","visibleTo":["dubai"],"imageMetadata":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}}',
    '{"email":"pp@x.test","password":"x","userType":"agent","__proto__":{"role":{"type":"admin"},"isAdmin":true}}',
  ];
  const POLLUTED_QUERY = '?__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__.isAdmin=true';

  it('refuses or ignores them, and Object.prototype stays clean', async () => {
    const writeRoutes = mounted.filter((key) => !key.startsWith('GET '));
    expect(writeRoutes.length).toBeGreaterThan(25);
    const problems: string[] = [];
    for (const key of writeRoutes) {
      const [method] = key.split(' ');
      const isPublic = ROUTE_DECISIONS[key]?.access === 'public';
      // Deletes name a record that does not exist; the public routes go anonymous (sign-out would end the admin's session).
      const url = urlFor(key, method === 'DELETE');
      const token = isPublic ? undefined : adminToken;
      for (const body of POLLUTED_JSON) {
        for (const suffix of ['', POLLUTED_QUERY]) {
          const response = await raw(method, `${url}${suffix}`, { token, contentType: 'application/json', body });
          if (response.status >= 500) problems.push(`${key}${suffix ? ' (query)' : ''} ${body}: ${response.status} ${response.text.slice(0, 160)}`);
          if (leaksIn(response.text).length > 0) problems.push(`${key}: leaks ${leaksIn(response.text).join(', ')}`);
          const probe = {} as Record<string, unknown>;
          if (probe.polluted !== undefined || probe.isAdmin !== undefined) problems.push(`${key} ${body} polluted Object.prototype`);
        }
      }
      const form = await raw(method, `${url}${POLLUTED_QUERY}`, {
        token,
        contentType: 'application/x-www-form-urlencoded',
        body: '__proto__[polluted]=yes&constructor[prototype][polluted]=yes',
      });
      if (form.status >= 500) problems.push(`${key} (form): ${form.status} ${form.text.slice(0, 160)}`);
    }
    expect(problems).toEqual([]);
    pollutionIsAbsent();
    // Nothing the payloads tried to create exists: the unit batch carried a polluted entry.
    const stray = await server.strapi.db.query('api::unit.unit').count({ where: { unitNumber: 'PP-1' } });
    const strayProjects = (await server.strapi.db.query('api::project.project').findMany({ where: { name: 'PP' }, select: ['id', 'imageMetadata'] })) as {
      imageMetadata: Record<string, unknown> | null;
    }[];
    expect(stray).toBe(0);
    for (const project of strayProjects) {
      // If a project was created, its metadata holds no prototype keys as data that could be merged later.
      expect(Object.getPrototypeOf(project.imageMetadata ?? {})).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  }, 120_000);

  it('keeps a polluted login body from granting anything', async () => {
    const response = await raw('POST', '/api/portal-auth/login', {
      contentType: 'application/json',
      body: `{"email":"${securityEmail('dubai')}","password":"wrong-password","userType":"admin","__proto__":{"role":{"type":"admin"}},"constructor":{"prototype":{"isAdmin":true}}}`,
    });
    expect([400, 401]).toContain(response.status);
    expect(response.text).not.toContain('signed-in');
  });
});

describe('error hygiene', () => {
  const expectClean = (response: { status: number; text: string }, statuses: number[], what: string) => {
    expect(statuses, `${what} → ${response.status} ${response.text.slice(0, 200)}`).toContain(response.status);
    expect(leaksIn(response.text), what).toEqual([]);
  };

  it('answers 10 kB URLs with a clean 4xx', async () => {
    const long = 'a'.repeat(10_240);
    expectClean(await raw('GET', `/api/projects?q=${long}`, { token: agentToken }), [400, 414, 431], 'long query');
    expectClean(await raw('GET', `/api/units/${long}`, { token: agentToken }), [404, 414, 431], 'long path');
    expectClean(await raw('GET', `/api/units/${'9'.repeat(10_240)}`, { token: agentToken }), [404, 414, 431], 'long numeric id');
    expectClean(await raw('POST', `/api/portal-auth/login?${long}`, { contentType: 'application/json', body: '{}' }), [400, 414, 431], 'long login URL');
  });

  it('answers malformed JSON with a clean 400', async () => {
    for (const body of ['{"name": ', '{name: "x"}', '[1,2', '{"a":1}}', '\u0000\u0001', '{"a":"\\ud800"}', `{"a":${'['.repeat(5000)}`]) {
      expectClean(
        await raw('POST', '/api/projects', { token: adminToken, contentType: 'application/json', body }),
        [400],
        `projects ${JSON.stringify(body).slice(0, 40)}`,
      );
      expectClean(await raw('POST', '/api/portal-auth/login', { contentType: 'application/json', body }), [400], `login ${JSON.stringify(body).slice(0, 40)}`);
      expectClean(
        await raw('PUT', `/api/units/${fixtures.units.dubai.available}`, { token: adminToken, contentType: 'application/json', body }),
        [400],
        `unit ${JSON.stringify(body).slice(0, 40)}`,
      );
    }
  });

  it('answers wrong content types with a clean 4xx and writes nothing', async () => {
    const before = await server.strapi.db.query('api::project.project').count();
    const cases: [string, string][] = [
      ['text/plain', '{"name":"Typed","location":"Plain"}'],
      ['application/xml', '<project><name>X</name></project>'],
      ['application/x-www-form-urlencoded', 'name=Form'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nMulti\r\n--xyz--\r\n'],
      ['application/json; charset=utf-16', '{"name":"x"}'],
      ['image/png', '\u0089PNG'],
    ];
    for (const [contentType, body] of cases) {
      const response = await raw('POST', '/api/projects', { token: adminToken, contentType, body });
      expectClean(response, [400, 415], contentType);
    }
    expect(await server.strapi.db.query('api::project.project').count()).toBe(before);
  });

  it('answers SQL-looking strings with clean 4xx (or stores them as plain text)', async () => {
    const sql = ["' OR 1=1--", '1; DROP TABLE units;--', '" OR ""="', "1' UNION SELECT password FROM up_users--", '1)) OR ((1=1'];
    for (const text of sql) {
      const encoded = encodeURIComponent(text);
      expectClean(await raw('GET', `/api/units/${encoded}`, { token: agentToken }), [404], `unit id ${text}`);
      expectClean(await raw('GET', `/api/projects/${encoded}/units`, { token: agentToken }), [404], `project id ${text}`);
      expectClean(await raw('GET', `/api/projects?filters[name][$eq]=${encoded}`, { token: agentToken }), [400], `filter ${text}`);
      expectClean(
        await raw('POST', '/api/portal-auth/login', {
          contentType: 'application/json',
          body: JSON.stringify({ email: text, password: text, userType: 'agent' }),
        }),
        [400, 401],
        `login ${text}`,
      );
      expectClean(
        await raw('POST', '/api/portal-auth/forgot-password', { contentType: 'application/json', body: JSON.stringify({ email: text }) }),
        [200, 204, 400, 429],
        `forgot ${text}`,
      );
    }
    // In a text field it is only text: stored and given back verbatim, and the tables are intact.
    const created = await client.post<{ data: { id: number; name: string; description: string } }>(
      '/api/projects',
      { name: sql[3], location: sql[0], description: sql.join('\n'), visibleTo: ['dubai'] },
      { token: adminToken },
    );
    expect(created.status).toBe(201);
    const read = await client.get<{ data: { name: string; location: string; description: string } }>(`/api/projects/${created.body.data.id}`, {
      token: adminToken,
    });
    expect(read.body.data).toMatchObject({ name: sql[3], location: sql[0], description: sql.join('\n') });
    expect(await server.strapi.db.query('api::unit.unit').count()).toBeGreaterThan(0);
    expect((await client.del(`/api/projects/${created.body.data.id}`, { token: adminToken })).status).toBe(200);
  });
});

describe('path and method tricks', () => {
  it('never reach an admin route as an agent, whatever the spelling of the path or the method', async () => {
    const hidden = fixtures.units.dubai.occupied;
    const paths = [
      '/API/SOLD-UNITS',
      '/api/sold-units/',
      '/api//sold-units',
      '/api/./sold-units',
      '/api/x/../sold-units',
      '/api/sold-units%2F',
      '/api/sold%2Dunits',
      '/api/sold-units;x=1',
      '/api/portal-users/',
      '/API/PORTAL-USERS',
      `/api/units/${hidden}/history/`,
      `/API/UNITS/${hidden}/HISTORY`,
      `/api/projects/${fixtures.projects.dubai}/units/export/`,
    ];
    for (const path of paths) {
      const response = await raw('GET', path, { token: agentToken });
      expect([400, 403, 404, 405], `${path} → ${response.status} ${response.text.slice(0, 120)}`).toContain(response.status);
      expect(leaksIn(response.text)).toEqual([]);
    }
    // A method override header is not a method: the write stays refused, the unit stays.
    for (const header of ['X-HTTP-Method-Override', 'X-HTTP-Method', 'X-Method-Override']) {
      const response = await fetch(`${server.baseUrl}/api/units/${fixtures.units.dubai.available}`, {
        method: 'GET',
        headers: { Authorization: `Bearer ${agentToken}`, [header]: 'DELETE' },
      });
      expect(response.status).toBe(200);
      const sneaky = await fetch(`${server.baseUrl}/api/units/${fixtures.units.dubai.available}?_method=DELETE`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${agentToken}`, [header]: 'DELETE', 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect([403, 404, 405]).toContain(sneaky.status);
    }
    expect(await server.strapi.db.query('api::unit.unit').count({ where: { id: fixtures.units.dubai.available } })).toBe(1);
  });
});

describe('HTML in text fields', () => {
  const HTML = [
    '<img src=x onerror=alert(1)>',
    '<script>alert("x")</script>',
    '"><svg onload=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '&lt;b&gt;&amp;',
  ];

  it('is stored and served as the exact text, in JSON, for projects and units', async () => {
    const project = await client.post<{ data: { id: number } }>(
      '/api/projects',
      { name: HTML[0], location: HTML[2], description: HTML.join(' '), visibleTo: ['dubai', 'doha'] },
      { token: adminToken },
    );
    expect(project.status).toBe(201);
    const units = await client.post<{ data: { id: number }[] }>(
      `/api/projects/${project.body.data.id}/units`,
      { units: [{ unitNumber: HTML[1].slice(0, 60), unitType: HTML[3], view: HTML[4], description: HTML.join('\n'), features: HTML.join(', ') }] },
      { token: adminToken },
    );
    expect(units.status).toBe(201);
    const unitId = units.body.data[0].id;

    const projectRead = await raw('GET', `/api/projects/${project.body.data.id}`, { token: agentToken });
    expect(projectRead.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(projectRead.text).data).toMatchObject({ name: HTML[0], location: HTML[2], description: HTML.join(' ') });

    const unitRead = await raw('GET', `/api/units/${unitId}`, { token: agentToken });
    expect(unitRead.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(unitRead.text).data).toMatchObject({
      unitNumber: HTML[1].slice(0, 60),
      unitType: HTML[3],
      view: HTML[4],
      description: HTML.join('\n'),
      features: HTML.join(', '),
    });
    const list = await client.get<{ data: { id: number; unitType: string }[] }>(`/api/projects/${project.body.data.id}/units`, { token: agentToken });
    expect(list.body.data.find((unit) => unit.id === unitId)?.unitType).toBe(HTML[3]);
  });

  it('in a user profile is stored and served as the exact text', async () => {
    const response = await client.put<{ firstName: string; lastName: string }>(
      '/api/portal-auth/me',
      { firstName: HTML[0], lastName: HTML[1] },
      { token: agentToken },
    );
    expect(response.status).toBe(200);
    const me = await raw('GET', '/api/portal-auth/me', { token: agentToken });
    expect(me.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(me.text)).toMatchObject({ firstName: HTML[0], lastName: HTML[1] });
  });
});
