// Timing helpers: one keep-alive HTTP client for both servers, percentiles, interleaved rounds (so
// a busy moment of the shared machine hits the portal and its baseline alike), child servers.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** What a browser offers (Chromium's Accept-Encoding), so both servers compress as they would for one. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const decode = (body, encoding) => {
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  return body;
};

/**
 * One request, offering the encodings a browser offers; resolves with status, headers, the body's
 * text (decoded), its bytes as text and as sent (`wireBytes`), and the milliseconds to the decoded text.
 * `fresh` opens a connection of its own: after the bench's own event loop was held by a long
 * synchronous SQLite statement, a kept-alive socket may have been closed by the server meanwhile.
 */
export const request = (baseUrl, { method = 'GET', path, headers = {}, body, fresh = false }) =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const url = new URL(path, baseUrl);
    // As a browser's fetch does: the body's length up front, not a chunked upload.
    const sized =
      body === undefined || Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')
        ? headers
        : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) };
    const offered = Object.keys(sized).some((name) => name.toLowerCase() === 'accept-encoding')
      ? sized
      : { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING, ...sized };
    const outgoing = http.request(url, { method, headers: offered, agent: fresh ? false : agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const wire = Buffer.concat(chunks);
        const text = decode(wire, response.headers['content-encoding']).toString('utf8');
        resolve({
          status: response.statusCode,
          headers: response.headers,
          text,
          bytes: Buffer.byteLength(text),
          wireBytes: wire.length,
          ms: performance.now() - started,
        });
      });
      response.on('error', reject);
    });
    outgoing.on('error', (error) => {
      // The server closed an idle kept-alive socket as we reused it (Node's documented race): once more, afresh.
      if (outgoing.reusedSocket && ['ECONNRESET', 'EPIPE'].includes(error.code)) resolve(request(baseUrl, { method, path, headers, body, fresh: true }));
      else reject(error);
    });
    outgoing.end(body);
  });

/** Times an async function in milliseconds. */
export const time = async (fn) => {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
};

export const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
export const median = (values) => percentile(values, 50);

/**
 * Runs `warmup` untimed rounds, then `rounds` timed ones; each round runs every named function once,
 * in turn. Each function returns its own milliseconds (or a {ms} object). Returns samples by name.
 */
export const interleaved = async (fns, { rounds, warmup = 3 }) => {
  const samples = Object.fromEntries(Object.keys(fns).map((name) => [name, []]));
  for (let round = 0; round < warmup + rounds; round += 1) {
    for (const [name, fn] of Object.entries(fns)) {
      const result = await fn(round);
      if (round >= warmup) samples[name].push(typeof result === 'number' ? result : result.ms);
    }
  }
  return samples;
};

/** Forks a server script with an IPC channel; resolves once it reports {type:'ready', port}. */
export const startChild = (script, { env, logFile, args = [], execArgv = [] }) =>
  new Promise((resolve, reject) => {
    const log = fs.openSync(logFile, 'a');
    const child = fork(script, args, { env: { ...process.env, ...env }, stdio: ['ignore', log, log, 'ipc'], execArgv });
    let ready = false;
    child.once('exit', (code) => {
      fs.closeSync(log);
      if (!ready) reject(new Error(`${script} exited with ${code} before it was ready; see ${logFile}`));
    });
    child.on('message', (message) => {
      if (message?.type !== 'ready' || ready) return;
      ready = true;
      const stop = () =>
        new Promise((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.send({ type: 'stop' });
          setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 15_000).unref();
        });
      resolve({ ...message, baseUrl: `http://127.0.0.1:${message.port}`, child, stop });
    });
  });

/** What the shared machine was doing: load averages and cores, recorded with every result. */
export const machine = () => ({
  node: process.version,
  platform: `${os.type()} ${os.release()} ${os.arch()}`,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
});

export const round = (value, digits = 2) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);
/**
 * A table figure: two decimals, and at least three significant digits below 1 (a 4G budget row's
 * ratio of 0.0747, or 0.035 s, keeps its precision instead of losing a tenth of itself).
 */
export const figure = (value) => (!Number.isFinite(value) ? null : Math.abs(value) >= 1 ? round(value) : Number(value.toPrecision(3)));

/**
 * How long process `pid`'s main thread has waited on the run queue so far, in ms: the second field of
 * Linux's /proc/<pid>/task/<pid>/schedstat. Null where there is none (another system).
 */
export const runQueueWaitMs = (pid) => {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return null;
  }
};
