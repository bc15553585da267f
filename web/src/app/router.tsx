import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RouteError } from '../components/feedback/route-error';
import { paths } from '../config/paths';
import { LandingRoute } from './routes/public/landing';

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <LandingRoute /> },
      // Any other path goes back to the start page (spec §2).
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
