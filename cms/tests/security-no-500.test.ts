import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_TEMPLATE_HEADER } from '@repo/types';
import { createSecurityFixtures, createSecurityUsers, SECURITY_PASSWORD, securityEmail, type SecurityFixtures } from './helpers/security-fixtures';
import { createClient, signIn, startTestStrapi, type TestServer } from './helpers/strapi';

/**
 * Issue #25 finding 7, the class: no input yields a 500. Generated numbers (1e308, -0, 1e400 that
 * JSON reads as Infinity, integers past 2^53, numeric-looking text), strings (control characters, lone
 * surrogates, very long) and nesting (arrays and objects where scalars belong, deep nesting) are put
 * into otherwise well-formed bodies of every write route the server mounts, posted as an admin (the
 * sign-in and reset steps anonymously), and into CSV files for the import. Only 2xx and 4xx may come
 * back. Bounded by runs and time, so each database takes about a minute.
 */
const SEED = 20261125;
const MISSING_ID = 999_999_999;

let server: TestServer;
let adminToken: string;
let fixtures: SecurityFixtures;
let agentId: number;
let writeRoutes: string[];

// Numbers JSON.stringify cannot write: spliced into the JSON text in place of their marker string.
const RAW_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '-0', '1e-400', '0.00000000000000000000000000001', '9007199254740993'];
const rawMarker = (index: number) => `@@raw${index}@@`;
const toJsonText = (body: unknown) => JSON.stringify(body).replace(/"@@raw(\d)@@"/g, (_, index: string) => RAW_NUMBERS[Number(index)]);

const CONTROLS = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\u000b', '\f', '\r', '\u001b', '\u001f', '\u007f'];

const hostileNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, -0, 2 ** 53, 2 ** 64, Number.MAX_VALUE, Number.MIN_VALUE, 1e21, 0.1 + 0.2, 10_000_000_000.01, 99_999_999.995, -1, 0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.integer({ min: 0, max: RAW_NUMBERS.length - 1 }).map(rawMarker),
);
const hostileString = fc.oneof(
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e308',
    '-0',
    '0x10',
    '1,000',
    '',
    ' ',
    '\ud800',
    '\u202eevil',
    "' OR 1=1--",
    '$ne',
    '2026-02-30',
    'dubai',
    'available',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(...CONTROLS, 'a', '1', ' '),
    maxLength: 20,
  }),
  fc.integer({ min: 1_000, max: 100_000 }).map((length) => 'x'.repeat(length)),
);
const scalar = fc.oneof(hostileNumber, hostileString, fc.boolean(), fc.constant(null));
const deep = fc.tuple(fc.integer({ min: 20, max: 2000 }), fc.boolean()).map(([depth, asArray]) => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = asArray ? [value] : { a: value };
  return value;
});
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('$ne', '$gt', 'id', 'price', 'a'), scalar, { maxKeys: 3 }),
  },
  { weight: 1, arbitrary: deep },
);

/** A well-formed body per route, so a generated value reaches the rule behind the first check. */
let serial = 0;
const baseBody = (key: string): Record<string, unknown> => {
  // A new unit number and e-mail each time: a 409 for a taken one would hide what comes after it.
  serial += 1;
  const unit = {
    unitNumber: `Gen-${serial}`,
    unitType: 'Studio',
    floor: '3',
    price: 900_000,
    area: 500.5,
    size: 500,
    bedrooms: 1,
    bathrooms: 1.5,
    view: 'Sea',
    description: 'x',
    features: 'Pool',
    status: 'available',
  };
  const project = {
    name: 'Gen Tower',
    location: 'Marina',
    description: 'x',
    visibleTo: ['dubai'],
    imageMetadata: {
      objectPosition: 'center',
      cropMode: 'free',
      cropData: { x: 0, y: 0, width: 10, height: 10, unit: '%' },
    },
  };
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/projects': project,
    'PUT /api/projects/:id': project,
    'POST /api/projects/:id/units': { units: [unit], notifyAgents: false },
    'PUT /api/units/:id': { ...unit, unitNumber: undefined },
    'POST /api/units/bulk-status': {
      ids: [fixtures.units.none.reserved],
      status: 'reserved',
    },
    'POST /api/units/bulk-delete': { ids: [MISSING_ID] },
    'PUT /api/units/:id/sale-details': {
      totalAmount: 1_000_000,
      paidAmount: 500_000,
      registrationDate: '2026-01-01',
      registrationNumber: 'R-1',
      paymentStatus: 'partial',
      notes: 'x',
    },
    'PUT /api/units/:id/archive': { archived: false },
    'PUT /api/units/:id/shared-images': { enabled: false },
    'POST /api/projects/:id/unit-images/unlink': { unitType: 'Studio' },
    'POST /api/notifications/units': {
      projectId: fixtures.projects.none,
      unitIds: [fixtures.units.none.available],
      mode: 'all',
      recipientIds: [],
    },
    'POST /api/portal-users': {
      email: `gen${serial}@gen.test`,
      password: 'Gen-Password-1!',
      confirmPassword: 'Gen-Password-1!',
      firstName: 'Gen',
      role: 'agent',
      agentType: 'dubai',
      visibleProjects: [],
    },
    'PUT /api/portal-users/:id': {
      firstName: 'Gen',
      lastName: 'Agent',
      phoneNumber: null,
      agentType: 'dubai',
      visibleProjects: [fixtures.projects.dubai],
    },
    'PUT /api/portal-auth/me': {
      firstName: 'Admin',
      lastName: 'Gen',
      phoneNumber: null,
    },
    'POST /api/portal-auth/login': {
      email: 'nobody@gen.test',
      password: 'wrong',
      userType: 'agent',
    },
    'POST /api/portal-auth/forgot-password': { email: 'nobody@gen.test' },
    'POST /api/portal-auth/reset-password': {
      code: 'x',
      password: 'Gen-Password-1!',
      passwordConfirmation: 'Gen-Password-1!',
    },
    'POST /api/portal-auth/change-password': {
      currentPassword: 'wrong',
      newPassword: 'Gen-Password-1!',
      confirmPassword: 'Gen-Password-1!',
    },
    'POST /api/portal-auth/delete-account': { password: 'wrong' },
    'POST /api/portal-auth/two-factor/start': { phoneNumber: '+97450000000' },
  };
  return bodies[key] ?? {};
};

