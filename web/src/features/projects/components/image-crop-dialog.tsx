import { Button, Dialog, Flex, Stack } from '@chakra-ui/react';
import { cropAspectFor, defaultCrop, type CropMode, type ImageMetadata, type PixelCrop } from '@repo/types';
import { useRef, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { useObjectUrl } from '../hooks/use-object-url';
import { cropImageToFile } from '../utils/crop-image';
import { isWholeImage, type Size } from '../utils/crop-geometry';
import { PROPERTIES_TEXT } from '../utils/messages';
import { CardPreview } from './card-preview';
import { CropArea } from './crop-area';
import { CropControls } from './crop-controls';

export interface CropSource {
  /** The picked file, or the URL of the stored image. */
  source: File | string;
  name: string;
  /** The metadata of an earlier crop of this same source, to reopen where it was left. */
  metadata?: ImageMetadata | null;
}

export interface CropResult {
  file: File;
  metadata: ImageMetadata;
}

export interface ImageCropDialogProps {
  crop: CropSource;
  projectType?: string | null;
  onApply: (result: CropResult) => void;
  onCancel: () => void;
}

/** The crop and position dialog (spec §2): mount it to open it, keyed by the source. */
export const ImageCropDialog = ({ crop: { source, name, metadata }, projectType, onApply, onCancel }: ImageCropDialogProps) => {
  const fileUrl = useObjectUrl(source instanceof File ? source : null);
  const src = typeof source === 'string' ? source : fileUrl;
  const imageRef = useRef<HTMLImageElement>(null);
  const [image, setImage] = useState<Size | null>(null);
  const [mode, setMode] = useState<CropMode>(metadata?.cropMode ?? 'aspect');
  const [aspect, setAspect] = useState(() => {
    const data = metadata?.cropMode === 'aspect' ? metadata.cropData : undefined;
    return data && data.height > 0 ? data.width / data.height : cropAspectFor(projectType);
  });
  const [position, setPosition] = useState(metadata?.objectPosition ?? 'center');
  const [rect, setRect] = useState<PixelCrop | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [busy, setBusy] = useState(false);

  const handleLoad = (size: Size) => {
    setImage(size);
    // A stored image is already the result of its crop, so an old crop applies only to a picked original.
    const previous = source instanceof File && metadata?.cropData?.unit === 'px' ? metadata.cropData : null;
    const fits = previous && previous.x + previous.width <= size.width && previous.y + previous.height <= size.height;
    setRect(fits ? { ...previous, unit: 'px' } : defaultCrop(size.width, size.height, mode === 'aspect' ? aspect : null));
  };

  const handleFailure = () => {
    window.alert(PROPERTIES_TEXT.cropFailed);
  };

  const handleModeChange = (next: CropMode) => {
    setMode(next);
    if (next === 'aspect' && image) setRect(defaultCrop(image.width, image.height, aspect));
  };

  const handleAspectChange = (next: number) => {
    setAspect(next);
    if (image) setRect(defaultCrop(image.width, image.height, next));
  };

  const handleApply = async () => {
    if (!image || !rect || !imageRef.current) return;
    const result: ImageMetadata = { objectPosition: position, cropMode: mode, cropData: rect };
    // A crop of the whole picked file changes nothing: keep the original bytes (spec §4).
    if (source instanceof File && isWholeImage(rect, image)) {
      onApply({ file: source, metadata: result });
      return;
    }
    setBusy(true);
    try {
      onApply({ file: await cropImageToFile(imageRef.current, rect, name), metadata: result });
    } catch {
      handleFailure();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={PROPERTIES_TEXT.cropTitle} onClose={onCancel} size={expanded ? 'full' : 'xl'}>
      <Dialog.Body>
        <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="flex-start">
          <Stack flex="1" minW="0" gap="2" w="full">
            {src && (
              <CropArea
                src={src}
                imageRef={imageRef}
                image={image}
                crop={rect}
                aspect={mode === 'aspect' ? aspect : undefined}
                expanded={expanded}
                onLoad={handleLoad}
                onError={handleFailure}
                onChange={setRect}
              />
            )}
            <Button size="xs" variant="ghost" alignSelf="flex-end" onClick={() => setExpanded((value) => !value)}>
              {expanded ? PROPERTIES_TEXT.collapse : PROPERTIES_TEXT.expand}
            </Button>
          </Stack>
          <Stack gap="5" w={{ base: 'full', lg: '300px' }} flexShrink={0}>
            <CropControls
              mode={mode}
              aspect={aspect}
              position={position}
              onModeChange={handleModeChange}
              onAspectChange={handleAspectChange}
              onPositionChange={setPosition}
            />
            {src && image && rect && <CardPreview src={src} image={image} crop={rect} position={position} />}
          </Stack>
        </Flex>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {PROPERTIES_TEXT.cancel}
        </Button>
        <Button colorPalette="brand" onClick={() => void handleApply()} loading={busy} disabled={!rect}>
          {PROPERTIES_TEXT.applyCrop}
        </Button>
      </Dialog.Footer>
    </Modal>
  );
};
