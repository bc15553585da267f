import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import {
  CSV_COLUMNS,
  CSV_LIMITS,
  CSV_PARSE_OPTIONS,
  CSV_TEMPLATE_HEADER,
  IMPORT_PROBLEMS_LISTED,
  importRefusalMessage,
  importResultMessage,
  toCsv,
  validateImportRows,
  type CsvUnitRow,
  type ImportResult,
} from '@repo/types';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { startMailbox, type Mailbox } from './helpers/smtp-mailbox';
import { countInFileAlone, sqliteWriteInProgress, sqliteWriteLocked } from './helpers/db-snapshot';

interface ErrorBody {
  error: { status: number; message: string; details?: { problems?: { row: number; field: string; message: string }[]; columns?: string[] } };
}
type ImportBody = { data: ImportResult } & ErrorBody;

let server: TestServer;
let client: TestClient;
let mailbox: Mailbox;
let admin: string;
let agent: string;

const unitsOf = (projectId: number) => server.strapi.db.query('api::unit.unit').count({ where: { projectId } }) as Promise<number>;
const historyCount = () => server.strapi.db.query('api::unit-history.unit-history').count({}) as Promise<number>;

const createProject = async (name: string, visibleTo: string[]) => {
  const response = await client.post<{ data: { id: number } }>('/api/projects', { name, location: 'Lusail, Doha', visibleTo }, { token: admin });
  expect(response.status).toBe(201);
  return response.body.data.id;
};

const importCsv = async (projectId: number, content: string, fields: Record<string, string> = {}, token = admin, fileName = 'units.csv') => {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), fileName);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${server.baseUrl}/api/projects/${projectId}/units/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as ImportBody };
};

const csv = (...lines: string[]) => [CSV_TEMPLATE_HEADER, ...lines].join('\r\n');
const rowsOf = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => `${prefix}${index + 1},1 Bedroom,${(index % 40) + 1},${900000 + index},750.5`);

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestStrapi({ seed: true, env: mailbox.env });
  client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password);
  agent = await signIn(client, DEMO.doha.email, DEMO.doha.password);
});

afterAll(async () => {
  await server?.stop();
  await mailbox?.stop();
});

