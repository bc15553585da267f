import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { isSixDigitCode, LIMITS, type SessionProfile } from '@repo/types';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { VerificationCodeInput } from '@/components/forms/verification-code-input';
import { useCountdown } from '@/hooks/use-countdown';
import { ApiError, errorMessage } from '@/lib/api/api-error';
import { useSendLoginCode } from '../api/send-login-code';
import { useVerifyLoginCode } from '../api/verify-login-code';
import { AUTH_TEXT } from '../utils/messages';
import { FormError } from '@/components/feedback/form-error';

export interface TwoFactorChallenge {
  challengeId: string;
  maskedPhone: string;
}

export interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  onSignedIn: (profile: SessionProfile) => void;
  onCancel: () => void;
  /** The challenge is gone: back to the form, which shows the message. */
  onExpired: (message: string) => void;
}

const isExpired = (error: unknown) => error instanceof ApiError && error.message === AUTH_TEXT.sessionExpired;

/** The code step of a two-factor sign-in (spec §2, §4): the SMS goes out about 1 s after it appears. */
export const TwoFactorStep = ({ challenge, onSignedIn, onCancel, onExpired }: TwoFactorStepProps) => {
  const { sendCode, isSending } = useSendLoginCode();
  const { verifyCode, isVerifying } = useVerifyLoginCode();
  const { secondsLeft, start: startCountdown } = useCountdown();
  const [maskedPhone, setMaskedPhone] = useState(challenge.maskedPhone);
  const [sent, setSent] = useState(false);
  // Resending becomes possible once the first attempt is over, even a failed one.
  const [attempted, setAttempted] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSend = useCallback(async () => {
    setError(null);
    try {
      const result = await sendCode({ challengeId: challenge.challengeId });
      setMaskedPhone(result.maskedPhone);
      setSent(true);
      startCountdown(LIMITS.resendWaitSeconds);
    } catch (cause) {
      if (isExpired(cause)) onExpired(AUTH_TEXT.sessionExpired);
      else setError(errorMessage(cause, AUTH_TEXT.sendCodeFailed));
    } finally {
      setAttempted(true);
    }
  }, [sendCode, challenge.challengeId, startCountdown, onExpired]);

  useEffect(() => {
    const timer = setTimeout(() => void handleSend(), LIMITS.smsSendDelayMs);
    return () => clearTimeout(timer);
    // Once per challenge: resending is the user's decision, not a re-render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [challenge.challengeId]);

  const handleVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isSixDigitCode(code)) {
      setError(AUTH_TEXT.invalidCodeFormat);
      return;
    }
    setError(null);
    try {
      const result = await verifyCode({ challengeId: challenge.challengeId, code });
      onSignedIn(result.profile);
    } catch (cause) {
      if (isExpired(cause)) onExpired(AUTH_TEXT.sessionExpired);
      else setError(errorMessage(cause, AUTH_TEXT.verifyFailed));
    }
  };

  const resendLabel = secondsLeft > 0 ? AUTH_TEXT.resendIn(secondsLeft) : AUTH_TEXT.resend;

  return (
    <form onSubmit={(event) => void handleVerify(event)} noValidate>
      <Stack gap="4">
        <Text role="status" color="fg.muted">
          {sent ? AUTH_TEXT.codeSent(maskedPhone) : AUTH_TEXT.codeSending(maskedPhone)}
        </Text>
        <FormError message={error} />
        <VerificationCodeInput label={AUTH_TEXT.codeLabel} value={code} onValueChange={setCode} />
        <HStack gap="3">
          <Button variant="outline" flex="1" onClick={onCancel} disabled={isVerifying}>
            {AUTH_TEXT.cancel}
          </Button>
          <Button type="submit" colorPalette="brand" flex="1" loading={isVerifying} loadingText={AUTH_TEXT.verifying}>
            {AUTH_TEXT.verify}
          </Button>
        </HStack>
        <Button variant="ghost" size="sm" alignSelf="center" onClick={() => void handleSend()} disabled={!attempted || secondsLeft > 0 || isSending}>
          {resendLabel}
        </Button>
      </Stack>
    </form>
  );
};
