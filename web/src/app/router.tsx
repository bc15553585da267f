import { Suspense, useEffect, type ReactNode } from 'react';
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

/**
 * Starts loading a screen's code as its route opens, while the guard still waits for the session:
 * on a first visit the chunk and `/me` travel side by side instead of one after the other (a round
 * trip and a download fewer before the screen's own data is asked for). The lazy component then
 * finds the module loaded; a failure is left to it, which shows it.
 */
const LoadEarly = ({ load }: { load: () => Promise<unknown> }) => {
  useEffect(() => {
    load().catch(() => undefined);
  }, [load]);
  return null;
};

const guarded = (role: 'admin' | 'agent', load: () => Promise<unknown>, screen: ReactNode) => (
  <>
    <LoadEarly load={load} />
    <RequireRole role={role}>
      <Suspense fallback={<FullScreenSpinner />}>{screen}</Suspense>
    </RequireRole>
  </>
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
      { path: paths.adminDashboard, element: guarded('admin', screens.adminDashboard, <AdminDashboard />) },
      { path: paths.adminSettings, element: guarded('admin', screens.adminDashboard, <AdminDashboard section="settings" />) },
      { path: paths.adminSoldUnits, element: guarded('admin', screens.adminDashboard, <AdminDashboard section="sold-units" />) },
      { path: '/admin/projects/:projectId', element: guarded('admin', screens.adminProject, <AdminProject />) },
      { path: '/admin/units/:unitId', element: guarded('admin', screens.adminUnit, <AdminUnit />) },
      { path: paths.adminUnitImages(':projectId'), element: guarded('admin', screens.adminUnitImages, <AdminUnitImages />) },
      { path: paths.agentDashboard, element: guarded('agent', screens.agentDashboard, <AgentDashboard />) },
      { path: '/agent/projects/:projectId', element: guarded('agent', screens.agentProject, <AgentProject />) },
      { path: '/agent/units/:unitId', element: guarded('agent', screens.agentUnit, <AgentUnit />) },
      { path: paths.agentSettings, element: guarded('agent', screens.agentDashboard, <AgentDashboard section="settings" />) },
      // Any other path goes back to the start page (spec §2).
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
