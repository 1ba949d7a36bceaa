import type { MetaFunction } from 'react-router';
import { WHY, ROUTE_META } from '../../content/site.ts';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/why'], '/why');

export default function Page() {
  return <h1>{WHY.heading}</h1>;
}
