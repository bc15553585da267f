import { SoldUnitsManager } from '../../../features/sold-units/components/sold-units-manager';

/** The Sold Units tab of the admin dashboard, and /admin/sold-units-manager (spec §2). */
export const SoldUnitsTab = () => <SoldUnitsManager />;
