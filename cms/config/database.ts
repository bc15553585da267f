import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { cacheStatements, type PreparingConnection } from '../src/db/sqlite-statements';
import { walPragmas } from '../src/db/sqlite-writer';

type Env = Core.Config.Shared.ConfigParams['env'];

const postgres = (env: Env, url: string): Core.Config.Database<'postgres'> => {
  const parsed = new URL(url);
  return {
    connection: {
      client: 'postgres',
      connection: {
        connectionString: url,
        host: parsed.hostname,
        port: Number(parsed.port || 5432),
        database: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
        user: decodeURIComponent(parsed.username),
        password: decodeURIComponent(parsed.password),
        ssl: env.bool('DATABASE_SSL', false) ? { rejectUnauthorized: false } : false,
        // Hand-written reads run as named statements (src/db/pooled-read.ts): false behind a pooler
        // that does not keep prepared statements across transactions.
        preparedStatements: env.bool('DATABASE_PREPARED_STATEMENTS', true),
      },
      pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
      acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
    },
  };
};

const sqlite = (env: Env): Core.Config.Database<'sqlite'> => ({
  connection: {
    client: 'sqlite',
    connection: { filename: path.resolve(process.cwd(), env('DATABASE_FILENAME', '.tmp/data.db')) },
    useNullAsDefault: true,
    pool: {
      afterCreate: (connection: unknown, done: (error?: Error, connection?: unknown) => void) => {
        const pragma = (source: string) => (connection as { pragma(source: string): unknown }).pragma(source);
        if (env.bool('DATABASE_SQLITE_WAL', true)) {
          // Write-ahead log: readers (src/db/sqlite-reader.ts) never wait for a writer, and a commit
          // appends its pages to the log instead of syncing the journal and the file (a 10,000-row
          // import's commit: 16 ms against 25 ms). NORMAL syncs at checkpoints, not at every commit:
          // the database cannot be corrupted, but a power cut may lose the last commits (FULL: 45 ms
          // a large commit). The checkpoint runs in a worker thread (src/db/sqlite-checkpoint.ts);
          // the connection's own, inside a commit, only past WAL_FALLBACK_PAGES.
          for (const source of walPragmas(env('DATABASE_SQLITE_SYNCHRONOUS', 'NORMAL'))) pragma(source);
        } else {
          // Rollback journal: a transaction keeps its changes in memory until it commits instead of
          // writing them to the file early, which would lock out the read-only connection.
          pragma('cache_spill = false');
        }
        // knex prepares every statement anew; keep them (src/db/sqlite-statements.ts).
        done(undefined, cacheStatements(connection as PreparingConnection));
      },
    },
  },
});

// SQLite under .tmp by default; PostgreSQL as soon as DATABASE_URL is set.
const config = ({ env }: Core.Config.Shared.ConfigParams) => {
  const url = env('DATABASE_URL', '');
  return url ? postgres(env, url) : sqlite(env);
};

export default config;
