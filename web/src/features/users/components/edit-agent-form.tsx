import { Alert, Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { deriveAgentType, TIMERS_MS, updateUserSchema, type ManagedUser, type UpdateUserInput } from '@repo/types';
import { useEffect, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { ReadOnlyValue } from '@/components/forms/read-only-value';
import { TextField } from '@/components/forms/text-field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
import { ApiError, errorMessage } from '@/lib/api/api-error';
import { useUpdateUser } from '../api/update-user';
import { displayNameOf } from '../utils/group-users';
import { USERS_TEXT } from '../utils/messages';
import { AgentTypeField } from './agent-type-field';
import { DeleteUserButton } from './delete-user-button';
import { ProjectAccessChecklist } from './project-access-checklist';

export interface EditAgentFormProps {
  user: ManagedUser;
  onClose: () => void;
  /** After a successful save, with the server's copy of the user. */
  onSaved?: (user: ManagedUser) => void;
}

/**
 * What the dialog starts from: the revision it was opened at (a save over someone else's newer one
 * gets a 409), and for an agent the agent type and project access (null: the region default is in
 * force, spec §4; []: no project at all). An admin's own profile has no agent parts to send.
 */
const valuesOf = (user: ManagedUser): UpdateUserInput => ({
  revision: user.revision,
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  phoneNumber: user.phoneNumber ?? '',
  ...(user.role === 'agent' ? { agentType: deriveAgentType(user) ?? 'dubai', visibleProjects: user.visibleProjects } : {}),
});

/** Blank optional fields go as null. */
const bodyOf = (values: UpdateUserInput): UpdateUserInput => ({
  ...values,
  firstName: values.firstName?.trim(),
  lastName: values.lastName?.trim() || null,
  phoneNumber: values.phoneNumber?.trim() || null,
});

/**
 * The body of the Edit Agent dialog (spec §2): also edits an admin's own profile, without the agent
 * parts. Validated by the API contract's schema (the server's own, through react-hook-form's zod
 * resolver): 'First name is required' and the one-line rule say the same on both sides.
 */
export const EditAgentForm = ({ user, onClose, onSaved }: EditAgentFormProps) => {
  const isAgent = user.role === 'agent';
  const { updateUser, isUpdating } = useUpdateUser();
  const form = useForm<UpdateUserInput>({ defaultValues: valuesOf(user), resolver: zodResolver(updateUserSchema) });
  const { errors } = form.formState;
  const [confirming, setConfirming] = useState<UpdateUserInput | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return undefined;
    const timer = setTimeout(onClose, TIMERS_MS.agentDialogClose);
    return () => clearTimeout(timer);
  }, [saved, onClose]);

  const save = async (values: UpdateUserInput) => {
    setConfirming(null);
    try {
      const updated = await updateUser({ id: user.id, input: bodyOf(values) });
      setSaved(true);
      onSaved?.(updated);
    } catch (cause) {
      const fieldErrors = cause instanceof ApiError ? Object.entries(cause.fieldErrors) : [];
      for (const [field, messages] of fieldErrors) form.setError(field as FieldPath<UpdateUserInput>, { message: messages[0] });
      if (fieldErrors.length === 0) toaster.error({ title: errorMessage(cause, USERS_TEXT.updateFailed) });
    }
  };

  const handleValid = (values: UpdateUserInput) => {
    // Taking every project away is consequential: the agent's lists go empty. Ask first.
    if (isAgent && values.visibleProjects?.length === 0) setConfirming(values);
    else void save(values);
  };

  const text = (name: 'firstName' | 'lastName' | 'phoneNumber', label: string, props: { required?: boolean; type?: string } = {}) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField label={label} {...props} value={field.value ?? ''} onValueChange={field.onChange} onBlur={field.onBlur} error={errors[name]?.message} />
      )}
    />
  );

  return (
    <form onSubmit={(event) => void form.handleSubmit(handleValid)(event)} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          {saved && (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>{USERS_TEXT.agentUpdated}</Alert.Title>
            </Alert.Root>
          )}
          <HStack gap="4" align="flex-start" flexDirection={{ base: 'column', sm: 'row' }}>
            {text('firstName', USERS_TEXT.firstName, { required: true })}
            {text('lastName', USERS_TEXT.lastName)}
          </HStack>
          <ReadOnlyValue label={USERS_TEXT.email} value={user.email} helperText={USERS_TEXT.emailReadOnly} />
          {text('phoneNumber', USERS_TEXT.phoneNumber, { type: 'tel' })}
          {isAgent && <AgentTypeField registration={form.register('agentType')} error={errors.agentType?.message} />}
          {isAgent && (
            <Controller
              name="visibleProjects"
              control={form.control}
              render={({ field }) => (
                <ProjectAccessChecklist agentType={form.watch('agentType') ?? 'dubai'} selected={field.value ?? null} onChange={field.onChange} />
              )}
            />
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer justifyContent="space-between" flexWrap="wrap" gap="3">
        {isAgent ? <DeleteUserButton user={user} onDeleted={onClose} /> : <span />}
        <HStack gap="3">
          <Button variant="outline" onClick={onClose}>
            {USERS_TEXT.cancel}
          </Button>
          <Button type="submit" colorPalette="brand" loading={isUpdating} loadingText={USERS_TEXT.saving} disabled={saved}>
            {USERS_TEXT.saveChanges}
          </Button>
        </HStack>
      </Dialog.Footer>
      <ConfirmDialog
        open={confirming !== null}
        title={USERS_TEXT.noAccessTitle}
        confirmLabel={USERS_TEXT.noAccessSave}
        busyLabel={USERS_TEXT.saving}
        busy={isUpdating}
        onConfirm={() => confirming && void save(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <Text>{USERS_TEXT.noAccessConfirm(displayNameOf(user))}</Text>
      </ConfirmDialog>
    </form>
  );
};
