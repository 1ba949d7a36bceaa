import type { MetaFunction } from 'react-router';
import { HIGHLIGHTS, ROUTE_META } from '../../content/site.ts';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/highlights'], '/highlights');

export default function Page() {
  return <h1>{HIGHLIGHTS.heading}</h1>;
}
