import { Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { DetailLayout } from '../../../components/layouts/detail-layout';
import { paths } from '../../../config/paths';
import { useProject } from '../../../features/projects/api/get-project';
import { ProjectHeader } from '../../../features/projects/components/project-header';
import { ProjectInformation } from '../../../features/projects/components/project-information';
import { ProjectLoadError } from '../../../features/projects/components/project-load-error';
import { PropertyFormDialog } from '../../../features/projects/components/property-form-dialog';
import { PROPERTIES_TEXT } from '../../../features/projects/utils/messages';
import { useProjectUnits } from '../../../features/units/api/get-project-units';
import { UnitsSection } from '../../../features/units/components/units-section';
import { useUnitTable } from '../../../features/units/hooks/use-unit-table';

export interface ProjectDetailProps {
  mode: 'admin' | 'agent';
}

/**
 * /admin/projects/:projectId and /agent/projects/:projectId (spec §2 Project detail): the project's
 * information (projects feature) and its units (units feature), composed here so neither feature
 * imports the other. The admin tools render only in admin mode.
 */
export const ProjectDetail = ({ mode }: ProjectDetailProps) => {
  const { projectId = '' } = useParams();
  const { project, error, isLoading } = useProject(projectId);
  const units = useProjectUnits(projectId);
  const table = useUnitTable(units.units);
  const [editing, setEditing] = useState(false);
  const handleEdit = useCallback(() => setEditing(true), []);
  const handleCloseEdit = useCallback(() => setEditing(false), []);
  const dashboardHref = paths.dashboard(mode);

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
        <ProjectHeader project={project} dashboardHref={dashboardHref} onEdit={mode === 'admin' ? handleEdit : undefined} />
        <ProjectInformation project={project} mode={mode} totalUnits={units.units.length} displayedUnits={table.rows.length} />
        <UnitsSection mode={mode} project={project} units={units.units} isLoading={units.isLoading} error={units.error} table={table} />
        {mode === 'admin' && <PropertyFormDialog open={editing} project={project} onClose={handleCloseEdit} />}
      </Stack>
    );
  }
  return <DetailLayout>{content}</DetailLayout>;
};
