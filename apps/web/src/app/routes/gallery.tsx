import type { MetaFunction } from 'react-router';
import { ROUTE_META } from '../../content/site.ts';
import { GallerySection } from '../../features/gallery/gallery-section.tsx';
import { ConnectedContactSection } from '../connected-sections.tsx';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/gallery'], '/gallery');

export default function Gallery() {
  return (
    <>
      <GallerySection headingLevel={1} leadsPage />
      <ConnectedContactSection />
    </>
  );
}
