import { Box, Grid, Stack, Text } from '@chakra-ui/react';
import { groupUnitsByType } from '@repo/types';
import { useMemo, useState } from 'react';
import { ErrorPanel } from '@/components/feedback/error-panel';
import { paths } from '@/config/paths';
import { loadFailureMessage } from '@/lib/api/api-error';
import { useImageUnits } from '../api/get-image-units';
import { IMAGES_TEXT } from '../utils/messages';
import { SelectedUnitPanel } from './selected-unit-panel';
import { UnitImagesToolbar } from './unit-images-toolbar';
import { UnitTypeGroup } from './unit-type-group';

export interface UnitImagesScreenProps {
  projectId: number | string;
}

/** The units of a project by type, the link tools, and the selected unit's image manager (spec §2). */
export const UnitImagesScreen = ({ projectId }: UnitImagesScreenProps) => {
  const { units, error, isLoading } = useImageUnits(projectId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const groups = useMemo(() => groupUnitsByType(units), [units]);
  const selected = units.find((unit) => unit.id === selectedId) ?? null;

  // Spec §2: the screen's errors are a panel with the way back to the dashboard.
  if (error)
    return (
      <ErrorPanel
        message={loadFailureMessage(error, IMAGES_TEXT.unitLoadFailed)}
        actionLabel={IMAGES_TEXT.returnToDashboard}
        actionHref={paths.adminDashboard}
      />
    );
  if (isLoading) {
    return (
      <Text color="fg.muted" role="status">
        {IMAGES_TEXT.loading}
      </Text>
    );
  }
  if (units.length === 0) return <Text color="fg.muted">{IMAGES_TEXT.noUnits}</Text>;

  return (
    <Stack gap="6">
      <UnitImagesToolbar projectId={projectId} types={groups.map((group) => group.type)} />
      {/* minmax(0, …): the columns hold to the screen's width whatever their content's (unit-detail.tsx). */}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6" alignItems="start">
        <Stack gap="8">
          {groups.map((group) => (
            <UnitTypeGroup key={group.type} type={group.type} units={group.units} selectedId={selectedId} onSelect={(unit) => setSelectedId(unit.id)} />
          ))}
        </Stack>
        <Box position={{ lg: 'sticky' }} top={{ lg: '4' }}>
          {selected ? <SelectedUnitPanel unit={selected} projectId={projectId} /> : <Text color="fg.muted">{IMAGES_TEXT.selectPrompt}</Text>}
        </Box>
      </Grid>
    </Stack>
  );
};
