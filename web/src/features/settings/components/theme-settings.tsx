import { HStack, RadioGroup } from '@chakra-ui/react';
import type { ThemePreference } from '@repo/types';
import { THEME_CYCLE, useColorMode } from '@/components/ui/color-mode';
import { SETTINGS_TEXT } from '../utils/messages';
import { SettingsSection } from './settings-section';

const LABELS: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Light, Dark or System (the default), persisted locally by the colour-mode provider. */
export const ThemeSettings = () => {
  const { preference, setPreference } = useColorMode();
  return (
    <SettingsSection title={SETTINGS_TEXT.themeHeading} description={SETTINGS_TEXT.themeDescription}>
      <RadioGroup.Root value={preference} onValueChange={(details) => details.value && setPreference(details.value as ThemePreference)} colorPalette="brand">
        <RadioGroup.Label srOnly>{SETTINGS_TEXT.themeLabel}</RadioGroup.Label>
        <HStack gap="6" wrap="wrap">
          {THEME_CYCLE.map((value) => (
            <RadioGroup.Item key={value} value={value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{LABELS[value]}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
    </SettingsSection>
  );
};
