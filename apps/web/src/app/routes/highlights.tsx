import type { MetaFunction } from 'react-router';
import { ROUTE_META } from '../../content/site.ts';
import { HighlightsSection } from '../../features/sections/highlights-section.tsx';
import { ConnectedContactSection } from '../connected-sections.tsx';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/highlights'], '/highlights');

export default function Highlights() {
  return (
    <>
      <HighlightsSection headingLevel={1} />
      <ConnectedContactSection />
    </>
  );
}
