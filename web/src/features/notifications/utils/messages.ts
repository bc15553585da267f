import { NOTIFICATION_MESSAGES, notificationSentMessage, pluralize } from '@repo/types';

/** Every string of the Send Email Notification modal (spec §2 Email notification modal, §5 Email, §8 Notification). */
export const NOTIFICATION_TEXT = {
  open: 'Send Email Notification',
  title: 'Send Email Notification',
  close: 'Close',
  unitsHeading: (count: number) => `Units (${count})`,
  recipientsHeading: 'Recipients',
  modeLabel: 'Send to',
  modes: { all: 'All eligible agents', select: 'Selected agents' },
  /** 'Notification sent for n units to m agents' (spec §8), worded by the same rule as the server's. */
  sentFor: notificationSentMessage,
  allHelp: (count: number) => `The notification goes to ${pluralize(count, 'eligible agent')}.`,
  selectedCount: (selected: number, total: number) => `${selected} of ${total} selected`,
  selectAll: 'Select All',
  clearAll: 'Clear',
  loadingAgents: 'Loading agents...',
  agentTypes: { dubai: 'Dubai', doha: 'Doha', super: 'Super' },
  preview: 'Preview Email',
  hidePreview: 'Hide Preview',
  previewHeading: 'Email Preview',
  previewTo: (name: string) => `To: ${name}`,
  previewFor: (count: number) => `Each of the ${count} recipients gets only the units they may see. Showing the e-mail to`,
  previewLoading: 'Preparing the preview...',
  previewFailed: 'Failed to load the email preview',
  subject: 'Subject',
  send: 'Send Notification',
  sending: 'Sending...',
  cancel: 'Cancel',
  ...NOTIFICATION_MESSAGES,
} as const;
