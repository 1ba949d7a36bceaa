import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import PlainLayout from '../layouts/plain-layout.tsx';
import SiteLayout from '../layouts/site-layout.tsx';
import App from '../root.tsx';
import About from '../routes/about.tsx';
import Contact from '../routes/contact.tsx';
import Gallery from '../routes/gallery.tsx';
import Highlights from '../routes/highlights.tsx';
import Home from '../routes/home.tsx';
import LocationHighlights from '../routes/location-highlights.tsx';
import NotFound from '../routes/not-found.tsx';
import PrivacyPolicy from '../routes/privacy-policy.tsx';
import ThankYou from '../routes/thank-you.tsx';
import Why from '../routes/why.tsx';

/** The route tree of `routes.ts`, built from the same modules, for an in-memory router. */
export const SITE_ROUTES: RouteObject[] = [
  {
    element: <App />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { index: true, element: <Home /> },
          { path: 'about', element: <About /> },
          { path: 'highlights', element: <Highlights /> },
          { path: 'why', element: <Why /> },
          { path: 'gallery', element: <Gallery /> },
          { path: 'location-highlights', element: <LocationHighlights /> },
          { path: 'contact', element: <Contact /> },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        element: <PlainLayout />,
        children: [{ path: 'privacy-policy', element: <PrivacyPolicy /> }],
      },
      { path: 'thank-you', element: <ThankYou /> },
    ],
  },
];

/** Shows the whole site at `path`, as a visitor would land on it. */
export function renderSite(path = '/', userOptions: Parameters<typeof userEvent.setup>[0] = {}) {
  const router = createMemoryRouter(SITE_ROUTES, { initialEntries: [path] });
  const user = userEvent.setup(userOptions);
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, user };
}
