import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// There is no Docker engine on the CI machines, so the compose file's shape is checked here instead.
const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  deploy?: { replicas?: number };
  ports?: string[];
  volumes?: string[];
  command?: string[];
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  entrypoint?: string;
  healthcheck?: unknown;
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service> };
const services = compose.services;
const cmsEnv = services.cms.environment ?? {};

const documented = new Set(
  read('config/.env.example')
    .split('\n')
    .map((line) => line.match(/^([A-Z][A-Z0-9_]*)=/)?.[1])
    .filter((name): name is string => Boolean(name)),
);

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(relative);
    return /\.(ts|js)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [relative] : [];
  });

describe('docker-compose.yml', () => {
  it('runs postgres, minio with its bucket, mailpit and the cms', () => {
    expect(Object.keys(services).sort()).toEqual(['cms', 'cms-secrets', 'mailpit', 'minio', 'minio-bucket', 'postgres', 'proxy']);
    expect(services.postgres.healthcheck).toBeDefined();
    expect(services.minio.healthcheck).toBeDefined();
    // The cms is healthy when its readiness probe says the database answers.
    expect(JSON.stringify(services.cms.healthcheck)).toContain('/api/health/ready');
  });

  it('wires the cms to the postgres service with its own credentials', () => {
    const url = new URL(cmsEnv.DATABASE_URL);
    const pg = services.postgres.environment ?? {};
    expect(url.hostname).toBe('postgres');
    expect(url.pathname).toBe(`/${pg.POSTGRES_DB}`);
    expect(url.username).toBe(pg.POSTGRES_USER);
    expect(url.password).toBe(pg.POSTGRES_PASSWORD);
    expect(services.cms.depends_on?.postgres.condition).toBe('service_healthy');
  });

  it('stores uploads in the bucket that the init container creates, with the MinIO credentials', () => {
    const bucket = cmsEnv.S3_BUCKET;
    expect(services['minio-bucket'].entrypoint).toContain(`mc mb --ignore-existing local/${bucket}`);
    expect(new URL(cmsEnv.S3_ENDPOINT).host).toBe('minio:9000');
    expect(cmsEnv.S3_FORCE_PATH_STYLE).toBe('true');
    expect(cmsEnv.S3_ACCESS_KEY_ID).toBe(services.minio.environment?.MINIO_ROOT_USER);
    expect(cmsEnv.S3_SECRET_ACCESS_KEY).toBe(services.minio.environment?.MINIO_ROOT_PASSWORD);
    expect(cmsEnv.S3_PUBLIC_URL).toMatch(new RegExp(`/${bucket}$`));
    expect(services.cms.depends_on?.['minio-bucket'].condition).toBe('service_completed_successfully');
  });

  it('sends e-mail through mailpit', () => {
    expect(cmsEnv.SMTP_HOST).toBe('mailpit');
    expect(cmsEnv.SMTP_PORT).toBe('1025');
  });

  it('builds the cms from a Dockerfile that builds the portal and starts the cms workspace', () => {
    const dockerfile = read(services.cms.build?.dockerfile ?? '');
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/CMD \["npm", "run", "start", "-w", "cms"\]/);
  });

  it('uses only variables documented in config/.env.example', () => {
    const undocumented = Object.keys(cmsEnv).filter((name) => !documented.has(name));
    expect(undocumented).toEqual([]);
  });
});

describe('config/.env.example', () => {
  it('documents every variable the cms reads', () => {
    const sources = [...filesUnder('cms/config'), ...filesUnder('cms/src'), ...filesUnder('cms/scripts')];
    const used = new Set<string>();
    for (const file of sources) {
      const text = read(file);
      for (const match of text.matchAll(/env(?:\.(?:int|bool|array|float|json|date))?\('([A-Z][A-Z0-9_]*)'/g)) used.add(match[1]);
      for (const match of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((name) => !documented.has(name)).sort()).toEqual([]);
  });
});

describe('two cms replicas behind a proxy (issue #27)', () => {
  const proxyConfig = () => {
    const mount = (services.proxy.volumes ?? []).find((volume) => volume.endsWith(':/etc/nginx/conf.d/default.conf:ro')) ?? '';
    // Without its comments: only the directives count.
    return read(mount.split(':')[0].replace(/^\.\//, '')).replace(/#.*$/gm, '');
  };

  it('runs two cms replicas on the one postgres database, reached only through the proxy', () => {
    expect(services.cms.deploy?.replicas).toBe(2);
    expect(services.cms.ports).toBeUndefined();
    expect(services.proxy.image).toMatch(/^nginx:/);
    expect(services.proxy.ports).toEqual(['1337:80']);
    expect(services.proxy.depends_on?.cms.condition).toBe('service_healthy');
    expect(new URL(cmsEnv.PUBLIC_URL).port).toBe('1337');
    expect(cmsEnv.TRUST_PROXY).toBe('true');
  });

  it('gives every replica the same secrets (a session from one is checked on the other)', () => {
    expect(services.cms.depends_on?.['cms-secrets'].condition).toBe('service_completed_successfully');
    expect(services.cms.volumes).toContain('cms-secrets:/secrets:ro');
    expect(services.cms.command?.join(' ')).toContain('. /secrets/portal.env');
    for (const secret of ['APP_KEYS', 'API_TOKEN_SALT', 'ADMIN_JWT_SECRET', 'TRANSFER_TOKEN_SALT', 'JWT_SECRET', 'ENCRYPTION_KEY']) {
      expect(services['cms-secrets'].entrypoint).toContain(`'${secret}='`);
    }
  });

  it('balances without sticky sessions and passes event streams through unbuffered', () => {
    const config = proxyConfig();
    expect(config).toMatch(/upstream portal_cms \{[^}]*server cms:1337/);
    expect(config).not.toMatch(/\b(ip_hash|hash|sticky)\b/);
    const events = config.slice(config.indexOf('location ~ ^/api/(projects/[^/]+/)?events$'));
    expect(events).toMatch(/proxy_buffering off;/);
    expect(events).toMatch(/proxy_http_version 1\.1;/);
    expect(events).toMatch(/gzip off;/);
    // Longer than the server's heartbeat (PROJECT_EVENTS_HEARTBEAT_MS, 15 s): an idle stream stays open.
    expect(events).toMatch(/proxy_read_timeout 1h;/);
    expect(new RegExp(config.match(/location ~ (\S+) \{/)?.[1] ?? '^$').test('/api/projects/12/events')).toBe(true);
    expect(new RegExp(config.match(/location ~ (\S+) \{/)?.[1] ?? '^$').test('/api/events')).toBe(true);
  });
});
