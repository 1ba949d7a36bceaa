import type { LinksFunction, MetaFunction } from 'react-router';
import { images, preloadLinksFor } from '../../content/images.ts';
import { BROCHURE_AUTO_OPEN_DELAY_MS, ROUTE_META } from '../../content/site.ts';
import { GallerySection } from '../../features/gallery/gallery-section.tsx';
import { AboutSection } from '../../features/sections/about-section.tsx';
import { HeroSection } from '../../features/sections/hero-section.tsx';
import { HighlightsSection } from '../../features/sections/highlights-section.tsx';
import { WhySection } from '../../features/sections/why-section.tsx';
import { useRunOnceAfterLoad } from '../auto-open.tsx';
import {
  ConnectedBrochureSection,
  ConnectedContactSection,
  ConnectedLocationSection,
  useOpenBrochure,
} from '../connected-sections.tsx';
import { pageMeta } from '../meta.ts';
import { projectStructuredData } from '../structured-data.ts';

export const meta: MetaFunction = () => [
  ...pageMeta(ROUTE_META['/'], '/'),
  // Not run by the browser (a data block), so the page's script policy does not cover it.
  { 'script:ld+json': projectStructuredData() },
];

// The hero is the largest paint of the landing page: fetch it before the parser reaches it.
export const links: LinksFunction = () => preloadLinksFor(images.hero);

export default function Home() {
  const { openNavigation } = useOpenBrochure();
  // The landing page offers the brochure by itself shortly after it loads.
  useRunOnceAfterLoad(openNavigation, BROCHURE_AUTO_OPEN_DELAY_MS);
  return (
    <>
      <HeroSection onDownloadBrochure={openNavigation} onBookSiteVisit={openNavigation} />
      <ConnectedBrochureSection />
      <AboutSection />
      <HighlightsSection />
      <WhySection />
      <GallerySection />
      <ConnectedLocationSection />
      <ConnectedContactSection />
    </>
  );
}
