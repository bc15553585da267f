import { Heading, Stack } from '@chakra-ui/react';
import type { SessionProfile } from '@repo/types';
import { SETTINGS_TEXT } from '../utils/messages';
import { ChangePasswordForm } from './change-password-form';
import { DangerZone } from './danger-zone';
import { PerformanceSettings } from './performance-settings';
import { ThemeSettings } from './theme-settings';
import { TwoFactorSettings } from './two-factor-settings';

export interface AccountSettingsProps {
  profile: SessionProfile;
  onProfileChange: () => Promise<void>;
  onAccountDeleted: () => void;
}

/** The settings screen both roles share (spec §2, Account settings). */
export const AccountSettings = ({ profile, onProfileChange, onAccountDeleted }: AccountSettingsProps) => (
  <Stack gap="6" maxW="3xl">
    <Heading as="h2" size="xl">
      {SETTINGS_TEXT.heading}
    </Heading>
    <ThemeSettings />
    <ChangePasswordForm />
    <TwoFactorSettings profile={profile} onProfileChange={onProfileChange} />
    <PerformanceSettings />
    <DangerZone onAccountDeleted={onAccountDeleted} />
  </Stack>
);
