import { PROJECT_EVENT_PATHS } from '@repo/types';
import { useParams, useSearchParams } from 'react-router-dom';
import { DetailLayout } from '@/components/layouts/detail-layout';
import { useUnit } from '@/features/units/api/get-unit';
import { UnitDetail } from '@/features/units/components/unit-detail';
import { useLiveEvents } from '@/lib/live/use-live-events';
import { SignedInHeader } from './signed-in-header';

export interface UnitDetailRouteProps {
  mode: 'admin' | 'agent';
}

/** /admin/units/:unitId (?edit=true) and /agent/units/:unitId; the admin route gives the edit form's images (admin/unit.tsx). */
export const UnitDetailRoute = ({ mode }: UnitDetailRouteProps) => {
  const { unitId = '' } = useParams();
  const [params] = useSearchParams();
  // The unit's project stream keeps the page (and the edit form's notice) current.
  const { unit } = useUnit(unitId);
  const projectId = unit?.project?.id ?? null;
  useLiveEvents(projectId === null ? null : PROJECT_EVENT_PATHS.projectEvents(projectId), { projectId });
  return (
    <DetailLayout header={<SignedInHeader userType={mode} titleIsPageHeading={false} />}>
      <UnitDetail key={unitId} mode={mode} unitId={unitId} startEditing={params.get('edit') === 'true'} />
    </DetailLayout>
  );
};
