import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { STORAGE_KEYS, type ThemePreference } from '@repo/types';
import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';

export const THEME_CYCLE: ThemePreference[] = ['light', 'dark', 'system'];

/** The toggle cycles light → dark → system → light (spec §2, Account settings). */
export const nextThemePreference = (current: string | undefined): ThemePreference => {
  const index = THEME_CYCLE.indexOf((current ?? 'system') as ThemePreference);
  return THEME_CYCLE[(index + 1) % THEME_CYCLE.length];
};

export interface ColorModeProviderProps {
  children: ReactNode;
}

/** Light, dark or system (the default), persisted under the product-prefixed key. */
export const ColorModeProvider = ({ children }: ColorModeProviderProps) => (
  <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange storageKey={STORAGE_KEYS.theme} themes={['light', 'dark']}>
    {children}
  </ThemeProvider>
);

export const useColorMode = () => {
  const { theme, resolvedTheme, setTheme } = useTheme();
  const preference = (theme ?? 'system') as ThemePreference;
  return {
    preference,
    colorMode: (resolvedTheme ?? 'light') as 'light' | 'dark',
    setPreference: (value: ThemePreference) => setTheme(value),
    cyclePreference: () => setTheme(nextThemePreference(preference)),
  };
};

const SunIcon = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </svg>
);
const MoonIcon = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </svg>
);
const SystemIcon = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <rect x="3" y="4" width="18" height="12" rx="2" />
    <path d="M8 20h8M12 16v4" />
  </svg>
);

const ICONS: Record<ThemePreference, () => JSX.Element> = { light: SunIcon, dark: MoonIcon, system: SystemIcon };
const LABELS: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };

export type ColorModeButtonProps = Omit<IconButtonProps, 'aria-label'>;

export const ColorModeButton = (props: ColorModeButtonProps) => {
  const { preference, cyclePreference } = useColorMode();
  const Icon = ICONS[preference] ?? SystemIcon;
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={`Theme: ${LABELS[preference] ?? 'System'}. Switch to ${LABELS[nextThemePreference(preference)]}`}
      title={`Theme: ${LABELS[preference] ?? 'System'}`}
      onClick={cyclePreference}
      {...props}
    >
      <Icon />
    </IconButton>
  );
};
