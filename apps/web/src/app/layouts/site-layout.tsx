import { Outlet } from 'react-router';

export default function SiteLayout() {
  return (
    <>
      <a className="visually-hidden" href="#main">
        Skip to main content
      </a>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
