import { Field, Input, Stack, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputProps, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** One message, or several (a password can miss several rules at once). */
  error?: string | readonly string[];
  helperText?: ReactNode;
  required?: boolean;
}

/** A labelled input with its inline error; the label is the input's accessible name. */
export const TextField = ({ label, value, onValueChange, error, helperText, required, ...inputProps }: TextFieldProps) => {
  const errors = typeof error === 'string' ? [error] : (error ?? []);
  return (
    <Field.Root required={required} invalid={errors.length > 0}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input value={value} onChange={(event) => onValueChange(event.target.value)} {...inputProps} />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {errors.length > 0 && (
        <Field.ErrorText>
          <Stack gap="0.5">
            {errors.map((message) => (
              <span key={message}>{message}</span>
            ))}
          </Stack>
        </Field.ErrorText>
      )}
    </Field.Root>
  );
};