// Ids in paths: a unit of the 'none' project (no agent sees it; a sold one for sale details), the project, an agent. Deletes name
// records that do not exist, so the fixtures stay.
const urlFor = (key: string) => {
  const [method, pattern] = key.split(' ');
  const id =
    method === 'DELETE'
      ? MISSING_ID
      : pattern.startsWith('/api/projects/:id')
        ? fixtures.projects.none
        : pattern.startsWith('/api/portal-users/:id')
          ? agentId
          : pattern.endsWith('/sale-details')
            ? fixtures.units.none.sold
            : fixtures.units.none.available;
  return pattern.replace(':id', String(id)).replace(':uid', 'api::unit.unit').replace(':imageId', 'img_1');
};

// Routes that would end the admin's own session go without it: the request still reaches the server.
const ANONYMOUS = /^POST \/api\/portal-auth\/(login|logout|forgot-password|reset-password)/;

type Mutation = { kind: 'field'; field: string; value: unknown } | { kind: 'unit-field'; field: string; value: unknown } | { kind: 'body'; value: unknown };

const send = async (method: string, url: string, text: string, anonymous: boolean) => {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  if (!anonymous) headers.Authorization = `Bearer ${adminToken}`;
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : text,
  });
  return { status: response.status, text: await response.text() };
};

