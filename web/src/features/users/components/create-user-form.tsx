import { Button, Card, Field, Heading, HStack, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { validateCreateUser, type AgentType, type Role } from '@repo/types';
import { useState, type FormEvent } from 'react';
import { PasswordChecklist } from '../../../components/forms/password-checklist';
import { TextField } from '../../../components/forms/text-field';
import { InfoTooltip } from '../../../components/ui/info-tooltip';
import { toaster } from '../../../components/ui/toaster';
import { ApiError, errorMessage, type FieldErrors } from '../../../lib/api/api-error';
import { useCreateUser } from '../api/create-user';
import { AGENT_TYPE_LABELS, USERS_TEXT } from '../utils/messages';

const EMPTY = { firstName: '', lastName: '', email: '', phoneNumber: '', password: '', confirmPassword: '' };
type TextValues = typeof EMPTY;

const toFieldErrors = (errors: ReturnType<typeof validateCreateUser>): FieldErrors => {
  const result: FieldErrors = {};
  for (const { field, message } of errors) (result[field] ??= []).push(message);
  return result;
};

/** Create New User (spec §2, §5): the shared rules run before sending, the server's answer after. */
export const CreateUserForm = () => {
  const { createUser, isCreating } = useCreateUser();
  const [values, setValues] = useState<TextValues>(EMPTY);
  const [role, setRole] = useState<Role>('agent');
  const [agentType, setAgentType] = useState<AgentType>('dubai');
  const [errors, setErrors] = useState<FieldErrors>({});

  const field = (name: keyof TextValues) => ({
    value: values[name],
    onValueChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors[name],
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = toFieldErrors(validateCreateUser(values));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await createUser({
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim() || null,
        phoneNumber: values.phoneNumber.trim() || null,
        role,
        agentType: role === 'agent' ? agentType : null,
      });
      setValues(EMPTY);
      toaster.success({ title: USERS_TEXT.userCreated });
    } catch (cause) {
      if (cause instanceof ApiError && Object.keys(cause.fieldErrors).length > 0) setErrors(cause.fieldErrors);
      else toaster.error({ title: errorMessage(cause, USERS_TEXT.createFailed) });
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="create-user-heading">
      <Card.Body>
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="5">
            <Heading as="h3" size="md" id="create-user-heading">
              {USERS_TEXT.createHeading}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField label={USERS_TEXT.firstName} autoComplete="off" required {...field('firstName')} />
              <TextField label={USERS_TEXT.lastName} autoComplete="off" {...field('lastName')} />
              <TextField label={USERS_TEXT.email} type="email" autoComplete="off" required {...field('email')} />
              <TextField
                label={USERS_TEXT.phoneNumber}
                type="tel"
                autoComplete="off"
                placeholder="+974XXXXXXXX"
                {...field('phoneNumber')}
              />
              <TextField
                label={USERS_TEXT.password}
                type="password"
                autoComplete="new-password"
                required
                {...field('password')}
              />
              <TextField
                label={USERS_TEXT.confirmPassword}
                type="password"
                autoComplete="new-password"
                required
                {...field('confirmPassword')}
              />
            </SimpleGrid>
            <PasswordChecklist password={values.password} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root invalid={Boolean(errors.role)}>
                <HStack gap="1">
                  <Field.Label>{USERS_TEXT.role}</Field.Label>
                  <InfoTooltip label={USERS_TEXT.roleHelp} content={USERS_TEXT.roleHelpText} />
                </HStack>
                <NativeSelect.Root>
                  <NativeSelect.Field value={role} onChange={(event) => setRole(event.target.value as Role)}>
                    <option value="agent">Agent</option>
                    <option value="admin">Admin</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {errors.role && <Field.ErrorText>{errors.role[0]}</Field.ErrorText>}
              </Field.Root>
              {role === 'agent' && (
                <Field.Root invalid={Boolean(errors.agentType)}>
                  <Field.Label>{USERS_TEXT.agentType}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={agentType} onChange={(event) => setAgentType(event.target.value as AgentType)}>
                      {Object.entries(AGENT_TYPE_LABELS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {errors.agentType && <Field.ErrorText>{errors.agentType[0]}</Field.ErrorText>}
                </Field.Root>
              )}
            </SimpleGrid>
            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="flex-start"
              loading={isCreating}
              loadingText={USERS_TEXT.creatingUser}
            >
              {USERS_TEXT.createUser}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
};
