/**
 * 'status' is reserved in Strapi 5, so units store it as unitStatus. The portal's API speaks
 * 'status' both ways; these two functions are the only place that knows about the rename.
 */
type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

export const toApiUnit = <T>(unit: T): T => {
  if (!isRow(unit) || !('unitStatus' in unit)) return unit;
  const { unitStatus, ...rest } = unit;
  return { ...rest, status: unitStatus } as T;
};

export const fromApiUnit = (data: unknown): unknown => {
  if (!isRow(data) || !('status' in data)) return data;
  const { status, ...rest } = data;
  return { ...rest, unitStatus: status };
};
