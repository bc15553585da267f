/** The Sold Units screen's texts (spec §2 Sold Units Management, §8 Sold units, success messages). */
export const SOLD_UNITS_TEXT = {
  heading: 'Sold Units Management',
  loadFailed: 'Failed to load sold units. Please try again.',
  loading: 'Loading sold units...',
  remainingAmount: 'Remaining Amount',
  /** The remaining amount while total or paid is blank. */
  noAmount: '—',
  saveFailed: 'Failed to save sale details. Please try again.',
  /** A save the server refused as a whole (not field by field). */
  saveRefused: 'Failed to save. Please try again.',
  saved: 'Sale details saved successfully',
  /** The button offered with a stale save (409): re-read the unit and start from its latest sale details. */
  reload: 'Reload',
  archived: 'Unit archived successfully',
  unarchived: 'Unit unarchived successfully',
  archiveFailed: 'Failed to archive unit. Please try again.',
  unarchiveFailed: 'Failed to unarchive unit. Please try again.',
  noneSelected: 'No Unit Selected',
  noneSelectedHint: 'Choose a sold unit from the list to see and edit its sale details.',
  empty: 'No sold units match these filters.',
  emptyArchived: 'No archived sold units match these filters.',
  anyStatus: 'Any status',
  showArchived: 'Show archived',
  overdueOnly: 'Overdue only',
  overdue: 'Overdue',
  archivedBadge: 'Archived',
  viewUnit: 'View unit page',
  save: 'Save Sale Details',
  saving: 'Saving...',
  archive: 'Archive Unit',
  unarchive: 'Unarchive Unit',
} as const;

export const SALE_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  scheduled: 'Scheduled',
  partial: 'Partial',
  delayed: 'Delayed',
  completed: 'Completed',
};
