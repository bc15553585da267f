import { Alert, Button, Dialog, Heading, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { TIMERS_MS, type NotificationMode, type NotificationProject, type NotificationUnit } from '@repo/types';
import { memo, useEffect, useState } from 'react';
import { FormError } from '@/components/feedback/form-error';
import { Modal } from '@/components/ui/modal';
import { errorMessage, loadFailureMessage } from '@/lib/api/api-error';
import { useNotificationRecipients, useSendNotification } from '../api/notifications';
import { NOTIFICATION_TEXT as TEXT } from '../utils/messages';
import { EmailPreview } from './email-preview';
import { RecipientPicker } from './recipient-picker';

export interface NotificationDialogProps {
  open: boolean;
  project: NotificationProject & { id: number };
  /** The selected units, in the order they were picked (the first names the subject). */
  units: ReadonlyArray<NotificationUnit & { id: number }>;
  onClose: () => void;
}

const UNITS_LISTED = 20;

const NotificationForm = ({ project, units, onClose }: Omit<NotificationDialogProps, 'open'>) => {
  const [mode, setMode] = useState<NotificationMode>('select');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [previewing, setPreviewing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const { recipients, error, isLoading } = useNotificationRecipients(project.id, mode);
  const { send, isSending } = useSendNotification();

  // Spec §9: the modal closes 2 seconds after a successful send.
  useEffect(() => {
    if (!sentMessage) return undefined;
    const timer = setTimeout(onClose, TIMERS_MS.emailSuccessClose);
    return () => clearTimeout(timer);
  }, [sentMessage, onClose]);

  const list = recipients ?? [];
  const chosen = mode === 'select' ? list.filter((recipient) => selected.has(recipient.id)) : list;
  const request = { projectId: project.id, unitIds: units.map((unit) => unit.id), mode, recipientIds: chosen.map((recipient) => recipient.id) };

  const handlePreview = () => {
    setFailure(null);
    if (units.length === 0) return setFailure(TEXT.previewNeedsUnit);
    // The server previews what it would send, so it needs what a send needs.
    if (!previewing && mode === 'select' && chosen.length === 0) return setFailure(TEXT.selectRecipient);
    setPreviewing((shown) => !shown);
  };

  const handleSend = async () => {
    setFailure(null);
    if (units.length === 0) return setFailure(TEXT.selectUnit);
    if (mode === 'select' && chosen.length === 0) return setFailure(TEXT.selectRecipient);
    if (mode === 'all' && list.length === 0) return setFailure(TEXT.noEligibleAgents);
    try {
      const result = await send(request);
      if (result.success) setSentMessage(result.message);
      else setFailure(result.message);
    } catch (cause) {
      setFailure(errorMessage(cause, TEXT.failed(null)));
    }
  };

  let recipientsView;
  if (error) recipientsView = <FormError message={loadFailureMessage(error, TEXT.loadAgentsFailed)} />;
  else if (isLoading || !recipients)
    recipientsView = (
      <Text color="fg.muted" role="status">
        {TEXT.loadingAgents}
      </Text>
    );
  else if (list.length === 0) recipientsView = <Text color="fg.muted">{TEXT.noEligibleAgents}</Text>;
  else if (mode === 'select') recipientsView = <RecipientPicker recipients={list} selected={selected} onChange={setSelected} />;
  else
    recipientsView = (
      <Stack gap="2">
        <Text fontSize="sm" color="fg.muted">
          {TEXT.allHelp(list.length)}
        </Text>
        <RecipientPicker recipients={list} />
      </Stack>
    );

  const shownUnits = units
    .slice(0, UNITS_LISTED)
    .map((unit) => unit.unitNumber)
    .join(', ');
  return (
    <>
      <Dialog.Body>
        <Stack gap="5">
          {sentMessage && (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>{sentMessage}</Alert.Title>
            </Alert.Root>
          )}
          <Stack gap="1" as="section" aria-labelledby="notify-units-heading">
            <Heading as="h3" size="sm" id="notify-units-heading">
              {TEXT.unitsHeading(units.length)}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {units.length > UNITS_LISTED ? `${shownUnits}, …` : shownUnits}
            </Text>
          </Stack>
          <Stack gap="3" as="section" aria-labelledby="notify-recipients-heading">
            <Heading as="h3" size="sm" id="notify-recipients-heading">
              {TEXT.recipientsHeading}
            </Heading>
            <RadioGroup.Root
              value={mode}
              onValueChange={(details) => setMode(details.value as NotificationMode)}
              colorPalette="brand"
              aria-label={TEXT.modeLabel}
            >
              <HStack gap="6">
                {(['select', 'all'] as const).map((value) => (
                  <RadioGroup.Item key={value} value={value}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{TEXT.modes[value]}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
            {recipientsView}
          </Stack>
          {previewing && units.length > 0 && (mode === 'all' || chosen.length > 0) && <EmailPreview input={request} />}
          <FormError message={failure} />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="ghost" onClick={handlePreview} mr="auto">
          {previewing ? TEXT.hidePreview : TEXT.preview}
        </Button>
        <Button variant="outline" onClick={onClose} disabled={isSending}>
          {TEXT.cancel}
        </Button>
        <Button colorPalette="brand" onClick={() => void handleSend()} loading={isSending} loadingText={TEXT.sending} disabled={sentMessage !== null}>
          {TEXT.send}
        </Button>
      </Dialog.Footer>
    </>
  );
};

/** 'Send Email Notification' from the selection bar (spec §2): recipients, a preview, send; closes 2 s after success. */
export const NotificationDialog = memo(({ open, project, units, onClose }: NotificationDialogProps) => (
  <Modal open={open} title={TEXT.title} onClose={onClose}>
    <NotificationForm project={project} units={units} onClose={onClose} />
  </Modal>
));
NotificationDialog.displayName = 'NotificationDialog';
