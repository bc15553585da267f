// The exact SQL each hot path needs, as the portal issues it (cms/src/api/unit/services/unit.ts,
// cms/src/api/project/services/project.ts, unit-writes.ts, utils/bulk-insert.ts), written out by
// hand. The raw baselines run these through the driver; the bare server runs them behind HTTP.

export const AGENT_STATUSES = ['available', 'sold', 'reserved'];
const list = (count) => Array.from({ length: count }, () => '?').join(', ');

const PROJECT_COLUMNS = 'id, name, location, description, project_type, image_url, image_metadata, visible_to, created_at, updated_at';
const LIST_COLUMNS = 'id, unit_number, name, unit_type, floor, view, area, size, price, unit_status, bedrooms, bathrooms, updated_at';
const DETAIL_COLUMNS = `${LIST_COLUMNS}, project_id, description, features, available, visible_to, is_image_source, is_source_unit, shared_images_unit_id, use_shared_images, created_at`;

/** Agents only: the projects and their regions, filtered by the region rule in JS (as the portal does). */
export const projectVisibility = () => ({ sql: 'SELECT id, visible_to FROM projects', params: [] });

export const projectById = (id) => ({ sql: `SELECT ${PROJECT_COLUMNS} FROM projects WHERE id = ?`, params: [id] });

const statusFilter = (statuses) => (statuses ? ` AND unit_status IN (${list(statuses.length)})` : '');

/** The list's validator: count, newest update, id sum and revision sum of the rows the viewer sees. */
export const listVersion = (projectId, statuses) => ({
  sql: `SELECT count(*) AS count, max(updated_at) AS newest, sum(id) AS ids, sum(revision) AS revisions FROM units WHERE project_id = ?${statusFilter(statuses)}`,
  params: [projectId, ...(statuses ?? [])],
});

/** All units of a project the viewer sees, the table's columns only. */
export const unitsOfProject = (projectId, statuses) => ({
  sql: `SELECT ${LIST_COLUMNS} FROM units WHERE project_id = ?${statusFilter(statuses)} ORDER BY id ASC`,
  params: [projectId, ...(statuses ?? [])],
});

export const unitById = (id) => ({ sql: `SELECT ${DETAIL_COLUMNS} FROM units WHERE id = ?`, params: [id] });

export const imagesOfUnit = (id) => ({
  sql: `SELECT i.image_id, i.url, i.name, i.featured, i.is_source_unit FROM units_cmps c JOIN components_unit_images i ON i.id = c.cmp_id
        WHERE c.entity_id = ? AND c.field = 'images' AND c.component_type = 'unit.image' ORDER BY c."order" ASC`,
  params: [id],
});

export const projectSummary = (id) => ({ sql: 'SELECT id, name, location, visible_to FROM projects WHERE id = ?', params: [id] });

/** The dashboard: the cards, then the counts per project and status in one GROUP BY. */
export const dashboardProjects = () => ({ sql: `SELECT ${PROJECT_COLUMNS} FROM projects ORDER BY name ASC, id ASC`, params: [] });
export const statusCounts = (statuses) => ({
  sql: `SELECT project_id, unit_status, count(*) AS count FROM units${statuses ? ` WHERE unit_status IN (${list(statuses.length)})` : ''} GROUP BY project_id, unit_status`,
  params: statuses ?? [],
});

/** The bulk status change itself: one UPDATE of status, update time and revision. */
export const bulkStatusUpdate = (ids, status, now) => ({
  sql: `UPDATE units SET unit_status = ?, updated_at = ?, revision = COALESCE(revision, 1) + 1 WHERE id IN (${list(ids.length)})`,
  params: [status, now, ...ids],
});

/** The columns of an audit row (unit-history). */
const HISTORY_COLUMNS = [
  'document_id',
  'created_at',
  'updated_at',
  'published_at',
  'locale',
  'unit_id',
  'project_id',
  'unit_number',
  'action',
  'before',
  'after',
  'actor_id',
  'actor_email',
];

/** The portal's id list bound as one value (cms/src/db/sql-dialect.ts, inIdList and idListValue). */
const inIds = (kind, column) => (kind === 'postgres' ? `${column} = any(?::integer[])` : `${column} IN (SELECT value FROM json_each(?))`);
const idsValue = (kind, ids) => (kind === 'postgres' ? `{${ids.join(',')}}` : JSON.stringify(ids));

/** PostgreSQL: the rows of a bulk change locked for its transaction, as the portal does before writing. */
export const lockUnits = (kind, ids) => ({ sql: `SELECT id FROM units WHERE ${inIds(kind, 'id')} FOR UPDATE`, params: [idsValue(kind, ids)] });

