import type { DashboardTab } from '../../../components/layouts/dashboard-layout';
import { DashboardShell } from '../shared/dashboard-shell';
import { SettingsTab } from '../shared/settings-tab';
import { UsersTab } from './users-tab';

/** The admin dashboard's tabs, in order; features add theirs here (the first is the default). */
export const ADMIN_TABS: readonly DashboardTab[] = [
  { value: 'users', label: 'Users', render: () => <UsersTab /> },
  { value: 'settings', label: 'Settings', render: () => <SettingsTab /> },
];

export interface AdminDashboardRouteProps {
  /** 'settings' for /admin/settings: the same shell with the Settings tab pinned. */
  section?: 'settings';
}

/** /admin/dashboard (?tab=…) and /admin/settings. */
export const AdminDashboardRoute = ({ section }: AdminDashboardRouteProps) => (
  <DashboardShell userType="admin" tabs={ADMIN_TABS} pinnedTab={section} />
);
