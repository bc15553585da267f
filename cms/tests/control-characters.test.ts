import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, TEXT_MESSAGES, type ManagedUser } from '@repo/types';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

/**
 * Issue #25 finding 10, beyond the units (inventory-input-limits.test.ts): a project's name and
 * location, a user's names and phone, and a sale's registration number are one line, and a
 * description or the sale notes keep only their line breaks and tabs. Each refusal is a 400 on its
 * field with the shared rule's message (types/src/rules/text.ts), and nothing is written.
 */
interface ErrorBody {
  error?: { status: number; message: string; details?: { errors?: { path: string[]; message: string }[] } };
}
interface Envelope<T> extends ErrorBody {
  data: T;
}

let server: TestServer;
let client: TestClient;
let admin: string;

const PASSWORD = 'Control-Chars-2026!';
// A NUL (refused by PostgreSQL, stored by SQLite), a line break (splits CSV rows and mail headers), DEL.
const HOSTILE = ['Tower\u0000A', 'Tower\nA', 'Tower\rA', 'Tower\u007fA', 'Tower\u001bA'];

const refusedOn = (response: { status: number; body: ErrorBody }, field: string, message: string) => {
  expect(response.status).toBe(400);
  expect(response.body.error?.details?.errors).toContainEqual({ path: [field], message });
};

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
});

afterAll(async () => {
  await server?.stop();
});

describe('control characters in projects', () => {
  it('refuses them in a new project name or location, and writes nothing', async () => {
    const before = await server.strapi.db.query('api::project.project').count({});
    for (const text of HOSTILE) {
      refusedOn(
        await client.post<ErrorBody>('/api/projects', { name: text, location: 'Lusail' }, { token: admin }),
        'name',
        TEXT_MESSAGES.singleLine('Property Name'),
      );
      refusedOn(
        await client.post<ErrorBody>('/api/projects', { name: 'Clean', location: text }, { token: admin }),
        'location',
        TEXT_MESSAGES.singleLine('Location'),
      );
    }
    expect(await server.strapi.db.query('api::project.project').count({})).toBe(before);
  });

  it('keeps line breaks and tabs in a description, refuses the other controls, and edits nothing', async () => {
    const created = await client.post<Envelope<{ id: number; revision: number }>>(
      '/api/projects',
      { name: 'Line Breaks', location: 'Lusail', description: 'First line\nSecond\tline' },
      { token: admin },
    );
    expect(created.status).toBe(201);
    const { id, revision } = created.body.data;
    refusedOn(
      await client.put<ErrorBody>(`/api/projects/${id}`, { description: 'Bad\u0000text', revision }, { token: admin }),
      'description',
      TEXT_MESSAGES.multiLine('Description'),
    );
    refusedOn(
      await client.put<ErrorBody>(`/api/projects/${id}`, { name: 'Two\nlines', revision }, { token: admin }),
      'name',
      TEXT_MESSAGES.singleLine('Property Name'),
    );
    const stored = (await server.strapi.db.query('api::project.project').findOne({ where: { id }, select: ['name', 'description', 'revision'] })) as Record<
      string,
      unknown
    >;
    expect(stored).toMatchObject({ name: 'Line Breaks', description: 'First line\nSecond\tline', revision });
  });
});

describe('control characters in users', () => {
  it('refuses them in the names and phone of a new user, and creates nobody', async () => {
    const base = { email: 'control@chars.test', password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Clean', role: 'agent', agentType: 'dubai' };
    for (const [field, label] of [
      ['firstName', 'First Name'],
      ['lastName', 'Last Name'],
      ['phoneNumber', 'Phone Number'],
    ] as const) {
      refusedOn(
        await client.post<ErrorBody>(`/api${AUTH_PATHS.users}`, { ...base, [field]: 'Omar\nSaeed' }, { token: admin }),
        field,
        TEXT_MESSAGES.singleLine(label),
      );
    }
    expect(await server.strapi.db.query('plugin::users-permissions.user').count({ where: { email: 'control@chars.test' } })).toBe(0);
  });

  it('refuses them in an edit of an agent, and leaves the profile as it was', async () => {
    const users = (await client.get<ManagedUser[]>(`/api${AUTH_PATHS.users}`, { token: admin })).body;
    const agent = users.find((user) => user.email === DEMO.dubai.email) as ManagedUser & { revision: number; firstName: string };
    refusedOn(
      await client.put<ErrorBody>(`/api${AUTH_PATHS.user(agent.id)}`, { firstName: 'Omar\u0000', revision: agent.revision }, { token: admin }),
      'firstName',
      TEXT_MESSAGES.singleLine('First Name'),
    );
    const after = (await client.get<ManagedUser[]>(`/api${AUTH_PATHS.users}`, { token: admin })).body.find((user) => user.id === agent.id) as ManagedUser & {
      firstName: string;
    };
    expect(after.firstName).toBe(agent.firstName);
  });
});

describe('control characters in sale details', () => {
  it('refuses them in the registration number, keeps line breaks in the notes, and refuses a NUL there', async () => {
    const sold = (await client.get<Envelope<{ id: number; revision: number }[]>>('/api/sold-units', { token: admin })).body.data[0];
    expect(sold).toBeTruthy();
    refusedOn(
      await client.put<ErrorBody>(`/api/units/${sold.id}/sale-details`, { registrationNumber: 'RN\n1', revision: sold.revision }, { token: admin }),
      'registrationNumber',
      TEXT_MESSAGES.singleLine('Registration number'),
    );
    refusedOn(
      await client.put<ErrorBody>(`/api/units/${sold.id}/sale-details`, { notes: 'Paid\u0000', revision: sold.revision }, { token: admin }),
      'notes',
      TEXT_MESSAGES.multiLine('Notes'),
    );
    const saved = await client.put<Envelope<{ notes: string }>>(
      `/api/units/${sold.id}/sale-details`,
      { notes: 'Paid in two\ninstalments', revision: sold.revision },
      { token: admin },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.notes).toBe('Paid in two\ninstalments');
  });
});
