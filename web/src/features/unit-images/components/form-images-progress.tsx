import { Progress } from '@chakra-ui/react';
import type { FormImagesProgress } from '../hooks/use-save-form-images';
import { UNIT_FORM_IMAGES_TEXT } from '../utils/messages';

/** The unit forms' upload progress: which file of how many, and its percent. Nothing when idle. */
export const FormImagesProgressBar = ({ progress }: { progress: FormImagesProgress | null }) =>
  progress ? (
    <Progress.Root value={progress.percent} colorPalette="brand" size="sm" aria-live="polite">
      <Progress.Label mb="1">{UNIT_FORM_IMAGES_TEXT.uploading(progress.file, progress.files, progress.percent)}</Progress.Label>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  ) : null;
