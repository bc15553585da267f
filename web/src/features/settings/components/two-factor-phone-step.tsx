import { Button, Stack } from '@chakra-ui/react';
import { normalisePhone, type TwoFactorStartResult } from '@repo/types';
import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/forms/text-field';
import { errorMessage } from '@/lib/api/api-error';
import { useStartTwoFactor } from '../api/start-two-factor';
import { SETTINGS_TEXT } from '../utils/messages';

export interface TwoFactorSetup extends TwoFactorStartResult {
  /** The normalised number, so a resend goes to the same phone. */
  phoneNumber: string;
}

export interface TwoFactorPhoneStepProps {
  initialPhone: string;
  /** A message carried over from the code step (an expired code). */
  initialError?: string;
  onStarted: (setup: TwoFactorSetup) => void;
}

/** The first step of the SMS two-factor setup: the phone number, then a code is sent. */
export const TwoFactorPhoneStep = ({ initialPhone, initialError, onStarted }: TwoFactorPhoneStepProps) => {
  const { startTwoFactor, isStarting } = useStartTwoFactor();
  const [phone, setPhone] = useState(initialPhone);
  const [error, setError] = useState<string | undefined>(initialError);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!phone.trim()) {
      setError(SETTINGS_TEXT.phoneRequired);
      return;
    }
    const normalised = normalisePhone(phone);
    if (!normalised.ok) {
      setError(normalised.error);
      return;
    }
    setError(undefined);
    try {
      const result = await startTwoFactor({ phoneNumber: normalised.phone });
      onStarted({ ...result, phoneNumber: normalised.phone });
    } catch (cause) {
      setError(errorMessage(cause, SETTINGS_TEXT.sendCodeFailed));
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="4" maxW="md">
        <TextField
          label={SETTINGS_TEXT.phoneNumber}
          type="tel"
          autoComplete="tel"
          placeholder={SETTINGS_TEXT.phonePlaceholder}
          helperText={SETTINGS_TEXT.phoneHint}
          value={phone}
          onValueChange={setPhone}
          error={error}
        />
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isStarting} loadingText={SETTINGS_TEXT.sendingCode}>
          {SETTINGS_TEXT.sendCode}
        </Button>
      </Stack>
    </form>
  );
};
