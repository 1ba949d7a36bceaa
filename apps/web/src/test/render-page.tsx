import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';

interface RenderPageOptions {
  /** The path the page is shown at. */
  path?: string;
  /** Query string of the first URL, e.g. `?utm_source=x`. */
  search?: string;
  /** Wraps every route, as the app's root does (providers). */
  wrap?: (outlet: ReactNode) => ReactNode;
  /** Passed to user-event, e.g. `{ advanceTimers: vi.advanceTimersByTime }` with fake timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

/**
 * Renders a page inside an in-memory router with a stand-in thank-you page, so tests can follow
 * where a form sends the visitor (`router.state.location`).
 */
export function renderPage(page: ReactNode, options: RenderPageOptions = {}) {
  const { path = '/', search = '', wrap = (outlet) => outlet, userOptions } = options;
  const router = createMemoryRouter(
    [
      {
        element: wrap(<Outlet />),
        children: [
          { path, element: page },
          { path: '/other', element: <h1>Other page</h1> },
          { path: '/thank-you', element: <h1>Thank you</h1> },
        ],
      },
    ],
    { initialEntries: [`${path}${search}`] },
  );
  const user = userEvent.setup(userOptions);
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, user };
}
