import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { FullScreenSpinner } from '@/components/feedback/full-screen-spinner';
import { RouteError } from '@/components/feedback/route-error';
import { paths } from '@/config/paths';
import { RequireRole } from '@/features/auth/components/require-role';
import { lazyNamed } from '@/lib/lazy';
import { LandingRoute } from './routes/public/landing';
import { LoginReturnRoute, LoginRoute } from './routes/public/login';
import { ResetPasswordRoute } from './routes/public/reset-password';
import { screens } from './routes/screens';

// The signed-in screens load on demand (screens.ts), so the first screen (landing and login) stays small.
const AdminDashboard = lazyNamed(screens.adminDashboard, 'AdminDashboardRoute');
const AgentDashboard = lazyNamed(screens.agentDashboard, 'AgentDashboardRoute');
const AdminProject = lazyNamed(screens.adminProject, 'AdminProjectRoute');
const AgentProject = lazyNamed(screens.agentProject, 'AgentProjectRoute');
const AdminUnit = lazyNamed(screens.adminUnit, 'AdminUnitRoute');
const AdminUnitImages = lazyNamed(screens.adminUnitImages, 'AdminUnitImagesRoute');
const AgentUnit = lazyNamed(screens.agentUnit, 'AgentUnitRoute');

const guarded = (role: 'admin' | 'agent', screen: ReactNode) => (
  <RequireRole role={role}>
    <Suspense fallback={<FullScreenSpinner />}>{screen}</Suspense>
  </RequireRole>
);

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <LandingRoute /> },
      { path: paths.login('admin'), element: <LoginRoute userType="admin" /> },
      { path: paths.login('agent'), element: <LoginRoute userType="agent" /> },
      { path: '/login/:userType', element: <LoginReturnRoute /> },
      // Where self-deletion leads (spec §2); there is no screen of its own, so on to the start page.
      { path: paths.afterSelfDeletion, element: <Navigate to={paths.home} replace /> },
      { path: paths.resetPassword, element: <ResetPasswordRoute /> },
      { path: paths.adminDashboard, element: guarded('admin', <AdminDashboard />) },
      { path: paths.adminSettings, element: guarded('admin', <AdminDashboard section="settings" />) },
      { path: paths.adminSoldUnits, element: guarded('admin', <AdminDashboard section="sold-units" />) },
      { path: '/admin/projects/:projectId', element: guarded('admin', <AdminProject />) },
      { path: '/admin/units/:unitId', element: guarded('admin', <AdminUnit />) },
      { path: paths.adminUnitImages(':projectId'), element: guarded('admin', <AdminUnitImages />) },
      { path: paths.agentDashboard, element: guarded('agent', <AgentDashboard />) },
      { path: '/agent/projects/:projectId', element: guarded('agent', <AgentProject />) },
      { path: '/agent/units/:unitId', element: guarded('agent', <AgentUnit />) },
      { path: paths.agentSettings, element: guarded('agent', <AgentDashboard section="settings" />) },
      // Any other path goes back to the start page (spec §2).
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
