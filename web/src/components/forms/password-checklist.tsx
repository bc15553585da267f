import { List, Text } from '@chakra-ui/react';
import { checkPassword } from '@repo/types';

export interface PasswordChecklistProps {
  password: string;
}

// Elements, not components: List.Indicator passes its ref and props straight to its child.
const checkIcon = (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
    <path d="M5 12l5 5L20 7" />
  </svg>
);
const dotIcon = (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
    <circle cx="12" cy="12" r="4" />
  </svg>
);

/** The live password-requirement checklist of the shared rules; each line says whether it is met. */
export const PasswordChecklist = ({ password }: PasswordChecklistProps) => (
  <List.Root variant="plain" gap="1" aria-label="Password requirements" fontSize="sm">
    {checkPassword(password).map((rule) => (
      <List.Item key={rule.id} color={rule.met ? 'green.fg' : 'fg.muted'} data-met={rule.met}>
        <List.Indicator asChild>{rule.met ? checkIcon : dotIcon}</List.Indicator>
        <Text as="span">
          {rule.label}
          <Text as="span" srOnly>
            {rule.met ? ' (met)' : ' (not met)'}
          </Text>
        </Text>
      </List.Item>
    ))}
  </List.Root>
);
