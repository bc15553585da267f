import type { NotificationMode, NotificationRecipient, NotificationResult } from '@repo/types';
import { useState } from 'react';
import useSWR from 'swr';
import { apiFetch } from '../../../lib/api/api-fetch';

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

/** POST /notifications/units: one e-mail per agent. A failed delivery answers success false with its reason, never throws. */
export const useSendNotification = () => {
  const [isSending, setSending] = useState(false);
  const send = async ({ projectId, unitIds, mode, recipientIds }: SendNotificationArg) => {
    setSending(true);
    try {
      return await apiFetch<NotificationResult>('/notifications/units', {
        method: 'POST',
        body: mode === 'select' ? { projectId, unitIds, mode, recipientIds } : { projectId, unitIds, mode },
      });
    } finally {
      setSending(false);
    }
  };
  return { send, isSending };
};
