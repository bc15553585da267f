import { Button, Card, Field, Heading, HStack, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { createUserSchema, type CreateUserInput, type CreateUserFormInput } from '@repo/types';
import { Controller, useForm, type FieldError, type FieldPath } from 'react-hook-form';
import { PasswordChecklist } from '@/components/forms/password-checklist';
import { TextField } from '@/components/forms/text-field';
import { InfoTooltip } from '@/components/ui/info-tooltip';
import { toaster } from '@/components/ui/toaster';
import { ApiError, errorMessage } from '@/lib/api/api-error';
import { useCreateUser } from '../api/create-user';
import { USERS_TEXT } from '../utils/messages';
import { AgentTypeField } from './agent-type-field';

type TextName = 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'password' | 'confirmPassword';

const EMPTY: CreateUserFormInput = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  password: '',
  confirmPassword: '',
  role: 'agent',
  agentType: 'dubai',
};

/** Every message of a field: a password can miss several rules at once (criteriaMode 'all' keeps them all). */
const messagesOf = (error: FieldError | undefined): string[] => {
  if (!error) return [];
  const all = Object.values(error.types ?? {}).flatMap((value) => (Array.isArray(value) ? value : [value]));
  const messages = all.filter((value): value is string => typeof value === 'string');
  return messages.length > 0 ? [...new Set(messages)] : error.message ? [error.message] : [];
};

/** Blank optional fields go as null, and an admin has no agent type (what the contract stores). */
const bodyOf = (values: CreateUserInput): CreateUserInput => ({
  ...values,
  email: values.email.trim(),
  firstName: values.firstName.trim(),
  lastName: values.lastName?.trim() || null,
  phoneNumber: values.phoneNumber?.trim() || null,
  agentType: values.role === 'agent' ? values.agentType : null,
});

/**
 * Create New User (spec §2, §5), validated by the API contract's schema (the server's own, through
 * react-hook-form's zod resolver), so the same mistake gets the same message; the server's answer after.
 */
export const CreateUserForm = () => {
  const { createUser, isCreating } = useCreateUser();
  const form = useForm<CreateUserFormInput, unknown, CreateUserInput>({ defaultValues: EMPTY, resolver: zodResolver(createUserSchema), criteriaMode: 'all' });
  const { errors } = form.formState;
  const role = form.watch('role');

  const handleValid = async (values: CreateUserInput) => {
    try {
      await createUser(bodyOf(values));
      form.reset(EMPTY);
      toaster.success({ title: USERS_TEXT.userCreated });
    } catch (cause) {
      const fieldErrors = cause instanceof ApiError ? Object.entries(cause.fieldErrors) : [];
      for (const [field, messages] of fieldErrors) {
        form.setError(field as FieldPath<CreateUserFormInput>, {
          message: messages[0],
          types: Object.fromEntries(messages.map((message, index) => [`server${index}`, message])),
        });
      }
      if (fieldErrors.length === 0) toaster.error({ title: errorMessage(cause, USERS_TEXT.createFailed) });
    }
  };

  const text = (name: TextName, label: string, props: Omit<Parameters<typeof TextField>[0], 'label' | 'value' | 'onValueChange'> = {}) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField
          label={label}
          autoComplete="off"
          {...props}
          value={field.value ?? ''}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          error={messagesOf(errors[name])}
        />
      )}
    />
  );

  return (
    <Card.Root as="section" aria-labelledby="create-user-heading">
      <Card.Body>
        <form onSubmit={(event) => void form.handleSubmit(handleValid)(event)} noValidate>
          <Stack gap="5">
            <Heading as="h3" size="md" id="create-user-heading">
              {USERS_TEXT.createHeading}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {text('firstName', USERS_TEXT.firstName, { required: true })}
              {text('lastName', USERS_TEXT.lastName)}
              {text('email', USERS_TEXT.email, { type: 'email', required: true })}
              {text('phoneNumber', USERS_TEXT.phoneNumber, { type: 'tel', placeholder: '+974XXXXXXXX' })}
              {text('password', USERS_TEXT.password, { type: 'password', autoComplete: 'new-password', required: true })}
              {text('confirmPassword', USERS_TEXT.confirmPassword, { type: 'password', autoComplete: 'new-password', required: true })}
            </SimpleGrid>
            <PasswordChecklist password={form.watch('password') ?? ''} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root invalid={Boolean(errors.role)}>
                <HStack gap="1">
                  <Field.Label>{USERS_TEXT.role}</Field.Label>
                  <InfoTooltip label={USERS_TEXT.roleHelp} content={USERS_TEXT.roleHelpText} />
                </HStack>
                <NativeSelect.Root>
                  <NativeSelect.Field {...form.register('role')}>
                    <option value="agent">Agent</option>
                    <option value="admin">Admin</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {errors.role && <Field.ErrorText>{errors.role.message}</Field.ErrorText>}
              </Field.Root>
              {role === 'agent' && <AgentTypeField registration={form.register('agentType')} error={errors.agentType?.message} />}
            </SimpleGrid>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isCreating} loadingText={USERS_TEXT.creatingUser}>
              {USERS_TEXT.createUser}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
};
