import type { MetaFunction } from 'react-router';
import { ROUTE_META } from '../../content/site.ts';
import { ConnectedContactSection } from '../connected-sections.tsx';
import { HydrateLater } from '../hydrate-later.tsx';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/contact'], '/contact');

export default function Contact() {
  return (
    <HydrateLater>
      <ConnectedContactSection headingLevel={1} />
    </HydrateLater>
  );
}
