import { Navigate, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { RouteError } from '../components/RouteError';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RouteError,
  // SPEC §2: /publisher/apps is also the fallback redirect.
  notFoundComponent: () => <Navigate to="/publisher/apps" replace />,
});