/**
 * The bulk change's history entries, written by the database from the units' rows (unit-history's
 * recordStatusChanges): one INSERT ... SELECT of the units not in `status` yet.
 */
export const statusHistoryInsert = (kind, ids, status, now, actor) => {
  const documentId =
    kind === 'postgres'
      ? "'h' || lpad(to_hex(?::bigint), 11, '0') || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)"
      : "'h' || printf('%011x', ?) || lower(hex(randomblob(6)))";
  const before = kind === 'postgres' ? "jsonb_build_object('status', u.unit_status)" : "json_object('status', u.unit_status)";
  return {
    sql: `INSERT INTO unit_histories (${HISTORY_COLUMNS.join(', ')})
      SELECT ${documentId}, ?, ?, ?, NULL, u.id, u.project_id, u.unit_number, 'status-changed', ${before}, ?, ?, ?
      FROM units AS u WHERE ${inIds(kind, 'u.id')} AND (u.unit_status IS NULL OR u.unit_status <> ?)`,
    params: [now.getTime(), now, now, now, JSON.stringify({ status }), actor.id, actor.email, idsValue(kind, ids), status],
  };
};

/** The portal's UPDATE of a bulk change: only the units not in `status` yet. */
export const bulkStatusChange = (kind, ids, status, now) => ({
  sql: `UPDATE units SET unit_status = ?, updated_at = ?, revision = COALESCE(revision, 1) + 1 WHERE ${inIds(kind, 'id')} AND (unit_status IS NULL OR unit_status <> ?)`,
  params: [status, now, idsValue(kind, ids), status],
});

/** The columns a new unit is written with (bulk-insert.ts adds the first five to every entry). */
export const UNIT_INSERT_COLUMNS = [
  ['document_id', null],
  ['created_at', null],
  ['updated_at', null],
  ['published_at', null],
  ['locale', null],
  ['project_id', 'projectId'],
  ['unit_number', 'unitNumber'],
  ['name', 'name'],
  ['unit_type', 'unitType'],
  ['floor', 'floor'],
  ['price', 'price'],
  ['area', 'area'],
  ['size', 'size'],
  ['bedrooms', 'bedrooms'],
  ['bathrooms', 'bathrooms'],
  ['view', 'view'],
  ['description', 'description'],
  ['features', 'features'],
  ['unit_status', 'unitStatus'],
  ['available', 'available'],
  ['archived', 'archived'],
  ['visible_to', 'visibleTo'],
  ['is_image_source', 'isImageSource'],
  ['is_source_unit', 'isSourceUnit'],
  ['shared_images_unit_id', 'sharedImagesUnitId'],
  ['use_shared_images', 'useSharedImages'],
  ['revision', 'revision'],
];
/** Rows per INSERT: 1,000 (bulk-insert.ts's MAX_CHUNK_ROWS; 27 columns stay under SQLite's 32,766 bindings). */
export const INSERT_CHUNK_ROWS = 1000;

/** One multi-row INSERT of `rows` (attribute-named, as data.mjs's unitRow makes them). */
export const unitInsert = (rows, documentIds, now) => ({
  sql: `INSERT INTO units (${UNIT_INSERT_COLUMNS.map(([column]) => column).join(', ')}) VALUES ${rows
    .map(() => `(${list(UNIT_INSERT_COLUMNS.length)})`)
    .join(', ')}`,
  params: rows.flatMap((row, index) => [
    documentIds[index],
    now,
    now,
    now,
    null,
    ...UNIT_INSERT_COLUMNS.slice(5).map(([, attribute]) => (attribute === 'visibleTo' ? JSON.stringify(row.visibleTo) : row[attribute])),
  ]),
});

/** Clean-up between repetitions (not timed): a project's units and their history. */
export const deleteProjectUnits = (projectId) => [
  { sql: 'DELETE FROM unit_histories WHERE project_id = ?', params: [projectId] },
  { sql: 'DELETE FROM units WHERE project_id = ?', params: [projectId] },
];

/** The audit rows the portal writes with a change (unit-history): one multi-row INSERT. */
export const historyInsert = (entries, documentIds, now, actor) => ({
  sql: `INSERT INTO unit_histories (${HISTORY_COLUMNS.join(', ')}) VALUES ${entries.map(() => `(${list(HISTORY_COLUMNS.length)})`).join(', ')}`,
  params: entries.flatMap((entry, index) => [
    documentIds[index],
    now,
    now,
    now,
    null,
    entry.unitId,
    entry.projectId,
    entry.unitNumber,
    entry.action,
    entry.before === null ? null : JSON.stringify(entry.before),
    entry.after === null ? null : JSON.stringify(entry.after),
    actor.id,
    actor.email,
  ]),
});
