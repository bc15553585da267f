import { unitFormImages } from '@/features/unit-images/hooks/use-unit-form-images';
import { UnitFormImagesProvider } from '@/lib/unit-form-images';
import { UnitDetailRoute } from '../shared/unit-detail';

/** /admin/units/:unitId (?edit=true opens the edit form); the edit form's images come from the images feature (lib/unit-form-images.tsx). */
export const AdminUnitRoute = () => (
  <UnitFormImagesProvider value={unitFormImages}>
    <UnitDetailRoute mode="admin" />
  </UnitFormImagesProvider>
);
