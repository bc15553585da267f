import { UnitDetailRoute } from '../shared/unit-detail';

/** /agent/units/:unitId */
export const AgentUnitRoute = () => <UnitDetailRoute mode="agent" />;