beforeAll(async () => {
  server = await startTestStrapi({ seed: false });
  const client = createClient(server.baseUrl);
  const users = await createSecurityUsers(server);
  agentId = users.dubai;
  adminToken = await signIn(client, securityEmail('admin'), SECURITY_PASSWORD, 'admin');
  fixtures = await createSecurityFixtures(client, adminToken, 'Gen');
  writeRoutes = [];
  for (const layer of server.strapi.server.api('content-api').listRoutes()) {
    for (const method of layer.methods) if (!['GET', 'HEAD'].includes(method)) writeRoutes.push(`${method} ${layer.path}`);
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('no input yields a 500', () => {
  it('mounts the write routes this test reaches', () => {
    for (const key of [
      'POST /api/projects',
      'PUT /api/units/:id',
      'POST /api/projects/:id/units',
      'POST /api/projects/:id/units/import',
      'PUT /api/units/:id/sale-details',
      'POST /api/notifications/units',
      'POST /api/portal-users',
      'POST /api/units/:id/images',
      'POST /api/portal-auth/login',
    ]) {
      expect(writeRoutes).toContain(key);
    }
  });

  it('answers each hostile value in each field of each write route with 2xx or 4xx (the sweep)', async () => {
    // One field at a time, the rest of the body well-formed: a 500 behind the first check cannot hide
    // behind a 400 that another generated field would have caused.
    const deepNesting = (depth: number) => {
      let value: unknown = 1;
      for (let level = 0; level < depth; level += 1) value = { a: [value] };
      return value;
    };
    const VALUES: unknown[] = [
      1e308,
      '1e308',
      rawMarker(0),
      rawMarker(2),
      -0,
      2 ** 64,
      10_000_000_000.01,
      'NaN',
      'a\u0000b',
      'a\r\nb',
      'x'.repeat(100_000),
      [1e308],
      { $gt: 0 },
      deepNesting(1000),
    ];
    const failures: string[] = [];
    for (const key of writeRoutes) {
      const [method] = key.split(' ');
      const base = baseBody(key);
      const targets: [string, (body: Record<string, unknown>, value: unknown) => void][] = Object.keys(base).map((field) => [
        field,
        (body, value) => (body[field] = value),
      ]);
      const firstUnit = (base.units as Record<string, unknown>[] | undefined)?.[0];
      for (const field of Object.keys(firstUnit ?? {}))
        targets.push([`units.0.${field}`, (body, value) => ((body.units as Record<string, unknown>[])[0][field] = value)]);
      for (const [field, put] of targets) {
        for (const value of VALUES) {
          const body = structuredClone(base);
          put(body, value);
          const response = await send(method, urlFor(key), toJsonText(body), ANONYMOUS.test(key));
          if (response.status >= 500) failures.push(`${key} ${field}=${toJsonText(value).slice(0, 40)} → ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('answers generated numbers, strings and nesting in every write route with 2xx or 4xx', async () => {
    const fieldNames = (key: string) => [...Object.keys(baseBody(key)), 'revision', 'unknownField'];
    const mutation = (key: string): fc.Arbitrary<Mutation> =>
      fc.oneof(
        {
          weight: 6,
          arbitrary: fc.record({
            kind: fc.constant('field' as const),
            field: fc.constantFrom(...fieldNames(key)),
            value: hostileValue,
          }),
        },
        {
          weight: key === 'POST /api/projects/:id/units' ? 6 : 0,
          arbitrary: fc.record({
            kind: fc.constant('unit-field' as const),
            field: fc.constantFrom(
              ...Object.keys(
                (baseBody(key).units as object[] | undefined)?.[0] ?? {
                  unitNumber: 1,
                },
              ),
            ),
            value: hostileValue,
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            kind: fc.constant('body' as const),
            value: hostileValue,
          }),
        },
      );
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writeRoutes).chain((key) => fc.tuple(fc.constant(key), fc.array(mutation(key), { minLength: 1, maxLength: 3 }))),
        async ([key, mutations]) => {
          let body: unknown = structuredClone(baseBody(key));
          for (const change of mutations) {
            if (change.kind === 'body') body = change.value;
            else if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
              const record = body as Record<string, unknown>;
              if (change.kind === 'field') record[change.field] = change.value;
              else if (Array.isArray(record.units) && typeof record.units[0] === 'object' && record.units[0] !== null)
                (record.units[0] as Record<string, unknown>)[change.field] = change.value;
            }
          }
          const [method] = key.split(' ');
          const text = toJsonText(body) ?? 'null';
          const response = await send(method, urlFor(key), text, ANONYMOUS.test(key));
          if (response.status >= 500) failures.push(`${key} ${text.slice(0, 200)} → ${response.status} ${response.text.slice(0, 200)}`);
          expect(response.status, `${key} ${text.slice(0, 300)} → ${response.text.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      {
        seed: SEED,
        numRuns: 1000,
        interruptAfterTimeLimit: 12_000,
        endOnFailure: true,
      },
    );
    expect(failures).toEqual([]);
  }, 90_000);

  it('answers generated CSV files with 2xx or 4xx, whatever their cells', async () => {
    const cell = fc.oneof(
      hostileString,
      hostileNumber.map((value) => (typeof value === 'string' ? RAW_NUMBERS[Number(value.replace(/\D/g, ''))] : String(value))),
    );
    const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
    const row = fc.array(cell, { minLength: 5, maxLength: 12 }).map((cells) => cells.map(quote).join(','));
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 4 }), fc.boolean(), async (rows, skipInvalid) => {
        const form = new FormData();
        form.append(
          'file',
          new Blob([[CSV_TEMPLATE_HEADER, ...rows].join('\r\n')], {
            type: 'text/csv',
          }),
          'units.csv',
        );
        if (skipInvalid) form.append('skipInvalid', 'true');
        const response = await fetch(`${server.baseUrl}/api/projects/${fixtures.projects.none}/units/import`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${adminToken}` },
          body: form,
        });
        const text = await response.text();
        expect(response.status, `${rows.join(' | ').slice(0, 300)} → ${text.slice(0, 200)}`).toBeLessThan(500);
      }),
      {
        seed: SEED,
        numRuns: 80,
        interruptAfterTimeLimit: 8_000,
        endOnFailure: true,
      },
    );
  }, 60_000);
});
