import { Alert, Button, Dialog, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { deriveAgentType, TIMERS_MS, type AgentType, type ManagedUser, type UpdateUserInput } from '@repo/types';
import { useEffect, useState, type FormEvent } from 'react';
import { ReadOnlyValue } from '../../../components/forms/read-only-value';
import { TextField } from '../../../components/forms/text-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toaster } from '../../../components/ui/toaster';
import { ApiError, errorMessage, type FieldErrors } from '../../../lib/api/api-error';
import { useUpdateUser } from '../api/update-user';
import { displayNameOf } from '../utils/group-users';
import { AGENT_TYPE_LABELS, USERS_TEXT } from '../utils/messages';
import { DeleteUserButton } from './delete-user-button';
import { ProjectAccessChecklist } from './project-access-checklist';

export interface EditAgentFormProps {
  user: ManagedUser;
  onClose: () => void;
  /** After a successful save, with the server's copy of the user. */
  onSaved?: (user: ManagedUser) => void;
}

/** The body of the Edit Agent dialog (spec §2): also edits an admin's own profile, without the agent parts. */
export const EditAgentForm = ({ user, onClose, onSaved }: EditAgentFormProps) => {
  const isAgent = user.role === 'agent';
  const { updateUser, isUpdating } = useUpdateUser();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [phoneNumber, setPhoneNumber] = useState(user.phoneNumber ?? '');
  const [agentType, setAgentType] = useState<AgentType>(deriveAgentType(user) ?? 'dubai');
  // null: the region default is in force (spec §4); [] : the agent sees no project at all.
  const [projects, setProjects] = useState<number[] | null>(user.visibleProjects);
  const [confirmingNoAccess, setConfirmingNoAccess] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return undefined;
    const timer = setTimeout(onClose, TIMERS_MS.agentDialogClose);
    return () => clearTimeout(timer);
  }, [saved, onClose]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!firstName.trim()) {
      setErrors({ firstName: [USERS_TEXT.firstNameRequired] });
      return;
    }
    setErrors({});
    // Taking every project away is consequential: the agent's lists go empty. Ask first.
    if (isAgent && projects !== null && projects.length === 0) {
      setConfirmingNoAccess(true);
      return;
    }
    void save();
  };

  const save = async () => {
    setConfirmingNoAccess(false);
    const input: UpdateUserInput = {
      // The revision this dialog was opened at: a save over someone else's newer one gets a 409.
      revision: user.revision,
      firstName: firstName.trim(),
      lastName: lastName.trim() || null,
      phoneNumber: phoneNumber.trim() || null,
    };
    if (isAgent) {
      input.agentType = agentType;
      // null keeps (or puts back) the agent type's defaults, which follow new projects rather than being frozen into a list.
      input.visibleProjects = projects;
    }
    try {
      const updated = await updateUser({ id: user.id, input });
      setSaved(true);
      onSaved?.(updated);
    } catch (cause) {
      if (cause instanceof ApiError && Object.keys(cause.fieldErrors).length > 0) setErrors(cause.fieldErrors);
      else toaster.error({ title: errorMessage(cause, USERS_TEXT.updateFailed) });
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          {saved && (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>{USERS_TEXT.agentUpdated}</Alert.Title>
            </Alert.Root>
          )}
          <HStack gap="4" align="flex-start" flexDirection={{ base: 'column', sm: 'row' }}>
            <TextField
              label={USERS_TEXT.firstName}
              value={firstName}
              onValueChange={setFirstName}
              error={errors.firstName}
              required
            />
            <TextField label={USERS_TEXT.lastName} value={lastName} onValueChange={setLastName} error={errors.lastName} />
          </HStack>
          <ReadOnlyValue label={USERS_TEXT.email} value={user.email} helperText={USERS_TEXT.emailReadOnly} />
          <TextField
            label={USERS_TEXT.phoneNumber}
            type="tel"
            value={phoneNumber}
            onValueChange={setPhoneNumber}
            error={errors.phoneNumber}
          />
          {isAgent && (
            <Field.Root>
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
            </Field.Root>
          )}
          {isAgent && <ProjectAccessChecklist agentType={agentType} selected={projects} onChange={setProjects} />}
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
        open={confirmingNoAccess}
        title={USERS_TEXT.noAccessTitle}
        confirmLabel={USERS_TEXT.noAccessSave}
        busyLabel={USERS_TEXT.saving}
        busy={isUpdating}
        onConfirm={() => void save()}
        onCancel={() => setConfirmingNoAccess(false)}
      >
        <Text>{USERS_TEXT.noAccessConfirm(displayNameOf(user))}</Text>
      </ConfirmDialog>
    </form>
  );
};
