import type { Core } from '@strapi/strapi';

/** The content types whose portal forms carry a revision (projects; units, and so their sale details). */
const REVISIONED = new Set<string>(['api::project.project', 'api::unit.unit']);

interface PanelRequest {
  state?: { auth?: { strategy?: { name?: string } } };
}

/** True inside a request signed in to the CMS panel (Strapi's admin strategy), never for the portal's /api. */
const fromPanel = (strapi: Core.Strapi) => (strapi.requestContext.get() as PanelRequest | undefined)?.state?.auth?.strategy?.name === 'admin';

/**
 * Moves a record's revision on by one with a compare-and-set on the revision read: a portal save that
 * claims the same revision in between makes the set match no row, and it is read again.
 */
const moveRevision = async (strapi: Core.Strapi, uid: string, documentId: string) => {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = (await strapi.db.query(uid as never).findOne({ where: { documentId }, select: ['id', 'revision'] })) as { id: number; revision: number | null } | null;
    if (!row) return;
    const current = row.revision === null ? { revision: { $null: true } } : { revision: row.revision };
    const { count } = (await strapi.db.query(uid as never).updateMany({ where: { id: row.id, ...current }, data: { revision: (row.revision ?? 1) + 1 } })) as { count: number };
    if (count > 0) return;
  }
};

/**
 * An edit made by content staff in the CMS panel replaces fields a portal form may have read, so it
 * moves the record's revision like the portal's own saves do: a form read before it then gets 409
 * instead of silently reverting it. The panel never sends the revision itself (the field is hidden
 * there), and the portal's routes claim theirs in their own transaction, so only panel requests are
 * handled here. The revision moves before the panel's write: a portal save from the older revision
 * either lands first (and the panel, which has no revision, writes over it as it always did) or gets 409.
 */
export const moveRevisionsOnPanelEdits = (strapi: Core.Strapi) => {
  strapi.documents.use(async (context, next) => {
    const documentId = (context.params as { documentId?: unknown } | undefined)?.documentId;
    if (context.action === 'update' && REVISIONED.has(context.uid) && typeof documentId === 'string' && fromPanel(strapi)) {
      await moveRevision(strapi, context.uid, documentId);
    }
    return next();
  });
};
