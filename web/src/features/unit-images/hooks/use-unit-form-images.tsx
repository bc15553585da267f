import { Checkbox } from '@chakra-ui/react';
import type { UnitDetail } from '@repo/types';
import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import type { EditUnitImages, NewUnitImages, UnitFormImagesSlot } from '@/lib/unit-form-images';
import { FormImagesProgressBar } from '../components/form-images-progress';
import { ImageSourceSelector } from '../components/image-source-selector';
import { UnitFormImages } from '../components/unit-form-images';
import { EMPTY_FORM_IMAGES, formImagesFromUnit, hasImageChanges } from '../utils/form-images';
import { UNIT_FORM_IMAGES_TEXT } from '../utils/messages';
import { useSaveFormImages, useSaveNewUnitImages, type FormImagesProgress } from './use-save-form-images';

/** The Add New Unit form's images (spec §4, §5): chosen before the units exist, saved after. */
const useNewUnitImages = (): NewUnitImages => {
  const [images, setImages] = useState(EMPTY_FORM_IMAGES);
  const [sharedImages, setSharedImages] = useState(true);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<FormImagesProgress | null>(null);
  const saveImages = useSaveNewUnitImages();
  return {
    saving,
    fields: ({ disabled, offerSharing }) => (
      <>
        <UnitFormImages value={images} onChange={setImages} disabled={disabled} />
        <FormImagesProgressBar progress={progress} />
        {offerSharing && (
          <Checkbox.Root checked={sharedImages} onCheckedChange={(details) => setSharedImages(details.checked === true)} colorPalette="brand">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{UNIT_FORM_IMAGES_TEXT.sharedOption}</Checkbox.Label>
          </Checkbox.Root>
        )}
      </>
    ),
    save: async (unitIds, { projectId, unitType, batch }) => {
      setSaving(true);
      const saved = await saveImages(unitIds, images, { projectId, shared: batch && sharedImages, unitType, onProgress: setProgress }).finally(() => {
        setSaving(false);
        setProgress(null);
      });
      if (saved.failedUploads > 0) toaster.error({ title: UNIT_FORM_IMAGES_TEXT.uploadFailed });
    },
  };
};

/** The unit edit form's images (spec §4): own or shared, and the own ones added, removed or featured. */
const useEditUnitImages = (unit: UnitDetail, { onSourceChanged }: { onSourceChanged?: () => void } = {}): EditUnitImages => {
  const [shared, setShared] = useState(unit.useSharedImages || (unit.sharedImagesUnitId !== null && String(unit.sharedImagesUnitId).trim() !== ''));
  const [images, setImages] = useState(() => formImagesFromUnit(unit.images));
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<FormImagesProgress | null>(null);
  const saveImages = useSaveFormImages();

  // Switching to individual images empties the unit's list (spec §4); to shared, it shows the source's.
  const handleSourceChanged = (nowShared: boolean) => {
    onSourceChanged?.();
    setShared(nowShared);
    if (!nowShared) setImages(EMPTY_FORM_IMAGES);
  };

  return {
    saving,
    fields: ({ disabled }) => (
      <>
        <ImageSourceSelector unit={unit} onChanged={handleSourceChanged} />
        {shared ? (
          <UnitFormImages value={formImagesFromUnit(unit.images)} onChange={setImages} readOnly />
        ) : (
          <UnitFormImages value={images} onChange={setImages} disabled={disabled} />
        )}
        <FormImagesProgressBar progress={progress} />
      </>
    ),
    save: async () => {
      if (shared || !hasImageChanges(images, unit.images)) return;
      setSaving(true);
      const saved = await saveImages(unit.id, images, { projectId: unit.projectId, keepUnit: true, onProgress: setProgress }).finally(() => {
        setSaving(false);
        setProgress(null);
      });
      if (saved.failedDeletes > 0) toaster.error({ title: UNIT_FORM_IMAGES_TEXT.removeFailed });
      if (saved.failedUploads > 0) toaster.error({ title: UNIT_FORM_IMAGES_TEXT.uploadFailed });
    },
  };
};

/** What the app puts in the unit forms' images slot (lib/unit-form-images.tsx). */
export const unitFormImages: UnitFormImagesSlot = { useNewUnitImages, useEditUnitImages };
