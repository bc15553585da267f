import { useParams, useSearchParams } from 'react-router-dom';
import { DetailLayout } from '../../../components/layouts/detail-layout';
import { UnitDetail } from '../../../features/units/components/unit-detail';
import { SignedInHeader } from './signed-in-header';

export interface UnitDetailRouteProps {
  mode: 'admin' | 'agent';
}

/** /admin/units/:unitId (?edit=true) and /agent/units/:unitId. */
export const UnitDetailRoute = ({ mode }: UnitDetailRouteProps) => {
  const { unitId = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <DetailLayout header={<SignedInHeader userType={mode} titleIsPageHeading={false} />}>
      <UnitDetail key={unitId} mode={mode} unitId={unitId} startEditing={params.get('edit') === 'true'} />
    </DetailLayout>
  );
};
