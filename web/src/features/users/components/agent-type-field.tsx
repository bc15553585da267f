import { Field, NativeSelect } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { AGENT_TYPE_LABELS, USERS_TEXT } from '../utils/messages';

export interface AgentTypeFieldProps {
  /** The form's `register('agentType')`. */
  registration: UseFormRegisterReturn<'agentType'>;
  error?: string;
}

/** The Agent Type select of the create and edit forms (Dubai, Doha or Super Agent), with its error. */
export const AgentTypeField = ({ registration, error }: AgentTypeFieldProps) => (
  <Field.Root invalid={Boolean(error)}>
    <Field.Label>{USERS_TEXT.agentType}</Field.Label>
    <NativeSelect.Root>
      <NativeSelect.Field {...registration}>
        {Object.entries(AGENT_TYPE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
    {error && <Field.ErrorText>{error}</Field.ErrorText>}
  </Field.Root>
);
