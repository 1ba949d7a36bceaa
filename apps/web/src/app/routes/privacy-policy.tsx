import type { MetaFunction } from 'react-router';
import { PRIVACY_POLICY, ROUTE_META } from '../../content/site.ts';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/privacy-policy'], '/privacy-policy');

export default function Page() {
  return <h1>{PRIVACY_POLICY.heading}</h1>;
}
