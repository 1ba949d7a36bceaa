import { Outlet } from 'react-router';
import { FloatingActions } from '../../components/layout/floating-actions.tsx';
import { MobileBottomBar } from '../../components/layout/mobile-bottom-bar.tsx';
import { SiteFooter } from '../../components/layout/site-footer.tsx';
import { SiteHeader } from '../../components/layout/site-header.tsx';
import { SkipLink } from '../../components/layout/skip-link.tsx';
import { TopBar } from '../../components/layout/top-bar.tsx';
import { DisclaimerBar } from '../../features/disclaimer/disclaimer-bar.tsx';
import { useOpenBrochure } from '../connected-sections.tsx';

/** The shell of the landing and section pages. */
export default function SiteLayout() {
  const { openNavigation } = useOpenBrochure();
  return (
    <>
      <SkipLink />
      <DisclaimerBar />
      <TopBar />
      <SiteHeader onDownloadBrochure={openNavigation} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter onDownloadBrochure={openNavigation} />
      <FloatingActions onBookSiteVisit={openNavigation} />
      <MobileBottomBar />
    </>
  );
}
