import { useProjects } from '@/features/projects/api/get-projects';
import { SoldUnitsManager } from '@/features/sold-units/components/sold-units-manager';

/**
 * The Sold Units tab of the admin dashboard, and /admin/sold-units-manager (spec §2). The projects
 * come from the projects feature: their regions choose each price's currency and their names the order.
 */
export const SoldUnitsTab = () => {
  const { projects, isLoading, error } = useProjects();
  return <SoldUnitsManager projects={projects} projectsLoading={isLoading} projectsError={error} />;
};
