import { Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

export interface ReadOnlyValueProps {
  label: string;
  value: ReactNode;
  /** A line under the value, e.g. 'Email cannot be changed'. */
  helperText?: string;
}

/**
 * A value inside a form that the user cannot change (an e-mail, a computed amount), shown as text
 * rather than as a disabled or read-only input, which looks editable. The <output> is labelable, so
 * the label still names it for assistive technology and tests, and a change to it is announced.
 */
export const ReadOnlyValue = ({ label, value, helperText }: ReadOnlyValueProps) => {
  const id = useId();
  return (
    <Stack gap="1.5">
      <Text textStyle="sm" fontWeight="medium" asChild>
        <label htmlFor={id}>{label}</label>
      </Text>
      <Text fontWeight="semibold" wordBreak="break-word" asChild>
        <output id={id}>{value}</output>
      </Text>
      {helperText && (
        <Text textStyle="xs" color="fg.muted">
          {helperText}
        </Text>
      )}
    </Stack>
  );
};
