import type { Core } from '@strapi/strapi';
import { isPostgres, listenChannel, notifyChannel, NOTIFY_PAYLOAD_MAX } from '../../../db';
import { setPublisher, type LiveChange } from './changes';

/**
 * How changes travel from the writes to the hub (issue #27): on PostgreSQL through NOTIFY on one
 * channel that every instance LISTENs to (this one included), so each instance hears every write;
 * otherwise straight to this process's hub.
 */

const CHANNEL = 'portal_live';

/** NOTIFY with ids only; a long id list goes in several notifications. */
const notify = async (strapi: Core.Strapi, change: LiveChange) => {
  try {
    const payloads: string[] = [];
    if (change.kind === 'units' && JSON.stringify(change).length > NOTIFY_PAYLOAD_MAX) {
      const size = 500;
      for (let index = 0; index < change.unitIds.length; index += size)
        payloads.push(JSON.stringify({ ...change, unitIds: change.unitIds.slice(index, index + size), removed: undefined }));
      const removed = change.removed ?? [];
      for (let index = 0; index < removed.length; index += size)
        payloads.push(JSON.stringify({ kind: 'units', unitIds: [], removed: removed.slice(index, index + size) }));
    } else payloads.push(JSON.stringify(change));
    for (const payload of payloads) await notifyChannel(strapi, CHANNEL, payload);
  } catch (error) {
    strapi.log.warn(`Live event not sent: ${(error as Error).message}`);
  }
};

/**
 * Hands every change announced from now on to `receive`: LISTEN on PostgreSQL (a LISTEN connection
 * lost and made again arrives as a resync of every project), in process otherwise. The function it
 * returns stops the announcing and the listening.
 */
export const connectChannel = async (strapi: Core.Strapi, receive: (change: LiveChange) => void) => {
  if (!isPostgres(strapi)) {
    setPublisher(strapi, receive);
    return async () => setPublisher(strapi, null);
  }
  const listener = await listenChannel(
    strapi,
    CHANNEL,
    (payload) => {
      try {
        receive(JSON.parse(payload) as LiveChange);
      } catch {
        // Not ours: ignored.
      }
    },
    () => receive({ kind: 'resync', projectId: 0 }),
  );
  let notifying: Promise<void> = Promise.resolve();
  // One after another, in commit order: two writes' notifications never overtake each other.
  setPublisher(strapi, (change) => {
    notifying = notifying.then(() => notify(strapi, change));
  });
  return async () => {
    setPublisher(strapi, null);
    await listener?.close();
  };
};
