import type { UnitDetail } from '@repo/types';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * The images part of the unit forms, as a slot: the units feature lays out the forms and saves the
 * units; the images feature fills the slot with its fields and saves the images once the units exist.
 * Neither feature imports the other: the admin routes that show the forms provide the images
 * feature's implementation (app/routes/admin/project.tsx and unit.tsx, lazy chunks, so the images
 * feature stays out of the first screen and out of an agent's pages), so the boundary lint rule holds
 * and each side is tested on its own terms.
 */
export interface NewUnitImages {
  /** The images fields, the shared-images option (a batch of several units) and the upload's progress. */
  fields(options: { disabled: boolean; offerSharing: boolean }): ReactNode;
  /** Uploads are under way. */
  saving: boolean;
  /**
   * Saves the chosen images on the units just created: to each, or with `batch` and sharing chosen,
   * once to the first and shared by the others of the unit type. A failed upload is reported to the
   * user; the units stand.
   */
  save(unitIds: number[], options: { projectId: number | string; unitType: string; batch: boolean }): Promise<void>;
}

export interface EditUnitImages {
  /** The image source choice (own or shared images) and the images fields, with the upload's progress. */
  fields(options: { disabled: boolean }): ReactNode;
  saving: boolean;
  /** Saves what changed in the unit's own images, once the unit is saved; failures are reported, the unit stands. */
  save(): Promise<void>;
}

export interface UnitFormImagesSlot {
  useNewUnitImages(): NewUnitImages;
  /** `onSourceChanged`: the unit switched between own and shared images (saved at once, spec §4). */
  useEditUnitImages(unit: UnitDetail, options?: { onSourceChanged?: () => void }): EditUnitImages;
}

const UnitFormImagesContext = createContext<UnitFormImagesSlot | null>(null);

export const UnitFormImagesProvider = ({ value, children }: { value: UnitFormImagesSlot; children: ReactNode }) => (
  <UnitFormImagesContext.Provider value={value}>{children}</UnitFormImagesContext.Provider>
);

export const useUnitFormImagesSlot = (): UnitFormImagesSlot => {
  const slot = useContext(UnitFormImagesContext);
  if (!slot) throw new Error('The unit forms need a UnitFormImagesProvider (the project and unit routes give the images feature’s)');
  return slot;
};
