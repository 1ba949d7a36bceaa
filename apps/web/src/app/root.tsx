import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts } from 'react-router';
import { DISCLAIMER_PRECHECK_SCRIPT } from '../features/disclaimer/disclaimer-storage.ts';
import { ScrollToTop } from './scroll-to-top.tsx';
import '../styles/tokens.css';
import '../styles/global.css';

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
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}
