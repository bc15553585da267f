import { Field, Input } from '@chakra-ui/react';
import { LIMITS } from '@repo/types';

export interface VerificationCodeInputProps {
  value: string;
  onValueChange: (value: string) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
}

/** The 6-digit SMS code: digits only, at most six, with the one-time-code hint for autofill. */
export const VerificationCodeInput = ({ value, onValueChange, label = 'Verification code', error, disabled }: VerificationCodeInputProps) => (
  <Field.Root invalid={Boolean(error)} disabled={disabled}>
    <Field.Label>{label}</Field.Label>
    <Input
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, LIMITS.verificationCodeLength))}
      placeholder="Enter 6-digit code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={LIMITS.verificationCodeLength}
      letterSpacing="widest"
      fontFamily="mono"
    />
    {error && <Field.ErrorText>{error}</Field.ErrorText>}
  </Field.Root>
);
