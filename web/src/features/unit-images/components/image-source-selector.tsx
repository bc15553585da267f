import { Badge, Button, Field, HStack, Text } from '@chakra-ui/react';
import { isFollower } from '@repo/types';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api/api-error';
import { toggleSharedImages } from '../api/toggle-shared-images';
import { useImageInvalidation } from '../hooks/use-image-invalidation';
import { UNIT_FORM_IMAGES_TEXT as TEXT } from '../utils/messages';

export interface ImageSourceSelectorProps {
  unit: { id: number; projectId: string; unitType: string | null; useSharedImages: boolean; sharedImagesUnitId: number | string | null };
  /** Told the new mode after a save, so the form can show the images it now has. */
  onChanged?: (shared: boolean) => void;
}

/**
 * Image Source (spec §2, §4): individual or shared images. The switch is confirmed, saved at once
 * through PUT shared-images and shown straight away; a failure puts the previous source back.
 */
export const ImageSourceSelector = ({ unit, onChanged }: ImageSourceSelectorProps) => {
  const invalidate = useImageInvalidation();
  const saved = isFollower({
    id: unit.id,
    useSharedImages: unit.useSharedImages,
    sharedImagesUnitId: unit.sharedImagesUnitId === null ? null : String(unit.sharedImagesUnitId),
  });
  const [shared, setShared] = useState(saved);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const hasType = (unit.unitType ?? '').trim() !== '';

  const handleConfirm = async () => {
    const next = !shared;
    setConfirming(false);
    setShared(next);
    setBusy(true);
    try {
      const result = await toggleSharedImages(unit.id, next);
      toaster.success({ title: result.message });
      onChanged?.(next);
      await invalidate(unit.projectId, { keepUnitId: unit.id });
    } catch (cause) {
      setShared(!next);
      // The server's own reason when it gives one ('No other units of this type to share images with').
      toaster.error({ title: cause instanceof ApiError && cause.fromServer && cause.status === 400 ? cause.message : TEXT.changeFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Field.Root>
      <Field.Label as="span">{TEXT.imageSource}</Field.Label>
      <HStack gap="3" wrap="wrap">
        <Badge colorPalette={shared ? 'purple' : 'gray'} size="lg" aria-live="polite">
          {shared ? TEXT.sharedSource : TEXT.individual}
        </Badge>
        <Button size="sm" variant="outline" onClick={() => setConfirming(true)} disabled={!hasType || busy} loading={busy} loadingText={TEXT.changing}>
          {shared ? TEXT.unlink : TEXT.link}
        </Button>
      </HStack>
      {!hasType && (
        <Text fontSize="sm" color="fg.muted">
          {TEXT.needsType}
        </Text>
      )}
      <ConfirmDialog
        open={confirming}
        title={TEXT.switchTitle}
        confirmLabel={TEXT.continue}
        busyLabel={TEXT.changing}
        tone="primary"
        onConfirm={() => void handleConfirm()}
        onCancel={() => setConfirming(false)}
      >
        {shared ? TEXT.switchToIndividual : TEXT.switchToShared}
      </ConfirmDialog>
    </Field.Root>
  );
};
