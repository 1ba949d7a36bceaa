import type { MetaFunction } from 'react-router';
import { THANK_YOU, ROUTE_META } from '../../content/site.ts';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/thank-you'], '/thank-you');

export default function Page() {
  return <h1>{THANK_YOU.heading}</h1>;
}
