/** The columns the project table needs, and nothing else: 5,000 rows travel in one response. */
export const LIST_FIELDS = ['id', 'unitNumber', 'name', 'unitType', 'floor', 'view', 'area', 'size', 'price', 'unitStatus', 'bedrooms', 'bathrooms', 'updatedAt'];

/** The API speaks 'status' (Strapi 5 reserves the attribute name, so it is stored as unitStatus). */
export const toApiUnit = ({ unitStatus, ...rest }: Record<string, unknown> & { unitStatus?: unknown }) => ({ ...rest, status: unitStatus });
