import http from 'node:http';

/** One Server-Sent Event as a client parses it. */
export interface ReceivedEvent {
  id: string | null;
  type: string;
  data: unknown;
}

export interface EventStreamClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event received so far, in order (heartbeat comments are counted in `comments`). */
  events: ReceivedEvent[];
  comments: () => number;
  /** The body of a non-200 answer (parsed JSON). */
  body: unknown;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  isEnded: () => boolean;
  /** Waits until the events received satisfy `check` (rejects after `timeoutMs`). */
  waitFor: (check: (events: ReceivedEvent[]) => boolean, timeoutMs?: number, what?: string) => Promise<ReceivedEvent[]>;
  /** The id of the last event received. */
  lastId: () => string | null;
  close: () => void;
}

/**
 * Opens an event stream the way a browser's EventSource does (GET, Accept: text/event-stream,
 * Last-Event-ID on a reconnection) and parses what arrives (the spec's field rules, for what the
 * server sends: `id`, `event`, `data`, comments).
 */
export const openEventStream = (
  baseUrl: string,
  path: string,
  { token, cookie, lastEventId }: { token?: string; cookie?: string; lastEventId?: string } = {},
): Promise<EventStreamClient> =>
  new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (cookie) headers.Cookie = cookie;
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    const request = http.get(`${baseUrl}${path}`, { headers, agent: false }, (response) => {
      const events: ReceivedEvent[] = [];
      let comments = 0;
      let buffer = '';
      let ended = false;
      const waiters = new Set<() => void>();
      const notify = () => {
        for (const waiter of [...waiters]) waiter();
      };
      let endedResolve: () => void = () => undefined;
      const endedPromise = new Promise<void>((done) => (endedResolve = done));
      const finish = () => {
        if (ended) return;
        ended = true;
        endedResolve();
        notify();
      };
      response.setEncoding('utf8');
      let raw = '';
      response.on('data', (chunk: string) => {
        if (response.statusCode !== 200) {
          raw += chunk;
          return;
        }
        buffer += chunk;
        let index: number;
        while ((index = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          let id: string | null = null;
          let type = 'message';
          const data: string[] = [];
          let fields = 0;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              comments += 1;
              continue;
            }
            const colon = line.indexOf(':');
            const name = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (name === 'id') id = value;
            else if (name === 'event') type = value;
            else if (name === 'data') data.push(value);
            else continue;
            fields += 1;
          }
          if (fields > 0 && data.length > 0) events.push({ id, type, data: JSON.parse(data.join('\n')) });
        }
        notify();
      });
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);
      const client: EventStreamClient = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        comments: () => comments,
        body: null,
        ended: endedPromise,
        isEnded: () => ended,
        lastId: () => [...events].reverse().find((event) => event.id)?.id ?? null,
        waitFor: (check, timeoutMs = 10_000, what = 'events') =>
          new Promise((done, fail) => {
            const attempt = () => {
              if (check(events)) {
                waiters.delete(attempt);
                clearTimeout(timer);
                done(events);
              } else if (ended) {
                waiters.delete(attempt);
                clearTimeout(timer);
                fail(new Error(`Stream ended before ${what}; received ${JSON.stringify(events.map((event) => event.type))}`));
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(attempt);
              fail(new Error(`Timed out waiting for ${what}; received ${JSON.stringify(events)}`));
            }, timeoutMs);
            waiters.add(attempt);
            attempt();
          }),
        close: () => {
          request.destroy();
          finish();
        },
      };
      if (response.statusCode !== 200) {
        response.on('end', () => {
          try {
            client.body = JSON.parse(raw);
          } catch {
            client.body = raw;
          }
          resolve(client);
        });
        return;
      }
      resolve(client);
    });
    request.on('error', reject);
  });
