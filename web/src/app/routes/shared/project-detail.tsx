import { Stack, Text } from '@chakra-ui/react';
import { PROJECT_EVENT_PATHS } from '@repo/types';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { DetailLayout } from '@/components/layouts/detail-layout';
import { useSession } from '@/features/auth/hooks/use-session';
import type { ImportExportButton } from '@/features/csv/components/import-export-button';
import type { NotificationButton } from '@/features/notifications/components/notification-button';
import { paths } from '@/config/paths';
import { useProject } from '@/features/projects/api/get-project';
import { ProjectHeader } from '@/features/projects/components/project-header';
import { ProjectInformation } from '@/features/projects/components/project-information';
import { ProjectLoadError } from '@/features/projects/components/project-load-error';
import type { PropertyFormDialog } from '@/features/projects/components/property-form-dialog';
import { PROPERTIES_TEXT } from '@/features/projects/utils/messages';
import { useLiveEvents } from '@/lib/live/use-live-events';
import { useProjectUnits } from '@/features/units/api/get-project-units';
import { UnitsSection } from '@/features/units/components/units-section';
import { useUnitTable } from '@/features/units/hooks/use-unit-table';
import { SignedInHeader } from './signed-in-header';

/**
 * The admin's tools of other features on the project page: Import/Export beside 'Add New Unit', the
 * notification on the selected units, and Edit Property. The admin route gives them
 * (admin/project.tsx), so an agent's download holds none of their code.
 */
export interface ProjectAdminTools {
  ImportExportButton: typeof ImportExportButton;
  NotificationButton: typeof NotificationButton;
  PropertyFormDialog: typeof PropertyFormDialog;
}

export type ProjectDetailProps = { mode: 'agent' } | { mode: 'admin'; tools: ProjectAdminTools };

/**
 * /admin/projects/:projectId and /agent/projects/:projectId (spec §2 Project detail): the project's
 * information (projects feature) and its units (units feature), with the admin tools of the csv,
 * notifications and projects features slotted in: composed by the routes so no feature imports another.
 */
export const ProjectDetail = (props: ProjectDetailProps) => {
  const { mode } = props;
  const tools = props.mode === 'admin' ? props.tools : null;
  const { projectId = '' } = useParams();
  const { project, error, isLoading } = useProject(projectId);
  const units = useProjectUnits(projectId);
  const table = useUnitTable(units.units);
  const { profile } = useSession();
  // The project's stream, once the project is known to be visible (a refused one would only retry).
  useLiveEvents(project ? PROJECT_EVENT_PATHS.projectEvents(project.id) : null, { projectId: project?.id ?? null });
  const [editing, setEditing] = useState(false);
  const handleEdit = useCallback(() => setEditing(true), []);
  const handleCloseEdit = useCallback(() => setEditing(false), []);
  const dashboardHref = paths.dashboard(mode);
  const navigate = useNavigate();
  // The property is gone: back to the dashboard, where its card no longer is.
  const handleDeleted = useCallback(() => navigate(dashboardHref, { replace: true }), [navigate, dashboardHref]);
  const unitNumbers = useMemo(() => units.units.map((unit) => unit.unitNumber), [units.units]);
  const unitsById = useMemo(() => new Map(units.units.map((unit) => [unit.id, unit])), [units.units]);
  const headerTools = useMemo(
    () => (tools && project ? <tools.ImportExportButton projectId={project.id} existingUnitNumbers={unitNumbers} /> : undefined),
    [tools, project, unitNumbers],
  );
  const selectionActions = useCallback(
    (selected: readonly number[]) =>
      tools && project ? (
        <tools.NotificationButton project={project} units={selected.map((id) => unitsById.get(id)).filter((unit) => unit !== undefined)} />
      ) : undefined,
    [tools, project, unitsById],
  );

  let content;
  if (error) content = <ProjectLoadError error={error} dashboardHref={dashboardHref} />;
  else if (isLoading || !project) {
    content = (
      <Text color="fg.muted" role="status" py="16" textAlign="center">
        {PROPERTIES_TEXT.loadingProject}
      </Text>
    );
  } else {
    content = (
      <Stack gap="6">
        <ProjectHeader project={project} dashboardHref={dashboardHref} onEdit={tools ? handleEdit : undefined} />
        <ProjectInformation project={project} mode={mode} totalUnits={units.units.length} displayedUnits={table.rows.length} />
        <UnitsSection
          mode={mode}
          project={project}
          units={units.units}
          isLoading={units.isLoading}
          error={units.error}
          table={table}
          headerTools={headerTools}
          selectionActions={tools ? selectionActions : undefined}
          viewerKey={profile ? String(profile.id) : undefined}
        />
        {tools && <tools.PropertyFormDialog open={editing} project={project} onClose={handleCloseEdit} onDeleted={handleDeleted} />}
      </Stack>
    );
  }
  return <DetailLayout header={<SignedInHeader userType={mode} titleIsPageHeading={false} />}>{content}</DetailLayout>;
};
