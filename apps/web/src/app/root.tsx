import { useEffect, type ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  isRouteErrorResponse,
  type LinksFunction,
} from 'react-router';
import { DISCLAIMER_PRECHECK_SCRIPT } from '../features/disclaimer/disclaimer-storage.ts';
import { BrochureModalProvider } from '../features/lead-forms/index.ts';
import { AutoOpenScope } from './auto-open.tsx';
import { ErrorPage } from './error-page.tsx';
import { PAGE_SCRIPTS_ID, START_PAGE_SCRIPTS } from './page-scripts.ts';
import { ScrollToTop } from './scroll-to-top.tsx';
import { SITE_STYLES_ATTRIBUTE } from './site-styles.ts';
import '../styles/tokens.css';
import '../styles/global.css';

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.png', type: 'image/png', sizes: '48x48' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    // The head script may add a class to <html> before hydration; that difference is expected.
    <html lang="en-IN" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2e22" />
        <script dangerouslySetInnerHTML={{ __html: DISCLAIMER_PRECHECK_SCRIPT }} />
        <Meta />
        <Links />
        {/* The build writes the site's stylesheet in here (react-router.config.ts). Hydration
            keeps an element's inner HTML as it finds it, so the styles stay put. */}
        <style {...{ [SITE_STYLES_ATTRIBUTE]: '' }} dangerouslySetInnerHTML={{ __html: '' }} />
      </head>
      <body>
        {children}
        {/* React Router's scripts, started after the first paint (page-scripts.ts). */}
        <noscript id={PAGE_SCRIPTS_ID}>
          <Scripts />
        </noscript>
        <script dangerouslySetInnerHTML={{ __html: START_PAGE_SCRIPTS }} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the end of hydration for whoever waits for it (browser tests, the bench).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <BrochureModalProvider>
      <AutoOpenScope>
        <ScrollToTop />
        <Outlet />
      </AutoOpenScope>
    </BrochureModalProvider>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage />;
}
