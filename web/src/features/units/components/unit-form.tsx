import { Button, Checkbox, HStack, Stack, Switch } from '@chakra-ui/react';
import { useMemo, useState, type FormEvent } from 'react';
import { toaster } from '../../../components/ui/toaster';
import { ApiError, errorMessage } from '../../../lib/api/api-error';
import { useCreateUnits } from '../api/create-units';
import { UNIT_FORM_TEXT } from '../utils/messages';
import { useFormErrors } from '../hooks/use-form-errors';
import { checkNewUnits, clampedCount, DEFAULT_BATCH, EMPTY_UNIT_VALUES, formErrorsFromServer, type UnitFormValues } from '../utils/unit-form-values';
import { BatchFields } from './batch-fields';
import { UnitFields } from './unit-fields';
import { FormError } from '../../../components/feedback/form-error';
import { FormImagesProgressBar } from '../../images/components/form-images-progress';
import { UnitFormImages } from '../../images/components/unit-form-images';
import { useSaveNewUnitImages, type FormImagesProgress } from '../../images/hooks/use-save-form-images';
import { EMPTY_FORM_IMAGES } from '../../images/utils/form-images';
import { UNIT_FORM_IMAGES_TEXT } from '../../images/utils/messages';

export interface UnitFormProps {
  projectId: number | string;
  onCancel: () => void;
  onSaved: () => void;
}

/** The Add New Unit form (spec §2, §5): one unit, or a batch of up to 50 sent as ONE request. */
export const UnitForm = ({ projectId, onCancel, onSaved }: UnitFormProps) => {
  const { createUnits, isCreating } = useCreateUnits();
  const [values, setValues] = useState<UnitFormValues>(EMPTY_UNIT_VALUES);
  const [batch, setBatch] = useState(DEFAULT_BATCH);
  const [failure, setFailure] = useState<string | null>(null);
  const [notifyAgents, setNotifyAgents] = useState(false);
  const [images, setImages] = useState(EMPTY_FORM_IMAGES);
  const [sharedImages, setSharedImages] = useState(true);
  const [savingImages, setSavingImages] = useState(false);
  const [imageProgress, setImageProgress] = useState<FormImagesProgress | null>(null);
  const saveImages = useSaveNewUnitImages();
  const busy = isCreating || savingImages;
  const count = batch.enabled ? clampedCount(batch) : 1;
  const checked = useMemo(() => checkNewUnits(values, batch), [values, batch]);
  const { errors, flagAll, setServerErrors, edited } = useFormErrors(checked.errors);

  const handleChange = <K extends keyof UnitFormValues>(field: K, value: UnitFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    edited(field);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!flagAll()) return;
    try {
      const created = await createUnits({ projectId, units: checked.units, notifyAgents });
      toaster.success({ title: UNIT_FORM_TEXT.added(created.length) });
      setSavingImages(true);
      // The units are saved whatever happens to their images; a failed upload is reported, not undone.
      const saved = await saveImages(
        created.map((unit) => unit.id),
        images,
        { projectId, shared: batch.enabled && sharedImages, unitType: values.unitType, onProgress: setImageProgress },
      ).finally(() => {
        setSavingImages(false);
        setImageProgress(null);
      });
      if (saved.failedUploads > 0) toaster.error({ title: UNIT_FORM_IMAGES_TEXT.uploadFailed });
      onSaved();
    } catch (cause) {
      if (cause instanceof ApiError) setServerErrors(formErrorsFromServer(cause.fieldErrors));
      setFailure(errorMessage(cause, UNIT_FORM_TEXT.addFailed));
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="5">
        <FormError message={failure} />
        <Switch.Root checked={batch.enabled} onCheckedChange={(details) => setBatch({ ...batch, enabled: details.checked })} colorPalette="brand">
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>{UNIT_FORM_TEXT.batchCreate}</Switch.Label>
        </Switch.Root>
        {batch.enabled && <BatchFields batch={batch} floor={values.floor} errors={errors} onChange={setBatch} />}
        <UnitFields values={values} errors={errors} onChange={handleChange} hideUnitNumber={batch.enabled} />
        <UnitFormImages value={images} onChange={setImages} disabled={busy} />
        <FormImagesProgressBar progress={imageProgress} />
        {batch.enabled && count > 1 && (
          <Checkbox.Root checked={sharedImages} onCheckedChange={(details) => setSharedImages(details.checked === true)} colorPalette="brand">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{UNIT_FORM_IMAGES_TEXT.sharedOption}</Checkbox.Label>
          </Checkbox.Root>
        )}
        <Checkbox.Root checked={notifyAgents} onCheckedChange={(details) => setNotifyAgents(details.checked === true)} colorPalette="brand">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{UNIT_FORM_TEXT.notifyAgents}</Checkbox.Label>
        </Checkbox.Root>
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {UNIT_FORM_TEXT.cancel}
          </Button>
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={UNIT_FORM_TEXT.adding}>
            {count === 1 ? UNIT_FORM_TEXT.addOne : UNIT_FORM_TEXT.addMany(count)}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
};