describe('CSV import', () => {
  it('imports every row with the defaults, the project visibility, document ids and a history entry each', async () => {
    const projectId = await createProject('Import Tower', ['dubai', 'doha']);
    const historyBefore = await historyCount();
    const response = await importCsv(
      projectId,
      csv(
        'A-101,Studio,1,950000,512.345,0,1,Sea View,"Corner, bright\nand quiet",,Balcony',
        'A-102,2 Bedroom,2,1800000,1100,2,2.5,,,Reserved,',
        "A-103,Penthouse,'-1,4000000,3000,4,4,City View,'=SUM(1),unavailable,",
        ',,,,,,,,,,',
      ),
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ imported: 3, failed: 0, problems: [], problemCount: 0, message: 'Successfully imported 3 units.' });
    expect(await historyCount()).toBe(historyBefore + 3);

    const list = await client.get<{ data: { id: number; unitNumber: string; name: string; status: string; area: number }[] }>(
      `/api/projects/${projectId}/units`,
      { token: admin },
    );
    expect(list.body.data.map((unit) => [unit.unitNumber, unit.name, unit.status, unit.area])).toEqual([
      ['A-101', 'A-101', 'available', 512.35],
      ['A-102', 'A-102', 'reserved', 1100],
      ['A-103', 'A-103', 'unavailable', 3000],
    ]);
    const detail = await client.get<{ data: Record<string, unknown> }>(`/api/units/${list.body.data[0].id}`, { token: admin });
    expect(detail.body.data).toMatchObject({
      description: 'Corner, bright\nand quiet',
      features: 'Balcony',
      available: true,
      visibleTo: ['dubai', 'doha'],
      bathrooms: 1,
      bedrooms: 0,
    });
    const basement = await client.get<{ data: Record<string, unknown> }>(`/api/units/${list.body.data[2].id}`, { token: admin });
    expect(basement.body.data).toMatchObject({ floor: '-1', description: '=SUM(1)' });

    // Written as Strapi writes an entry: reachable by document id, published, JSON as Strapi stores it.
    const row = (await server.strapi.db.query('api::unit.unit').findOne({ where: { id: list.body.data[0].id } })) as {
      documentId: string;
      publishedAt: unknown;
      revision: number;
    };
    expect(row.documentId).toMatch(/^[a-z0-9]{24}$/);
    expect(row.publishedAt).toBeTruthy();
    expect(row.revision).toBe(1);
    expect(await server.strapi.documents('api::unit.unit').findOne({ documentId: row.documentId })).toMatchObject({ unitNumber: 'A-101' });
    const raw = async (unitNumber: string) =>
      (await server.strapi.db.connection('units').where({ project_id: projectId, unit_number: unitNumber }).first('visible_to', 'locale')) as Record<
        string,
        unknown
      >;
    const created = await client.post(`/api/projects/${projectId}/units`, { units: [{ unitNumber: 'REF' }] }, { token: admin });
    expect(created.status).toBe(201);
    expect(await raw('A-101')).toEqual(await raw('REF'));

    const history = (await server.strapi.db.query('api::unit-history.unit-history').findMany({ where: { unitId: list.body.data[1].id } })) as Record<
      string,
      unknown
    >[];
    expect(history).toMatchObject([{ action: 'created', actorEmail: DEMO.admin.email, after: { status: 'reserved', price: 1800000 } }]);

    // Agents see what the project's visibility and their status rule allow: not the unavailable unit.
    const seen = await client.get<{ data: { unitNumber: string }[] }>(`/api/projects/${projectId}/units`, { token: agent });
    expect(seen.body.data.map((unit) => unit.unitNumber)).toEqual(['A-101', 'A-102', 'REF']);
  });

  it('refuses a file whose rows miss required fields, listing every problem by spreadsheet row, and writes nothing', async () => {
    const projectId = await createProject('Missing Tower', ['doha']);
    const historyBefore = await historyCount();
    const response = await importCsv(projectId, csv('M-1,Studio,1,100,50', 'M-2,Studio,1,,', 'M-3,Studio,1,100,50', ',Studio,2,100,50'));
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('2 rows are missing required fields (unitNumber, unitType, floor, price, area)');
    expect(response.body.error.details?.problems).toEqual([
      { row: 3, field: 'price', message: 'price is required' },
      { row: 3, field: 'area', message: 'area is required' },
      { row: 5, field: 'unitNumber', message: 'unitNumber is required' },
    ]);
    expect(await unitsOf(projectId)).toBe(0);
    expect(await historyCount()).toBe(historyBefore);
  });

  it.each([['projectId'], ['archived'], ['saleDetails'], ['id'], ['color']])('refuses a %s column by name', async (column) => {
    const projectId = await createProject(`Column Tower ${column}`, ['doha']);
    const response = await importCsv(projectId, `${CSV_TEMPLATE_HEADER},${column}\r\nC-1,Studio,1,100,50,,,,,,,x`);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain(`Unknown or protected column: ${column}.`);
    expect(await unitsOf(projectId)).toBe(0);
  });

  it('refuses a file over 5 MB with 413 and a file over 20,000 rows with 400, writing nothing', async () => {
    const projectId = await createProject('Limits Tower', ['doha']);
    const big = csv(`B-1,Studio,1,100,50,,,,"${'x'.repeat(CSV_LIMITS.maxBytes)}"`);
    const tooBig = await importCsv(projectId, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe('The CSV file is larger than 5 MB. Split it into smaller files.');
    const tooLong = await importCsv(projectId, csv(...rowsOf(CSV_LIMITS.maxRows + 1, 'L-')));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe('The CSV file has more than 20,000 rows. Split it into smaller files.');
    expect(await unitsOf(projectId)).toBe(0);
  });

  it('refuses unit numbers already in the project or repeated in the file, or imports the rest with skipInvalid', async () => {
    const projectId = await createProject('Duplicate Tower', ['doha']);
    expect((await client.post(`/api/projects/${projectId}/units`, { units: [{ unitNumber: '101' }] }, { token: admin })).status).toBe(201);
    const file = csv('101,Studio,1,100,50', '102,Studio,1,100,50', '102,Studio,2,100,50', '103,Studio,3,abc,50');
    const refused = await importCsv(projectId, file);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('3 rows could not be imported. Correct them, or import only the valid rows.');
    expect(refused.body.error.details?.problems).toEqual([
      { row: 2, field: 'unitNumber', message: 'Unit 101 already exists in this project' },
      { row: 4, field: 'unitNumber', message: 'Unit 102 already exists in this project' },
      { row: 5, field: 'price', message: 'Price must be a number of 0 or more' },
    ]);
    expect(await unitsOf(projectId)).toBe(1);

    const partial = await importCsv(projectId, file, { skipInvalid: 'true' });
    expect(partial.status).toBe(200);
    expect(partial.body.data).toMatchObject({ imported: 1, failed: 3, problemCount: 3, message: 'Imported 1 unit. Failed to import 3 units.' });
    expect(partial.body.data.problems.map((problem) => problem.row)).toEqual([2, 4, 5]);
    expect(await unitsOf(projectId)).toBe(2);
  });

  it('leaves nothing behind when the database fails in a later chunk', async () => {
    const projectId = await createProject('Trigger Tower', ['doha']);
    const knex = server.strapi.db.connection;
    const postgres = server.database.kind === 'postgres';
    if (postgres) {
      await knex.raw(
        `CREATE FUNCTION import_boom() RETURNS trigger AS $$ BEGIN IF NEW.unit_number = 'BOOM' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
      );
      await knex.raw('CREATE TRIGGER import_boom BEFORE INSERT ON units FOR EACH ROW EXECUTE FUNCTION import_boom()');
    } else {
      await knex.raw(`CREATE TRIGGER import_boom BEFORE INSERT ON units WHEN NEW.unit_number = 'BOOM' BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
    }
    try {
      const historyBefore = await historyCount();
      const rows = rowsOf(2500, 'T-');
      rows[2200] = 'BOOM,Studio,1,100,50';
      const response = await importCsv(projectId, csv(...rows));
      expect(response.status).toBe(500);
      expect(await unitsOf(projectId)).toBe(0);
      expect(await historyCount()).toBe(historyBefore);
    } finally {
      await knex.raw('DROP TRIGGER import_boom' + (postgres ? ' ON units' : ''));
      if (postgres) await knex.raw('DROP FUNCTION import_boom()');
    }
    expect((await importCsv(projectId, csv(...rowsOf(3, 'T-')))).status).toBe(200);
  });

  it('leaves nothing behind when writing the history fails after the units were inserted', async () => {
    const projectId = await createProject('History Failure Tower', ['doha']);
    const knex = server.strapi.db.connection;
    const postgres = server.database.kind === 'postgres';
    const history = server.strapi.db.metadata.get('api::unit-history.unit-history').tableName;
    // The history entry of the 1,100th unit fails: its unit and the 1,099 before it are already inserted.
    if (postgres) {
      await knex.raw(
        `CREATE FUNCTION history_boom() RETURNS trigger AS $$ BEGIN IF NEW.unit_number = 'H-1100' THEN RAISE EXCEPTION 'injected history failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
      );
      await knex.raw(`CREATE TRIGGER history_boom BEFORE INSERT ON ${history} FOR EACH ROW EXECUTE FUNCTION history_boom()`);
    } else {
      await knex.raw(
        `CREATE TRIGGER history_boom BEFORE INSERT ON ${history} WHEN NEW.unit_number = 'H-1100' BEGIN SELECT RAISE(ABORT, 'injected history failure'); END`,
      );
    }
    try {
      const historyBefore = await historyCount();
      const response = await importCsv(projectId, csv(...rowsOf(1200, 'H-')));
      expect(response.status).toBe(500);
      expect(await unitsOf(projectId)).toBe(0);
      expect(await historyCount()).toBe(historyBefore);
    } finally {
      await knex.raw('DROP TRIGGER history_boom' + (postgres ? ` ON ${history}` : ''));
      if (postgres) await knex.raw('DROP FUNCTION history_boom()');
    }
  });

  // On SQLite the import writes on a connection of its own in its worker thread: its statements and
  // its commit do not run on the server's event loop. The server's connection stays in a transaction
  // meanwhile, so another request's write waits for the import instead of meeting a locked database.
  it.runIf(!process.env.TEST_DATABASE_URL)(
    'SQLite: writes the units off the server connection, and a write made meanwhile waits for the import and lands',
    async () => {
      const projectId = await createProject('Own Connection Tower', ['doha']);
      const otherId = await createProject('Meanwhile Tower', ['doha']);
      const knex = server.strapi.db.connection;
      const connection = (await knex.client.acquireConnection()) as { prepare: (sql: string) => unknown };
      knex.client.releaseConnection(connection);
      const prepare = connection.prepare;
      const inserts: string[] = [];
      connection.prepare = (sql: string) => {
        if (/^\s*insert/i.test(sql)) inserts.push(sql);
        return prepare.call(connection, sql);
      };
      try {
        const historyBefore = await historyCount();
        const importing = importCsv(projectId, csv(...rowsOf(4000, 'OC-')));
        const file = server.database.env.DATABASE_FILENAME;
        for (let tries = 0; tries < 2000 && !sqliteWriteLocked(file); tries += 1) await new Promise((resolve) => setTimeout(resolve, 2));
        const meanwhile = await client.post(`/api/projects/${otherId}/units`, { units: [{ unitNumber: 'M-1' }] }, { token: admin });
        const imported = await importing;
        expect(imported.status).toBe(200);
        expect(imported.body.data).toMatchObject({ imported: 4000, failed: 0 });
        expect(meanwhile.status).toBe(201);
        expect(await unitsOf(projectId)).toBe(4000);
        expect(await unitsOf(otherId)).toBe(1);
        expect(await historyCount()).toBe(historyBefore + 4001);
        // The one unit made meanwhile went through the server's connection; none of the import's did.
        expect(inserts.some((sql) => /units/.test(sql))).toBe(true);
        expect(inserts.filter((sql) => /values \(.*\), \(/.test(sql))).toEqual([]);
      } finally {
        connection.prepare = prepare;
      }
    },
  );

  // Another process on the file takes a unit number between the check and the import's own write,
  // which waits for that process's commit: the unique index refuses the row, and nothing is written.
  it.runIf(!process.env.TEST_DATABASE_URL)('SQLite: answers 409 when another process takes a unit number while the import waits to write', async () => {
    const projectId = await createProject('Other Process Tower', ['doha']);
    const historyBefore = await historyCount();
    const other = sqliteWriteInProgress(server.database.env.DATABASE_FILENAME, [
      [
        'insert into units (document_id, project_id, unit_number, name, published_at) values (?, ?, ?, ?, ?)',
        ['otherprocessunit00000001', projectId, 'P-2', 'P-2', Date.now()],
      ],
    ]);
    let committed = false;
    try {
      const importing = importCsv(projectId, csv(...rowsOf(3, 'P-')));
      // The check has long passed against the committed units (not P-2) when the other process commits.
      await new Promise((resolve) => setTimeout(resolve, 500));
      other.commit();
      committed = true;
      const response = await importing;
      expect(response.status).toBe(409);
      expect(response.body.error.message).toBe('Some of these unit numbers were added to the project meanwhile. Import the file again.');
    } finally {
      if (!committed) other.commit();
    }
    expect(await unitsOf(projectId)).toBe(1);
    expect(await historyCount()).toBe(historyBefore);
  });

  it('checks the file in the worker with the shared rules: the same problems and messages as validateImportRows, and a refused file writes nothing', async () => {
    const projectId = await createProject('Worker Tower', ['doha']);
    expect((await client.post(`/api/projects/${projectId}/units`, { units: [{ unitNumber: 'W-7' }] }, { token: admin })).status).toBe(201);
    // 1,400 rows: valid ones, a unit number already in the project, one repeated in the file, a blank
    // line, a formula cell an export neutralised, and 1,100 rows with two problems each (over the 1,000 listed).
    const lines = rowsOf(1400, 'W-');
    lines[10] = lines[9];
    lines[20] = '';
    lines[30] = "W-31,Studio,'=1,100,50";
    for (let index = 200; index < 1300; index += 1) lines[index] = `W-${index + 1},Studio,1,-5,abc`;
    const file = csv(...lines);
    const expected = validateImportRows(Papa.parse<Record<string, unknown>>(file, CSV_PARSE_OPTIONS).data, ['W-7']);
    expect(expected.problems.length).toBeGreaterThan(IMPORT_PROBLEMS_LISTED);
    const historyBefore = await historyCount();

    const refused = await importCsv(projectId, file);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(importRefusalMessage(expected));
    expect(refused.body.error.details).toMatchObject({ failed: expected.failedRows, problemCount: expected.problems.length });
    expect(refused.body.error.details?.problems).toEqual(expected.problems.slice(0, IMPORT_PROBLEMS_LISTED));
    expect(await unitsOf(projectId)).toBe(1);
    expect(await historyCount()).toBe(historyBefore);

    const partial = await importCsv(projectId, file, { skipInvalid: 'true' });
    expect(partial.status).toBe(200);
    expect(partial.body.data).toEqual({
      imported: expected.units.length,
      failed: expected.failedRows,
      problems: expected.problems.slice(0, IMPORT_PROBLEMS_LISTED),
      problemCount: expected.problems.length,
      message: importResultMessage(expected.units.length, expected.failedRows),
    });
    const stored = (await server.strapi.db
      .query('api::unit.unit')
      .findMany({ where: { projectId }, select: ['unitNumber', 'floor', 'price'], orderBy: { id: 'asc' } })) as {
      unitNumber: string;
      floor: string;
      price: number | string;
    }[];
    expect(stored.map((unit) => [unit.unitNumber, unit.floor, unit.price === null ? null : Number(unit.price)])).toEqual([
      ['W-7', null, null],
      ...expected.units.map((unit) => [unit.unitNumber, unit.floor, unit.price ?? null]),
    ]);
    expect(await historyCount()).toBe(historyBefore + expected.units.length);
  });

  it('checks the file again inside the transaction when a unit number was taken meanwhile, and writes nothing', async () => {
    const projectId = await createProject('Race Tower', ['doha']);
    const historyBefore = await historyCount();
    const db = server.strapi.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
    const transaction = db.transaction;
    // Between the worker's check and the import's transaction, another request adds unit R-2.
    db.transaction = async (...args: unknown[]) => {
      db.transaction = transaction;
      const made = await client.post(`/api/projects/${projectId}/units`, { units: [{ unitNumber: 'R-2' }] }, { token: admin });
      expect(made.status).toBe(201);
      return transaction.apply(server.strapi.db, args);
    };
    try {
      const response = await importCsv(projectId, csv(...rowsOf(3, 'R-')));
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('Row 3: Unit R-2 already exists in this project');
    } finally {
      db.transaction = transaction;
    }
    expect(await unitsOf(projectId)).toBe(1);
    expect(await historyCount()).toBe(historyBefore + 1);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)('SQLite: runs in WAL mode, and the worker copies an import from the log into the database file', async () => {
    const file = server.database.env.DATABASE_FILENAME;
    expect(await server.strapi.db.connection.raw('pragma journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    const projectId = await createProject('Checkpoint Tower', ['doha']);
    expect((await importCsv(projectId, csv(...rowsOf(300, 'CP-')))).status).toBe(200);
    // The server's own connection checkpoints only past 20,000 pages: these rows reach the file
    // through the checkpoint worker, which the import asks for after its commit.
    const inFile = () => countInFileAlone(file, 'select count(*) as n from units where project_id = ?', [projectId]);
    let count = inFile();
    for (let tries = 0; tries < 100 && count !== 300; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      count = inFile();
    }
    expect(count).toBe(300);
  });

  it('refuses agents (403) and changes nothing', async () => {
    const projectId = await createProject('Agent Tower', ['doha']);
    const response = await importCsv(projectId, csv('X-1,Studio,1,100,50'), {}, agent);
    expect(response.status).toBe(403);
    expect(await unitsOf(projectId)).toBe(0);
  });

  it('refuses a request without a file, a file that is not CSV, and an unknown project', async () => {
    const projectId = await createProject('Form Tower', ['doha']);
    const form = new FormData();
    form.append('skipInvalid', 'true');
    const noFile = await fetch(`${server.baseUrl}/api/projects/${projectId}/units/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as ErrorBody).error.message).toBe('Please choose a CSV file to import');
    const wrongType = await importCsv(projectId, csv('X-1,Studio,1,100,50'), {}, admin, 'units.exe');
    expect(wrongType.status).toBe(400);
    expect((await importCsv(999999, csv('X-1,Studio,1,100,50'))).status).toBe(404);
    expect((await importCsv(projectId, CSV_TEMPLATE_HEADER)).body.error.message).toBe('The CSV file has no unit rows to import');
    expect(await unitsOf(projectId)).toBe(0);
  });

  it('sends the agents ONE summary e-mail after the import when asked', async () => {
    const projectId = await createProject('Summary Tower', ['doha']);
    const start = mailbox.received.length;
    const response = await importCsv(projectId, csv(...rowsOf(25, 'S-')), { notifyAgents: 'true' });
    expect(response.status).toBe(200);
    const [mail] = await mailbox.waitFor(1, start);
    expect(mail.subject).toBe('New Properties Available: 25 units in Summary Tower');
    expect(mail.to.sort()).toEqual([DEMO.doha.email, DEMO.super.email].sort());
    expect(mail.raw).toContain('25 new units are available in Summary Tower (Lusail, Doha).');
    expect(mail.raw).toContain('S-1: QAR 900,000');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailbox.received.length - start).toBe(1);
  });

  it('imports 10,000 rows in one request', async () => {
    const projectId = await createProject('Bulk Tower', ['dubai']);
    const historyBefore = await historyCount();
    const started = performance.now();
    const response = await importCsv(projectId, csv(...rowsOf(10_000, 'K-')));
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ imported: 10_000, failed: 0 });
    expect(await unitsOf(projectId)).toBe(10_000);
    expect(await historyCount()).toBe(historyBefore + 10_000);
    console.info(`10,000-row import on ${server.database.kind}: ${Math.round(elapsed)} ms`);
  });

  // Linux keeps a nice value and a policy per thread: the parse's worker yields the CPU to the
  // requests (nice 19, and SCHED_IDLE where util-linux's chrt is there), and the server's own thread
  // keeps its priority.
  it.runIf(process.platform === 'linux')('parses in a worker thread of the lowest CPU priority, and leaves the server thread as it was', async () => {
    const projectId = await createProject('Nice Tower', ['dubai']);
    expect((await importCsv(projectId, csv(...rowsOf(5, 'N-')))).status).toBe(200);
    // The pool keeps its thread for a minute after a task. The fields after the command's ')' start
    // at the state (stat's 3rd): nice is the 19th, the scheduling policy the 41st (SCHED_IDLE: 5).
    const statOf = (task: string) => fs.readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1].split(' ');
    const tasks = fs.readdirSync('/proc/self/task');
    const lowered = tasks.filter((task) => Number(statOf(task)[16]) === 19);
    expect(lowered.length).toBeGreaterThan(0);
    expect(Number(statOf(String(process.pid))[16])).toBe(0);
    expect(Number(statOf(String(process.pid))[38])).toBe(0);
    const chrt = (process.env.PATH ?? '').split(':').some((dir) => fs.existsSync(`${dir}/chrt`));
    if (chrt) expect(lowered.map((task) => Number(statOf(task)[38]))).toContain(5);
  });
});

