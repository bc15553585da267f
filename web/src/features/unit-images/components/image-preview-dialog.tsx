import { Alert, Badge, Button, CloseButton, Dialog, HStack, Portal } from '@chakra-ui/react';
import type { UnitImage } from '@repo/types';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { IMAGES_TEXT } from '../utils/messages';

export interface ImagePreviewDialogProps {
  image: UnitImage | null;
  /** A follower's images belong to its source: both actions are refused with the shared-mode alerts. */
  readOnly: boolean;
  busy: 'delete' | 'primary' | null;
  onSetPrimary: (image: UnitImage) => void;
  onDelete: (image: UnitImage) => Promise<boolean>;
  onClose: () => void;
}

/** The image large, with 'Set as Primary' and 'Delete Image' (spec §2 Image manager). */
export const ImagePreviewDialog = ({ image, readOnly, busy, onSetPrimary, onDelete, onClose }: ImagePreviewDialogProps) => {
  const [confirming, setConfirming] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);

  const handleClose = () => {
    setBlocked(null);
    setConfirming(false);
    onClose();
  };
  const handlePrimary = () => {
    if (!image) return;
    if (readOnly) setBlocked(IMAGES_TEXT.cannotModify);
    else onSetPrimary(image);
  };
  const handleDelete = () => {
    if (readOnly) setBlocked(IMAGES_TEXT.cannotDelete);
    else setConfirming(true);
  };
  const handleConfirmDelete = async () => {
    if (!image) return;
    const deleted = await onDelete(image);
    setConfirming(false);
    if (deleted) handleClose();
  };

  return (
    <>
      <Dialog.Root lazyMount unmountOnExit open={image !== null} onOpenChange={(details) => !details.open && handleClose()} size="lg">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{IMAGES_TEXT.preview}</Dialog.Title>
                {image?.featured && <Badge colorPalette="brand">{IMAGES_TEXT.primary}</Badge>}
              </Dialog.Header>
              <Dialog.Body>
                {blocked && (
                  <Alert.Root status="warning" mb="3" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{blocked}</Alert.Title>
                  </Alert.Root>
                )}
                {image && (
                  <ResponsiveImage
                    key={image.url}
                    src={image.url}
                    variants={image.variants}
                    sizes="(min-width: 48em) 44rem, 100vw"
                    loading="eager"
                    alt={image.name ?? IMAGES_TEXT.preview}
                    w="full"
                    maxH="60vh"
                    objectFit="contain"
                    rounded="md"
                    bg="bg.muted"
                    // A placeholder in the image's place keeps the dialog's height; it has none of its own.
                    minH="40"
                    notFoundLabel={IMAGES_TEXT.imageNotFound}
                  />
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <HStack gap="3" wrap="wrap" justify="flex-end">
                  <Button
                    variant="outline"
                    onClick={handlePrimary}
                    disabled={image?.featured === true || busy !== null}
                    loading={busy === 'primary'}
                    loadingText={IMAGES_TEXT.settingPrimary}
                  >
                    {IMAGES_TEXT.setPrimary}
                  </Button>
                  <Button colorPalette="red" onClick={handleDelete} disabled={busy !== null}>
                    {IMAGES_TEXT.deleteImage}
                  </Button>
                </HStack>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={IMAGES_TEXT.close} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <ConfirmDialog
        open={confirming}
        title={IMAGES_TEXT.deleteConfirmTitle}
        confirmLabel={IMAGES_TEXT.deleteImage}
        busyLabel={IMAGES_TEXT.deleting}
        busy={busy === 'delete'}
        onConfirm={() => void handleConfirmDelete()}
        onCancel={() => setConfirming(false)}
      >
        {IMAGES_TEXT.deleteConfirm}
      </ConfirmDialog>
    </>
  );
};
