import { UnitDetailRoute } from '../shared/unit-detail';

/** /admin/units/:unitId (?edit=true opens the edit form) */
export const AdminUnitRoute = () => <UnitDetailRoute mode="admin" />;
