import type { NotificationMode, NotificationPreview, NotificationRecipient, NotificationResult } from '@repo/types';
import { useState } from 'react';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';

export const recipientsPath = (projectId: number | string, mode: NotificationMode) => `/projects/${projectId}/notification-recipients?mode=${mode}`;

/**
 * The agents a notification about this project can go to (spec §6): for 'select', agents whose
 * agent type the project is visible to plus super agents; for 'all', the send-to-all rule. The
 * server decides; the picker only shows its answer. Not persisted: agents change between visits.
 */
export const useNotificationRecipients = (projectId: number | string, mode: NotificationMode) => {
  const { data, error, isLoading } = useSWR(`recipients_${projectId}_${mode}`, () => apiFetch<NotificationRecipient[]>(recipientsPath(projectId, mode)));
  return { recipients: data, error: error as unknown, isLoading };
};

export interface SendNotificationArg {
  projectId: number;
  unitIds: number[];
  mode: NotificationMode;
  recipientIds: number[];
}

const sendBody = ({ projectId, unitIds, mode, recipientIds }: SendNotificationArg) =>
  mode === 'select' ? { projectId, unitIds, mode, recipientIds } : { projectId, unitIds, mode };

/**
 * POST /notifications/units/preview with the body the send would have: the server's own rendering
 * of every e-mail it would send, per recipient, so the preview cannot drift from the mail. Fetched
 * only while the preview is shown (null input), and again whenever the selection changes.
 */
export const useNotificationPreview = (input: SendNotificationArg | null) => {
  const { data, error, isLoading } = useSWR(input ? ['notification-preview', JSON.stringify(sendBody(input))] : null, () =>
    apiFetch<NotificationPreview[]>('/notifications/units/preview', { method: 'POST', body: sendBody(input as SendNotificationArg) }),
  );
  return { messages: data, error: error as unknown, isLoading };
};

/** POST /notifications/units: one e-mail per agent. A failed delivery answers success false with its reason, never throws. */
export const useSendNotification = () => {
  const [isSending, setSending] = useState(false);
  const send = async ({ projectId, unitIds, mode, recipientIds }: SendNotificationArg) => {
    setSending(true);
    try {
      return await apiFetch<NotificationResult>('/notifications/units', {
        method: 'POST',
        body: sendBody({ projectId, unitIds, mode, recipientIds }),
      });
    } finally {
      setSending(false);
    }
  };
  return { send, isSending };
};
