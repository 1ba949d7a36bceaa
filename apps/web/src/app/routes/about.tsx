import type { MetaFunction } from 'react-router';
import { ABOUT, ROUTE_META } from '../../content/site.ts';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/about'], '/about');

export default function Page() {
  return <h1>{ABOUT.heading}</h1>;
}
