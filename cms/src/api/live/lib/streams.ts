import type { ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import type { Viewer } from '../../../http/current-viewer';
import { keyOf, render, type Resolved, type Stream } from './render';

/**
 * The open event streams of one hub (issue #27), and the writing to them: a client that does not
 * read is disconnected rather than buffered without bound, and a change is encoded once per kind of
 * viewer.
 */
export class LiveStreams {
  private readonly open = new Set<Stream>();
  /** When a stream was last open here (0: never). */
  lastListened = 0;

  /** `maxBuffered`: the bytes a client may leave unread before it is disconnected. */
  constructor(
    private readonly strapi: Core.Strapi,
    private readonly maxBuffered: number,
  ) {}

  get size() {
    return this.open.size;
  }

  /** The open streams, as the Set holds them: one closed on the way is not visited. */
  [Symbol.iterator]() {
    return this.open.values();
  }

  /** Registers an open response as a stream, closed when the response closes (at once if it has already). */
  add(res: ServerResponse, viewer: Viewer, sessionId: number | null, projectId: number | null, projects: Set<number> | 'all') {
    const stream: Stream = { res, viewer, sessionId, projectId, projects, key: '', closed: false };
    stream.key = keyOf(stream);
    this.open.add(stream);
    res.once('close', () => this.close(stream));
    // The client may have left while its projects were read.
    if (res.destroyed || res.writableEnded) this.close(stream);
    return stream;
  }

  /** Writes a resolved change to every stream, as its viewer receives it. */
  send(resolved: Resolved) {
    // Encoded once per kind of viewer: a thousand agents of one region share one buffer.
    const rendered = new Map<string, Buffer>();
    for (const stream of this.open) {
      let bytes = rendered.get(stream.key);
      if (bytes === undefined) rendered.set(stream.key, (bytes = Buffer.from(render(stream, resolved))));
      this.write(stream, bytes);
    }
  }

  /** Writes to a stream; a client that does not read (its buffer over the bound) is disconnected. */
  write(stream: Stream, text: string | Buffer) {
    if (stream.closed || text.length === 0) return;
    if (stream.res.destroyed) {
      this.close(stream);
      return;
    }
    if (stream.res.writableLength > this.maxBuffered) {
      this.strapi.log.warn(`Live stream of user ${stream.viewer.userId} disconnected: the client does not keep up`);
      this.close(stream, true);
      return;
    }
    stream.res.write(text);
  }

  close(stream: Stream, abort = false) {
    if (stream.closed) return;
    stream.closed = true;
    this.open.delete(stream);
    this.lastListened = Date.now();
    if (abort) stream.res.destroy();
    else stream.res.end();
  }

  closeAll() {
    for (const stream of [...this.open]) this.close(stream);
  }
}
