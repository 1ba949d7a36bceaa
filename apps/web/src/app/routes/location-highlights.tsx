import type { MetaFunction } from 'react-router';
import { ROUTE_META } from '../../content/site.ts';
import { ConnectedContactSection, ConnectedLocationSection } from '../connected-sections.tsx';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () =>
  pageMeta(ROUTE_META['/location-highlights'], '/location-highlights');

export default function LocationHighlights() {
  return (
    <>
      <ConnectedLocationSection headingLevel={1} />
      <ConnectedContactSection />
    </>
  );
}
