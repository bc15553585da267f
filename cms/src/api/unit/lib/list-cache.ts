import { LRUCache } from 'lru-cache';

/**
 * The unit lists' answers as sent, by their ETag (projectListTag), so that the next viewer who asks
 * for the same version of a project's list gets the text without its rows being read and serialized
 * again. A project's 5,000 units are 1.1 MB of JSON and some 60 ms of this thread's time; the portal's
 * agents open the same projects all day, and a phone or a fresh browser holds no copy to revalidate.
 *
 * The tag is what makes this safe: it is computed from the database on every request (each instance
 * of the CMS agrees on it), it changes with every write to the list (as a 304 already relies on),
 * and it names the viewer's scope (admin or agent), the only part of the viewer the rows depend on.
 * Superseded versions are never asked for again and leave as newer ones come in: at most
 * LIST_CACHE_BYTES of text is kept, the least recently used going first. The first of two requests
 * for a version not yet held reads it; the second waits for that read.
 */
export const LIST_CACHE_BYTES = 64 * 1024 * 1024;

type Read = () => Promise<string>;

const bodies = new LRUCache<string, string, Read>({
  maxSize: LIST_CACHE_BYTES,
  // A JavaScript string of this JSON (ASCII but for names) takes about a byte per character.
  sizeCalculation: (body) => Math.max(1, body.length),
  fetchMethod: (_tag, _stale, { context }) => context(),
});

/** The list's JSON text for this tag: held, or read by `read` and kept (a failed read is not). */
export const cachedListBody = async (etag: string, read: Read): Promise<string> => {
  const body = await bodies.fetch(etag, { context: read });
  // fetch answers undefined only when the read gave undefined, which `read` never does.
  if (body === undefined) throw new Error(`The unit list ${etag} could not be read`);
  return body;
};
