import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { isSixDigitCode, LIMITS } from '@repo/types';
import { useState, type FormEvent } from 'react';
import { VerificationCodeInput } from '@/components/forms/verification-code-input';
import { useCountdown } from '@/hooks/use-countdown';
import { ApiError, errorMessage } from '@/lib/api/api-error';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useStartTwoFactor } from '../api/start-two-factor';
import { SETTINGS_TEXT } from '../utils/messages';
import type { TwoFactorSetup } from './two-factor-phone-step';

export interface TwoFactorCodeStepProps {
  setup: TwoFactorSetup;
  onConfirmed: () => void;
  onCancel: () => void;
  /** The code expired: back to the phone step with the message. */
  onExpired: (message: string) => void;
  /** A resend opened a new challenge. */
  onResent: (setup: TwoFactorSetup) => void;
}

const isExpired = (error: unknown) => error instanceof ApiError && (error.status === 410 || error.message === SETTINGS_TEXT.codeExpired);

/** The verify step: the 6-digit code, with a resend after 60 seconds. */
export const TwoFactorCodeStep = ({ setup, onConfirmed, onCancel, onExpired, onResent }: TwoFactorCodeStepProps) => {
  const { confirmTwoFactor, isConfirming } = useConfirmTwoFactor();
  const { startTwoFactor, isStarting } = useStartTwoFactor();
  // Each challenge (the first and every resend) mounts this step afresh, with its own 60-second wait.
  const { secondsLeft } = useCountdown(LIMITS.resendWaitSeconds);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isSixDigitCode(code)) {
      setError(SETTINGS_TEXT.invalidCodeFormat);
      return;
    }
    setError(undefined);
    try {
      await confirmTwoFactor({ challengeId: setup.challengeId, code });
      onConfirmed();
    } catch (cause) {
      if (isExpired(cause)) onExpired(SETTINGS_TEXT.codeExpired);
      else setError(errorMessage(cause, SETTINGS_TEXT.verifyFailed));
    }
  };

  const handleResend = async () => {
    setError(undefined);
    try {
      const result = await startTwoFactor({ phoneNumber: setup.phoneNumber });
      onResent({ ...result, phoneNumber: setup.phoneNumber });
    } catch (cause) {
      setError(errorMessage(cause, SETTINGS_TEXT.sendCodeFailed));
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="4" maxW="md">
        <Text role="status">{SETTINGS_TEXT.codeSentTo(setup.maskedPhone)}</Text>
        <VerificationCodeInput label={SETTINGS_TEXT.codeLabel} value={code} onValueChange={setCode} error={error} />
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" onClick={onCancel} disabled={isConfirming}>
            {SETTINGS_TEXT.cancel}
          </Button>
          <Button type="submit" colorPalette="brand" loading={isConfirming} loadingText={SETTINGS_TEXT.verifyingCode}>
            {SETTINGS_TEXT.verifyCode}
          </Button>
          <Button variant="ghost" onClick={() => void handleResend()} disabled={secondsLeft > 0 || isStarting}>
            {secondsLeft > 0 ? SETTINGS_TEXT.resendIn(secondsLeft) : SETTINGS_TEXT.resend}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
};
