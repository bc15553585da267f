import { Alert, Badge, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { isFollower, isSource, LIMITS, remainingImageSlots, type UnitImage } from '@repo/types';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
import type { ImageUnit } from '../api/types';
import { useImageActions } from '../hooks/use-image-actions';
import { useImageInvalidation } from '../hooks/use-image-invalidation';
import { useImageUpload } from '../hooks/use-image-upload';
import { IMAGES_TEXT } from '../utils/messages';
import { ImagePreviewDialog } from './image-preview-dialog';
import { ImageThumbnails } from './image-thumbnails';
import { ImageUploadPanel } from './image-upload-panel';

export interface ImageManagerProps {
  unit: Pick<ImageUnit, 'id' | 'images' | 'isImageSource' | 'isSourceUnit' | 'useSharedImages' | 'sharedImagesUnitId'>;
  projectId: number | string | null;
}

/**
 * The image manager of one unit (spec §2, §4, §5, §8): 'n/10 images', the thumbnails with a preview
 * to set the primary image or delete one, 'Clear All Images', and the multi-file upload. A follower
 * is read-only: its images are its source's.
 */
export const ImageManager = ({ unit, projectId }: ImageManagerProps) => {
  const follower = isFollower(unit);
  const source = !follower && isSource(unit);
  const count = unit.images.length;
  const remaining = remainingImageSlots(count);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const actions = useImageActions(unit.id, projectId);
  const invalidate = useImageInvalidation();
  const upload = useImageUpload({ unitId: unit.id, held: count, origin: 'image-manager', maxBytes: LIMITS.imageManagerMaxBytes });
  const preview = unit.images.find((image) => image.id === previewId) ?? null;

  const handleUpload = async () => {
    const { uploaded, failed } = await upload.uploadAll();
    if (uploaded > 0) toaster.success({ title: IMAGES_TEXT.uploaded(uploaded) });
    if (failed > 0) toaster.error({ title: IMAGES_TEXT.uploadFailed });
    await invalidate(projectId, { keepUnitId: unit.id });
  };
  const handleClear = async () => {
    await actions.clearAll();
    setConfirmClear(false);
  };
  const handleClearClick = () => {
    if (count === 0) toaster.info({ title: IMAGES_TEXT.nothingToClear });
    else setConfirmClear(true);
  };
  const handleDelete = (image: UnitImage) => actions.deleteImage(image.id);

  let body;
  if (count > 0) body = <ImageThumbnails images={unit.images} shared={follower || source} onOpen={(image) => setPreviewId(image.id)} />;
  else body = <Text color="fg.muted">{follower ? IMAGES_TEXT.noSharedImages : IMAGES_TEXT.emptyManager}</Text>;

  return (
    <Stack gap="4" aria-label={IMAGES_TEXT.manager} role="region">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <HStack gap="2" wrap="wrap">
          <Heading as="h3" size="md">
            {IMAGES_TEXT.count(count)}
          </Heading>
          {follower && <Badge colorPalette="orange">{IMAGES_TEXT.readOnly}</Badge>}
          {(follower || source) && <Badge colorPalette="purple">{IMAGES_TEXT.shared}</Badge>}
          {source && <Badge colorPalette="green">{IMAGES_TEXT.sourceUnit}</Badge>}
        </HStack>
        {!follower && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={handleClearClick} disabled={actions.busy !== null || upload.isUploading}>
            {IMAGES_TEXT.clearAll}
          </Button>
        )}
      </Flex>
      {(follower || source) && (
        <Alert.Root status="info" variant="subtle">
          <Alert.Indicator />
          <Alert.Description>{follower ? IMAGES_TEXT.sharedFollowerInfo : IMAGES_TEXT.sharedSourceInfo}</Alert.Description>
        </Alert.Root>
      )}
      {body}
      {!follower && (
        <ImageUploadPanel
          picked={upload.picked}
          pendingCount={upload.pendingCount}
          errors={upload.errors}
          remaining={remaining}
          isUploading={upload.isUploading}
          onPick={upload.pick}
          onRemove={upload.remove}
          onUpload={() => void handleUpload()}
        />
      )}
      <ImagePreviewDialog
        image={preview}
        readOnly={follower}
        busy={actions.busy === 'delete' || actions.busy === 'primary' ? actions.busy : null}
        onSetPrimary={(image) => void actions.setPrimary(image.id)}
        onDelete={handleDelete}
        onClose={() => setPreviewId(null)}
      />
      <ConfirmDialog
        open={confirmClear}
        title={IMAGES_TEXT.clearConfirmTitle}
        confirmLabel={IMAGES_TEXT.clearAll}
        busyLabel={IMAGES_TEXT.clearing}
        busy={actions.busy === 'clear'}
        onConfirm={() => void handleClear()}
        onCancel={() => setConfirmClear(false)}
      >
        {IMAGES_TEXT.clearConfirm}
      </ConfirmDialog>
    </Stack>
  );
};
