import { Box } from '@chakra-ui/react';
import type { PixelCrop } from '@repo/types';
import type { KeyboardEvent, Ref } from 'react';
import ReactCrop from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { fromPercentCrop, nudgeFromKey, toPercentCrop, type Size } from '../utils/crop-geometry';
import { PROPERTIES_TEXT } from '../utils/messages';

export interface CropAreaProps {
  src: string;
  imageRef: Ref<HTMLImageElement>;
  /** The image's natural size, once it has loaded; the crop is kept in its pixels. */
  image: Size | null;
  crop: PixelCrop | null;
  aspect?: number;
  expanded: boolean;
  onLoad: (size: Size) => void;
  onError: () => void;
  onChange: (crop: PixelCrop) => void;
}

/**
 * The crop tool: draw a new crop with the pointer, move it, resize it by its handles. Arrow keys move
 * it by 1, 10 (Shift) or 100 (Ctrl/Cmd) pixels of the image itself, whatever the zoom, so the
 * steps mean the same on a phone and in the full-size view; the tool's own on-screen steps are
 * stopped before they run.
 */
export const CropArea = ({ src, imageRef, image, crop, aspect, expanded, onLoad, onError, onChange }: CropAreaProps) => {
  const handleKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!image || !crop) return;
    // The resize handles keep their own keyboard resizing.
    if ((event.target as HTMLElement).classList.contains('ReactCrop__drag-handle')) return;
    const next = nudgeFromKey(crop, event, image);
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    onChange(next);
  };

  return (
    <Box
      onKeyDownCapture={handleKeyDownCapture}
      display="flex"
      justifyContent="center"
      bg="bg.muted"
      rounded="md"
      p="2"
      css={{
        // The selection's 'marching ants' run for ever: still when the user asks for reduced motion
        // (the tool's own rule is the more specific one).
        '@media (prefers-reduced-motion: reduce)': { '& .ReactCrop__crop-selection': { animation: 'none !important' } },
        // On a touch screen the corner handles take a 44×44 px touch and still look 24 px: the square
        // is drawn on the content box, its edge by an outline around it.
        '@media (pointer: coarse)': {
          '--rc-drag-handle-mobile-size': '44px',
          '& .ReactCrop__drag-handle, & .ReactCrop__drag-handle:focus': { borderWidth: '0', padding: '11px', backgroundClip: 'content-box' },
          '& .ReactCrop__drag-handle': { outline: '1px solid var(--rc-border-color)', outlineOffset: '-11px' },
        },
      }}
    >
      <ReactCrop
        crop={image && crop ? toPercentCrop(crop, image) : undefined}
        aspect={aspect}
        keepSelection
        ruleOfThirds
        ariaLabels={{ ...ReactCrop.defaultProps.ariaLabels, cropArea: PROPERTIES_TEXT.cropArea }}
        onChange={(_pixels, percent) => image && onChange(fromPercentCrop(percent, image))}
      >
        <img
          ref={imageRef}
          src={src}
          alt=""
          crossOrigin="anonymous"
          style={{ maxHeight: expanded ? '80vh' : '50vh', maxWidth: '100%', display: 'block' }}
          onError={onError}
          onLoad={(event) => onLoad({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
        />
      </ReactCrop>
    </Box>
  );
};
