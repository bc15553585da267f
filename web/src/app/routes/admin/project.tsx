import { ImportExportButton } from '@/features/csv/components/import-export-button';
import { NotificationButton } from '@/features/notifications/components/notification-button';
import { PropertyFormDialog } from '@/features/projects/components/property-form-dialog';
import { unitFormImages } from '@/features/unit-images/hooks/use-unit-form-images';
import { UnitFormImagesProvider } from '@/lib/unit-form-images';
import { ProjectDetail, type ProjectAdminTools } from '../shared/project-detail';

const TOOLS: ProjectAdminTools = { ImportExportButton, NotificationButton, PropertyFormDialog };

/** /admin/projects/:projectId, with the admin's tools; Add New Unit's images come from the images feature (lib/unit-form-images.tsx). */
export const AdminProjectRoute = () => (
  <UnitFormImagesProvider value={unitFormImages}>
    <ProjectDetail mode="admin" tools={TOOLS} />
  </UnitFormImagesProvider>
);
