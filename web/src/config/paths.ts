/** Every route of spec §2, in one registry; screens link through these, never through literals. */
export type UserType = 'admin' | 'agent';

export const paths = {
  home: '/',
  login: (userType: UserType) => `/${userType}/login`,
  loginReturn: (userType: UserType) => `/login/${userType}`,
  afterSelfDeletion: '/login',
  /** The e-mailed password-reset link: /reset-password?code=…&userType=… */
  resetPassword: '/reset-password',
  adminDashboard: '/admin/dashboard',
  dashboard: (userType: UserType) => `/${userType}/dashboard`,
  adminProject: (projectId: string | number) => `/admin/projects/${projectId}`,
  adminUnit: (unitId: string | number) => `/admin/units/${unitId}`,
  adminUnitImages: (projectId: string | number) => `/admin/projects/${projectId}/unit-images`,
  adminSoldUnits: '/admin/sold-units-manager',
  adminSettings: '/admin/settings',
  agentDashboard: '/agent/dashboard',
  agentProject: (projectId: string | number) => `/agent/projects/${projectId}`,
  agentUnit: (unitId: string | number) => `/agent/units/${unitId}`,
  agentSettings: '/agent/settings',
} as const;
