import { Button, ButtonGroup, Flex, Grid, IconButton, Stack, Text } from '@chakra-ui/react';
import { ASPECT_PRESETS, matchAspectPreset, toObjectPositionWords, type CropMode } from '@repo/types';
import { PROPERTIES_TEXT } from '../utils/messages';

export interface CropControlsProps {
  mode: CropMode;
  aspect: number;
  position: string;
  onModeChange: (mode: CropMode) => void;
  onAspectChange: (aspect: number) => void;
  onPositionChange: (position: string) => void;
}

const ROWS = ['top', 'center', 'bottom'] as const;
const COLUMNS = ['left', 'center', 'right'] as const;
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const cellLabel = (row: string, column: string) => (row === column ? 'Center' : `${capitalise(row)} ${column}`);

/** Fixed Ratio / Free Form, the ratio buttons, and the 3x3 position grid of the crop dialog (spec §2). */
export const CropControls = ({ mode, aspect, position, onModeChange, onAspectChange, onPositionChange }: CropControlsProps) => {
  const activePreset = matchAspectPreset(aspect);
  const activePosition = toObjectPositionWords(position);
  return (
    <Stack gap="4">
      <Stack gap="2">
        <Text fontWeight="medium" fontSize="sm" id="crop-mode-label">
          {PROPERTIES_TEXT.cropMode}
        </Text>
        <ButtonGroup size="sm" variant="outline" attached aria-labelledby="crop-mode-label" role="group">
          {(['aspect', 'free'] as const).map((value) => (
            <Button
              key={value}
              aria-pressed={mode === value}
              variant={mode === value ? 'solid' : 'outline'}
              colorPalette="brand"
              onClick={() => onModeChange(value)}
            >
              {value === 'aspect' ? PROPERTIES_TEXT.fixedRatio : PROPERTIES_TEXT.freeForm}
            </Button>
          ))}
        </ButtonGroup>
      </Stack>
      {mode === 'aspect' && (
        <Stack gap="2" role="group" aria-label={PROPERTIES_TEXT.aspectRatio}>
          <Text fontWeight="medium" fontSize="sm">
            {PROPERTIES_TEXT.aspectRatio}
          </Text>
          {/* Wrapping, not a fixed row: beside the image the column is 300px, less than the three
              buttons need, and a row would push 'Vertical 4:5' past the dialog's edge. */}
          <Flex wrap="wrap" gap="2">
            {ASPECT_PRESETS.map((preset) => (
              <Button
                key={preset.id}
                size="sm"
                variant={activePreset === preset.id ? 'solid' : 'outline'}
                colorPalette="brand"
                aria-pressed={activePreset === preset.id}
                onClick={() => onAspectChange(preset.aspect)}
              >
                {preset.label}
              </Button>
            ))}
          </Flex>
        </Stack>
      )}
      <Stack gap="2" role="group" aria-label={PROPERTIES_TEXT.position}>
        <Text fontWeight="medium" fontSize="sm">
          {PROPERTIES_TEXT.position}
        </Text>
        <Grid templateColumns="repeat(3, 2.25rem)" gap="1">
          {ROWS.flatMap((row) =>
            COLUMNS.map((column) => {
              const words = toObjectPositionWords(`${column} ${row}`);
              const active = words === activePosition;
              return (
                <IconButton
                  key={`${row}-${column}`}
                  size="sm"
                  aria-label={cellLabel(row, column)}
                  aria-pressed={active}
                  variant={active ? 'solid' : 'outline'}
                  colorPalette="brand"
                  onClick={() => onPositionChange(words)}
                >
                  <span aria-hidden="true">•</span>
                </IconButton>
              );
            }),
          )}
        </Grid>
      </Stack>
    </Stack>
  );
};
