import type { Core } from '@strapi/strapi';

/**
 * What a write tells the live streams (issue #27): ids only, never data. Each instance resolves a
 * change for its own viewers (it reads the rows after the commit), so the same message serves the
 * in-process fan-out (SQLite) and PostgreSQL's NOTIFY, whose payload stays a few ids.
 */
export type LiveChange =
  /** Units created, edited or deleted; `removed` names the deleted ones with their project (their rows are gone). */
  | { kind: 'units'; unitIds: number[]; removed?: Array<[number, number]>; adminOnly?: boolean }
  /** A project created, edited (its visibility too) or deleted. */
  | { kind: 'project'; projectId: number; deleted?: boolean }
  /** Too many units changed at once (a large import): its viewers revalidate. */
  | { kind: 'resync'; projectId: number }
  /** A user's role, region, visible projects or block changed, or the user was deleted. */
  | { kind: 'user'; userId: number }
  /** Some of a user's sessions ended (logout, password change or reset, block, deletion). */
  | { kind: 'sessions'; userId: number };

/** More units than this in one write go to their viewers as one `resync` per project. */
export const RESYNC_THRESHOLD = 1_000;

type Publisher = (change: LiveChange) => void;

const publishers = new WeakMap<Core.Strapi, Publisher>();

/** The hub installs how changes leave this process (in process, or NOTIFY). */
export const setPublisher = (strapi: Core.Strapi, publisher: Publisher | null) => {
  if (publisher) publishers.set(strapi, publisher);
  else publishers.delete(strapi);
};

/**
 * Announces a change once the current transaction commits, or now if none is open; a rolled-back
 * transaction announces nothing (Strapi runs the commit callbacks of nested transactions at the
 * outermost commit, and drops them on rollback).
 */
export const announce = async (strapi: Core.Strapi, change: LiveChange) => {
  const send = () => {
    try {
      publishers.get(strapi)?.(change);
    } catch (error) {
      strapi.log.warn(`Live event not sent: ${(error as Error).message}`);
    }
  };
  if (strapi.db.inTransaction()) {
    await strapi.db.transaction(async ({ onCommit }) => {
      onCommit(send);
    });
  } else send();
};

/** Units changed (created, edited, status), as one change, or a resync per project when too many. */
export const announceUnits = async (strapi: Core.Strapi, unitIds: number[], options: { adminOnly?: boolean } = {}) => {
  if (unitIds.length === 0) return;
  await announce(strapi, { kind: 'units', unitIds: [...new Set(unitIds)], ...(options.adminOnly ? { adminOnly: true } : {}) });
};

/** Units deleted: their ids and projects, read before the delete. */
export const announceRemoved = async (strapi: Core.Strapi, removed: Array<{ id: number; projectId: number }>) => {
  if (removed.length === 0) return;
  await announce(strapi, { kind: 'units', unitIds: [], removed: removed.map((unit) => [unit.id, unit.projectId]) });
};
