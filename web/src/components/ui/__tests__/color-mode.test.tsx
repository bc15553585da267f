import { act, render, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@repo/types';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { ColorModeButton, nextThemePreference } from '../color-mode';

describe('nextThemePreference', () => {
  it('cycles light → dark → system → light', () => {
    expect(nextThemePreference('light')).toBe('dark');
    expect(nextThemePreference('dark')).toBe('system');
    expect(nextThemePreference('system')).toBe('light');
  });

  it('treats an unknown or missing preference as system', () => {
    expect(nextThemePreference(undefined)).toBe('light');
    expect(nextThemePreference('sepia')).toBe('light');
  });
});

describe('ColorModeButton', () => {
  it('starts on system and persists each step under the product-prefixed key', async () => {
    render(
      <AppProvider>
        <ColorModeButton />
      </AppProvider>,
    );
    const button = await screen.findByRole('button', { name: /Theme: System/ });
    act(() => button.click());
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(document.documentElement.classList.contains('light')).toBe(true);
    act(() => screen.getByRole('button', { name: /Theme: Light/ }).click());
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});
