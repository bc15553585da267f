import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import { describe, expect, it } from 'vitest';
import { LiveHub } from '../src/api/live/lib/hub';

// Issue #27 item 6, the bounds of one instance's hub, on a response that does not read: a client that
// leaves more than LIVE_MAX_BUFFERED_BYTES unread is disconnected rather than buffered without bound.

class StalledResponse extends EventEmitter {
  writableLength = 0;
  written: string[] = [];
  destroyed = false;
  ended = false;
  write(text: string) {
    this.written.push(text);
    // Nothing is ever read: everything written stays buffered.
    this.writableLength += Buffer.byteLength(text);
    return this.writableLength < 16_384;
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
  end() {
    this.ended = true;
    this.emit('close');
  }
}

const warnings: string[] = [];
const strapi = { log: { warn: (line: string) => warnings.push(line) } } as unknown as Core.Strapi;
const admin = { userId: 1, email: 'admin@hub.test', isAdmin: true, agentType: null, visibleProjects: null };

describe('a client that does not keep up', () => {
  it('is disconnected once its unread data passes the bound, and the hub forgets it', async () => {
    process.env.LIVE_MAX_BUFFERED_BYTES = '100000';
    const hub = new LiveHub(strapi);
    const slow = new StalledResponse();
    const stream = await hub.open(slow as unknown as ServerResponse, admin, null, null, null);
    expect(hub.openStreams).toBe(1);
    const event = `id: x-1\nevent: unit\ndata: ${JSON.stringify({ unit: { id: 1, name: 'x'.repeat(1_000) } })}\n\n`;
    let writes = 0;
    while (!slow.destroyed && writes < 1_000) {
      hub['write'](stream, event);
      writes += 1;
    }
    expect(slow.destroyed).toBe(true);
    expect(hub.openStreams).toBe(0);
    // It was cut at the bound, not after: at most one event past 100,000 bytes.
    expect(slow.writableLength).toBeLessThan(100_000 + 2 * event.length);
    expect(slow.writableLength).toBeGreaterThan(100_000);
    expect(warnings.some((line) => line.includes('does not keep up'))).toBe(true);
    const after = slow.written.length;
    hub['write'](stream, event);
    expect(slow.written.length).toBe(after);
    delete process.env.LIVE_MAX_BUFFERED_BYTES;
  });

  it('a reader keeping up is never cut off', async () => {
    const hub = new LiveHub(strapi);
    const reader = new StalledResponse();
    const stream = await hub.open(reader as unknown as ServerResponse, admin, null, null, null);
    for (let index = 0; index < 5_000; index += 1) {
      hub['write'](stream, `: heartbeat\n\n`);
      reader.writableLength = 0;
    }
    expect(reader.destroyed).toBe(false);
    expect(hub.openStreams).toBe(1);
  });
});
