import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheStatements } from '../src/db/sqlite-statements';

/** The part of better-sqlite3 used here (the package ships no types, and none are installed). */
interface Statement {
  readonly reader: boolean;
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): unknown;
}
interface Connection {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  close(): void;
}
const Database = createRequire(__filename)('better-sqlite3') as new (file: string) => Connection;

// A real better-sqlite3 connection in memory, wrapped as config/database.ts wraps the CMS's.
let db: Connection;
const open = (limit?: number) => {
  db = new Database(':memory:');
  db.exec('create table units (id integer primary key, unit_status text)');
  db.exec("insert into units (unit_status) values ('available'), ('sold'), ('reserved')");
  return cacheStatements(db, limit);
};

afterEach(() => db?.close());

describe('cacheStatements', () => {
  it('prepares each SQL text once and answers from the kept statement afterwards', () => {
    const connection = open();
    const first = connection.prepare('select count(*) as count from units where unit_status = ?');
    const again = connection.prepare('select count(*) as count from units where unit_status = ?');
    expect(again).toBe(first);
    expect(again.get('sold')).toEqual({ count: 1 });
    expect(connection.prepare('select id from units order by id')).not.toBe(first);
  });

  it('keeps at most `limit` statements, dropping the least recently used', () => {
    const connection = open(2);
    const a = connection.prepare('select 1');
    const b = connection.prepare('select 2');
    expect(connection.prepare('select 1')).toBe(a); // a is now the most recent
    connection.prepare('select 3'); // evicts b
    expect(connection.prepare('select 1')).toBe(a);
    expect(connection.prepare('select 2')).not.toBe(b);
  });

  it('gives a kept statement the table as it is now, after the schema changed under it', () => {
    const connection = open();
    const all = connection.prepare('select * from units order by id');
    expect(Object.keys(all.all()[0] as object)).toEqual(['id', 'unit_status']);
    db.exec('alter table units add column price real');
    db.exec('update units set price = 10');
    const rows = connection.prepare('select * from units order by id').all() as Record<string, unknown>[];
    expect(rows[0]).toEqual({ id: 1, unit_status: 'available', price: 10 });
  });

  it('still runs writes through kept statements, each time with its own bindings', () => {
    const connection = open();
    for (const status of ['sold', 'occupied']) connection.prepare('update units set unit_status = ? where id = 1').run(status);
    expect(connection.prepare('select unit_status from units where id = 1').get()).toEqual({ unit_status: 'occupied' });
  });
});
