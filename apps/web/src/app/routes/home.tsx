import type { MetaFunction } from 'react-router';
import { HERO, ROUTE_META } from '../../content/site.ts';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/'], '/');

export default function Page() {
  return <h1>{HERO.headline}</h1>;
}
