import type { MetaFunction } from 'react-router';
import { ROUTE_META } from '../../content/site.ts';
import { WhySection } from '../../features/sections/why-section.tsx';
import { ConnectedContactSection } from '../connected-sections.tsx';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/why'], '/why');

export default function Why() {
  return (
    <>
      <WhySection headingLevel={1} />
      <ConnectedContactSection />
    </>
  );
}
