import type { MetaFunction } from 'react-router';
import { ROUTE_META } from '../../content/site.ts';
import { GallerySection } from '../../features/gallery/gallery-section.tsx';
import { ConnectedContactSection } from '../connected-sections.tsx';
import { HydrateLater } from '../hydrate-later.tsx';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/gallery'], '/gallery');

export default function Gallery() {
  return (
    <>
      <HydrateLater>
        <GallerySection headingLevel={1} leadsPage />
      </HydrateLater>
      <HydrateLater>
        <ConnectedContactSection />
      </HydrateLater>
    </>
  );
}
