import { Alert, Badge, Button, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { MARKETS } from '@repo/types';
import { useMemo, useState, type FormEvent } from 'react';
import { toaster } from '../../../components/ui/toaster';
import { ApiError, errorMessage } from '../../../lib/api/api-error';
import type { UnitDetail } from '../api/types';
import { useUpdateUnit } from '../api/update-unit';
import { UNIT_FORM_TEXT, UNIT_DETAIL_TEXT } from '../utils/messages';
import { useEditBase } from '../hooks/use-edit-base';
import { useFormErrors } from '../hooks/use-form-errors';
import { checkUnitEdit, formErrorsFromServer, valuesFromUnit, type UnitFormValues } from '../utils/unit-form-values';
import { UnitChangedNotice } from './unit-changed-notice';
import { UnitFields } from './unit-fields';
import { ImageSourceSelector } from '../../images/components/image-source-selector';
import { FormImagesProgressBar } from '../../images/components/form-images-progress';
import { UnitFormImages } from '../../images/components/unit-form-images';
import { useSaveFormImages, type FormImagesProgress } from '../../images/hooks/use-save-form-images';
import { EMPTY_FORM_IMAGES, formImagesFromUnit, hasImageChanges } from '../../images/utils/form-images';
import { UNIT_FORM_IMAGES_TEXT } from '../../images/utils/messages';

export interface UnitEditFormProps {
  unit: UnitDetail;
  onCancel: () => void;
  onSaved: () => void;
  /** Re-reads the unit after a stale save, so the form can start from the latest version. */
  onReload: () => void;
}

const MARKET_LABELS = { dubai: 'Dubai', doha: 'Doha' } as const;

/** 'Edit Unit' inline (spec §2, §5): sends the revision it read, so a stale save is refused, not lost. */
export const UnitEditForm = ({ unit, onCancel, onSaved, onReload }: UnitEditFormProps) => {
  const { updateUnit, isUpdating } = useUpdateUnit();
  const { base, rebase, expectOwnChange } = useEditBase(unit);
  const [values, setValues] = useState<UnitFormValues>(() => valuesFromUnit(unit));
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  const visibility = MARKETS.filter((market) => (unit.project?.visibleTo ?? []).includes(market));
  const [shared, setShared] = useState(unit.useSharedImages || (unit.sharedImagesUnitId !== null && String(unit.sharedImagesUnitId).trim() !== ''));
  const [images, setImages] = useState(() => formImagesFromUnit(unit.images));
  const [savingImages, setSavingImages] = useState(false);
  const [imageProgress, setImageProgress] = useState<FormImagesProgress | null>(null);
  const saveImages = useSaveFormImages();
  const busy = isUpdating || savingImages;

  // Switching to individual images empties the unit's list (spec §4); to shared, it shows the source's.
  const handleSourceChanged = (nowShared: boolean) => {
    expectOwnChange();
    setShared(nowShared);
    if (!nowShared) setImages(EMPTY_FORM_IMAGES);
  };

  const checked = useMemo(() => checkUnitEdit(values), [values]);
  const { errors, flagAll, setServerErrors, edited } = useFormErrors(checked.errors);

  const handleChange = <K extends keyof UnitFormValues>(field: K, value: UnitFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    edited(field);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!flagAll()) return;
    const { input } = checked;
    try {
      // The revision the form read, not the latest re-read: a change made meanwhile is refused, not overwritten.
      const saved = await updateUnit({ unit: base, input: { ...input, ...(base.revision === undefined ? {} : { revision: base.revision }) } });
      rebase(saved);
      expectOwnChange();
      toaster.success({ title: UNIT_DETAIL_TEXT.unitUpdated });
      if (!shared && hasImageChanges(images, unit.images)) {
        setSavingImages(true);
        const saved = await saveImages(unit.id, images, { projectId: unit.projectId, keepUnit: true, onProgress: setImageProgress }).finally(() => {
          setSavingImages(false);
          setImageProgress(null);
        });
        if (saved.failedDeletes > 0) toaster.error({ title: UNIT_FORM_IMAGES_TEXT.removeFailed });
        if (saved.failedUploads > 0) toaster.error({ title: UNIT_FORM_IMAGES_TEXT.uploadFailed });
      }
      onSaved();
    } catch (cause) {
      if (cause instanceof ApiError) setServerErrors(formErrorsFromServer(cause.fieldErrors));
      setFailure({ message: errorMessage(cause, UNIT_FORM_TEXT.updateFailed), stale: cause instanceof ApiError && cause.status === 409 });
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={UNIT_FORM_TEXT.editTitle}>
      <Stack gap="5">
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{failure.message}</Alert.Title>
            </Alert.Content>
            {failure.stale && (
              <Button size="sm" variant="outline" onClick={onReload}>
                {UNIT_FORM_TEXT.reload}
              </Button>
            )}
          </Alert.Root>
        )}
        {!busy && <UnitChangedNotice base={base} current={unit} onReload={onReload} />}
        <UnitFields values={values} errors={errors} onChange={handleChange} priceRequired />
        <ImageSourceSelector unit={unit} onChanged={handleSourceChanged} />
        {shared ? (
          <UnitFormImages value={formImagesFromUnit(unit.images)} onChange={setImages} readOnly />
        ) : (
          <UnitFormImages value={images} onChange={setImages} disabled={busy} />
        )}
        <FormImagesProgressBar progress={imageProgress} />
        <Field.Root>
          <Field.Label as="span">{UNIT_FORM_TEXT.visibility}</Field.Label>
          <HStack gap="2">
            {visibility.length === 0 ? (
              <Text color="fg.muted">{UNIT_FORM_TEXT.noVisibility}</Text>
            ) : (
              visibility.map((market) => (
                <Badge key={market} colorPalette={market === 'dubai' ? 'blue' : 'purple'}>
                  {MARKET_LABELS[market]}
                </Badge>
              ))
            )}
          </HStack>
        </Field.Root>
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {UNIT_FORM_TEXT.cancel}
          </Button>
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={UNIT_FORM_TEXT.saving}>
            {UNIT_FORM_TEXT.update}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
};