describe('CSV export', () => {
  const exportRows = (projectId: number, token = admin) => client.get<{ data: CsvUnitRow[] } & ErrorBody>(`/api/projects/${projectId}/units/export`, { token });

  it('answers every unit with exactly the import columns, and an export re-imports into the same units', async () => {
    const source = await createProject('Export Tower', ['dubai']);
    const hostile = csv(
      'E-1,Studio,3,1250000.5,612.25,0,1,"=HYPERLINK(""http://x"")","Line one\nline two, with ""quotes""",reserved,"+Pool, @Gym"',
      'E-2,Penthouse,40,9900000,3100,4,4.5,-Sea,,sold,',
    );
    expect((await importCsv(source, hostile)).status).toBe(200);
    const exported = await exportRows(source);
    expect(exported.status).toBe(200);
    expect(exported.body.data).toHaveLength(2);
    for (const row of exported.body.data) expect(Object.keys(row).sort()).toEqual([...CSV_COLUMNS].sort());
    const first = exported.body.data.find((row) => row.unitNumber === 'E-1');
    expect(first).toMatchObject({ price: 1250000.5, area: 612.25, bathrooms: 1, view: '=HYPERLINK("http://x")', status: 'reserved', features: '+Pool, @Gym' });

    // What the browser writes: neutralised cells, RFC 4180 quoting. Imported into a fresh project it gives the same rows.
    const file = toCsv(exported.body.data, CSV_COLUMNS);
    expect(file).toContain("'=HYPERLINK");
    const copy = await createProject('Export Copy', ['dubai']);
    const reimport = await importCsv(copy, file);
    expect(reimport.status).toBe(200);
    expect(reimport.body.data.imported).toBe(2);
    expect((await exportRows(copy)).body.data).toEqual(exported.body.data);
  });

  it('refuses agents (403), anonymous callers (401), query parameters (400) and an unknown project (404)', async () => {
    const projectId = await createProject('Export Guard', ['doha']);
    expect((await exportRows(projectId, agent)).status).toBe(403);
    expect((await client.get(`/api/projects/${projectId}/units/export`)).status).toBe(401);
    expect((await client.get(`/api/projects/${projectId}/units/export?fields=price`, { token: admin })).status).toBe(400);
    expect((await exportRows(999999)).status).toBe(404);
  });
});
