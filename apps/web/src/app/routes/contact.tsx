import type { MetaFunction } from 'react-router';
import { ROUTE_META } from '../../content/site.ts';
import { ConnectedContactSection } from '../connected-sections.tsx';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/contact'], '/contact');

export default function Contact() {
  return <ConnectedContactSection headingLevel={1} />;
}
