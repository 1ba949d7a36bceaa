import { createBrowserRouter } from 'react-router';
import { Loading } from '../components/status.tsx';
import { erasureAction, ErasurePage } from '../features/admin/erasure-page.tsx';
import { usersAction, usersLoader, UsersPage } from '../features/admin/users-page.tsx';
import { InboxPage } from '../features/inbox/inbox.tsx';
import { inboxLoader } from '../features/inbox/inbox-loader.ts';
import { leadAction } from '../features/lead/lead-route.ts';
import { signInAction, signInLoader, signOutAction } from '../features/session/session.ts';
import { SignInPage } from '../features/session/sign-in.tsx';
import {
  passwordAction,
  passwordLoader,
  PasswordPage,
} from '../features/session/password-page.tsx';
import { todayLoader, TodayPage } from '../features/today/today-page.tsx';
import {
  SlotSettingsPage,
  slotSettingsAction,
  slotSettingsLoader,
} from '../features/visits/slot-settings.tsx';
import { availabilityLoader, visitAction } from '../features/visits/visit-action.ts';
import { visitsLoader, VisitsPage } from '../features/visits/visits-page.tsx';
import {
  DUTY_PATH,
  dutyAction,
  PASSWORD_PATH,
  SESSION_ROUTE_ID,
  sessionLoader,
  sessionMiddleware,
} from '../lib/session.ts';
import { buyerLoader, BuyerPage } from './buyer-page.tsx';
import { Layout } from './layout.tsx';
import { sourcesAction, sourcesLoader, SourcesPage } from './sources-page.tsx';
import { FramedRouteError, NotFound, RouteError } from './route-error.tsx';

function DeskLoading() {
  return <Loading what="the desk" />;
}

/** The desk's one route map. Everything but Sign in needs a session (the `session` loader). */
export function createDeskRouter() {
  return createBrowserRouter(
    [
      {
        path: '/sign-in',
        loader: signInLoader,
        action: signInAction,
        Component: SignInPage,
        HydrateFallback: DeskLoading,
        ErrorBoundary: FramedRouteError,
      },
      { path: '/sign-out', action: signOutAction },
      {
        path: PASSWORD_PATH,
        loader: passwordLoader,
        action: passwordAction,
        Component: PasswordPage,
        HydrateFallback: DeskLoading,
        ErrorBoundary: FramedRouteError,
      },
      {
        id: SESSION_ROUTE_ID,
        path: '/',
        middleware: [sessionMiddleware],
        loader: sessionLoader,
        Component: Layout,
        HydrateFallback: DeskLoading,
        ErrorBoundary: FramedRouteError,
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { index: true, loader: inboxLoader, Component: InboxPage },
              { path: 'today', loader: todayLoader, Component: TodayPage },
              { path: 'leads/:id', loader: buyerLoader, action: leadAction, Component: BuyerPage },
              // Every change to a visit posts here, from the buyer page and this screen alike.
              { path: 'visits', loader: visitsLoader, action: visitAction, Component: VisitsPage },
              { path: 'visits/availability', loader: availabilityLoader },
              {
                path: 'visits/slots',
                loader: slotSettingsLoader,
                action: slotSettingsAction,
                Component: SlotSettingsPage,
              },
              // Reports bring their chart library; both load only when the page is opened.
              { path: 'reports', lazy: () => import('../features/reports/reports-route.tsx') },
              // Plots load with their screens only when opened.
              { path: 'plots', lazy: () => import('../features/plots/plots-route.tsx') },
              { path: 'plots/:id', lazy: () => import('../features/plots/plot-route.tsx') },
              { path: 'users', loader: usersLoader, action: usersAction, Component: UsersPage },
              { path: 'held', lazy: () => import('../features/held/held-route.tsx') },
              { path: 'brokers', lazy: () => import('../features/brokers/brokers-route.tsx') },
              {
                path: 'leads/:id/broker-claim',
                lazy: () => import('../features/brokers/claim-route.ts'),
              },
              { path: 'overdue', lazy: () => import('../features/overdue/overdue-route.tsx') },
              { path: 'erasure', action: erasureAction, Component: ErasurePage },
              { path: DUTY_PATH.slice(1), action: dutyAction },
              {
                path: 'sources',
                loader: sourcesLoader,
                action: sourcesAction,
                Component: SourcesPage,
              },
              { path: '*', loader: NotFound },
            ],
          },
        ],
      },
    ],
    // The desk's home is /desk/, the service worker's scope: an inbox at /desk would fall
    // outside it, and a reload there offline would find no kept shell.
    // Middleware: the signed-in pages ask who is signed in before loading anything.
    { basename: import.meta.env.BASE_URL, future: { v8_middleware: true } },
  );
}
