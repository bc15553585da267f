import { Button, Card, Field, Heading, HStack, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { createUserSchema, type CreateUserBody, type CreateUserFormInput } from '@repo/types';
import { useForm, type FieldError as FormFieldError } from 'react-hook-form';
import { PasswordChecklist } from '../../../components/forms/password-checklist';
import { TextField } from '../../../components/forms/text-field';
import { InfoTooltip } from '../../../components/ui/info-tooltip';
import { toaster } from '../../../components/ui/toaster';
import { ApiError, errorMessage } from '../../../lib/api/api-error';
import { useCreateUser } from '../api/create-user';
import { AGENT_TYPE_LABELS, USERS_TEXT } from '../utils/messages';

type CreateUserValues = CreateUserFormInput;
const EMPTY: CreateUserValues = { firstName: '', lastName: '', email: '', phoneNumber: '', password: '', confirmPassword: '', role: 'agent', agentType: 'dubai' };
type TextName = 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'password' | 'confirmPassword';

/** Every message of a field (the password can break several rules at once), first one first. */
const messagesOf = (error: FormFieldError | undefined): string[] => {
  if (!error) return [];
  const all = Object.values(error.types ?? {}).flatMap((value) => (Array.isArray(value) ? value : [value])).filter((value): value is string => typeof value === 'string');
  return all.length > 0 ? [...new Set(all)] : error.message ? [error.message] : [];
};

/**
 * Create New User (spec §2, §5): validated with the API contract's own schema (createUserSchema),
 * so the form and the server give the same message for the same mistake; the server's answer after.
 * An error leaves as soon as its field is fixed (re-validated on change after the first submit).
 */
export const CreateUserForm = () => {
  const { createUser, isCreating } = useCreateUser();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateUserValues, unknown, CreateUserBody>({ defaultValues: EMPTY, resolver: zodResolver(createUserSchema), criteriaMode: 'all' });
  const values = watch();
  const role = values.role;

  const field = (name: TextName) => {
    const { onChange, ...rest } = register(name);
    return {
      ...rest,
      value: values[name] ?? '',
      onValueChange: (value: string) => void onChange({ target: { name, value } }),
      error: messagesOf(errors[name]),
    };
  };

  const onValid = async (input: CreateUserBody) => {
    try {
      await createUser({
        email: input.email.trim(),
        password: input.password,
        confirmPassword: input.confirmPassword,
        firstName: input.firstName.trim(),
        lastName: input.lastName?.trim() || null,
        phoneNumber: input.phoneNumber?.trim() || null,
        role: input.role,
        agentType: input.role === 'agent' ? (input.agentType ?? null) : null,
      });
      reset(EMPTY);
      toaster.success({ title: USERS_TEXT.userCreated });
    } catch (cause) {
      if (cause instanceof ApiError && Object.keys(cause.fieldErrors).length > 0) {
        for (const [name, messages] of Object.entries(cause.fieldErrors)) {
          if (name in EMPTY) setError(name as keyof CreateUserValues, { type: 'server', message: messages[0] });
        }
      } else toaster.error({ title: errorMessage(cause, USERS_TEXT.createFailed) });
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="create-user-heading">
      <Card.Body>
        <form onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate>
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
                  <NativeSelect.Field {...register('role')}>
                    <option value="agent">Agent</option>
                    <option value="admin">Admin</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {errors.role && <Field.ErrorText>{errors.role.message}</Field.ErrorText>}
              </Field.Root>
              {role === 'agent' && (
                <Field.Root invalid={Boolean(errors.agentType)}>
                  <Field.Label>{USERS_TEXT.agentType}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...register('agentType')}>
                      {Object.entries(AGENT_TYPE_LABELS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {errors.agentType && <Field.ErrorText>{errors.agentType.message}</Field.ErrorText>}
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
