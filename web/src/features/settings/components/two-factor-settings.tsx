import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { maskPhone, type SessionProfile } from '@repo/types';
import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api/api-error';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { SETTINGS_TEXT } from '../utils/messages';
import { SettingsSection } from './settings-section';
import { TwoFactorCodeStep } from './two-factor-code-step';
import { TwoFactorPhoneStep, type TwoFactorSetup } from './two-factor-phone-step';

export interface TwoFactorSettingsProps {
  profile: SessionProfile;
  /** Re-reads the profile after the setting changed on the server. */
  onProfileChange: () => Promise<void>;
}

/** SMS two-factor (spec §4): phone entry, then the 6-digit code, then on; Disable turns it off at once. */
export const TwoFactorSettings = ({ profile, onProfileChange }: TwoFactorSettingsProps) => {
  const { disableTwoFactor, isDisabling } = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [expiredMessage, setExpiredMessage] = useState<string | undefined>();
  const enabled = profile.twoFactorEnabled;

  const handleDisable = async () => {
    try {
      await disableTwoFactor();
      await onProfileChange();
      toaster.success({ title: SETTINGS_TEXT.twoFactorDisabled });
    } catch (cause) {
      toaster.error({ title: errorMessage(cause, SETTINGS_TEXT.disableFailed) });
    }
  };

  const handleConfirmed = async () => {
    setSetup(null);
    await onProfileChange();
    toaster.success({ title: SETTINGS_TEXT.twoFactorEnabled });
  };

  const handleExpired = (message: string) => {
    setSetup(null);
    setExpiredMessage(message);
  };

  const status = (
    <Badge colorPalette={enabled ? 'green' : 'gray'} variant="subtle">
      {enabled ? SETTINGS_TEXT.twoFactorOn : SETTINGS_TEXT.twoFactorOff}
    </Badge>
  );

  return (
    <SettingsSection title={SETTINGS_TEXT.twoFactorHeading} description={SETTINGS_TEXT.twoFactorDescription} aside={status}>
      {enabled ? (
        <Stack gap="4" align="flex-start">
          <Text>{SETTINGS_TEXT.twoFactorEnabledFor(maskPhone(profile.phoneNumber))}</Text>
          <Button variant="outline" colorPalette="red" onClick={() => void handleDisable()} loading={isDisabling} loadingText={SETTINGS_TEXT.disabling}>
            {SETTINGS_TEXT.disable}
          </Button>
        </Stack>
      ) : setup ? (
        <TwoFactorCodeStep
          key={setup.challengeId}
          setup={setup}
          onConfirmed={() => void handleConfirmed()}
          onCancel={() => setSetup(null)}
          onExpired={handleExpired}
          onResent={setSetup}
        />
      ) : (
        <TwoFactorPhoneStep
          key={expiredMessage ?? 'phone'}
          initialPhone={profile.phoneNumber ?? ''}
          initialError={expiredMessage}
          onStarted={(next) => {
            setExpiredMessage(undefined);
            setSetup(next);
          }}
        />
      )}
    </SettingsSection>
  );
};
