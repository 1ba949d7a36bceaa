import type { MetaFunction } from 'react-router';
import { LOCATION, ROUTE_META } from '../../content/site.ts';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () =>
  pageMeta(ROUTE_META['/location-highlights'], '/location-highlights');

export default function Page() {
  return <h1>{LOCATION.heading}</h1>;
}
