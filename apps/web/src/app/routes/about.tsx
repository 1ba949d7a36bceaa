import type { MetaFunction } from 'react-router';
import { ROUTE_META } from '../../content/site.ts';
import { AboutSection } from '../../features/sections/about-section.tsx';
import { ConnectedContactSection } from '../connected-sections.tsx';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/about'], '/about');

export default function About() {
  return (
    <>
      <AboutSection headingLevel={1} />
      <ConnectedContactSection />
    </>
  );
}
