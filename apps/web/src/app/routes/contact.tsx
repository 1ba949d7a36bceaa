import type { MetaFunction } from 'react-router';
import { CONTACT, ROUTE_META } from '../../content/site.ts';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/contact'], '/contact');

export default function Page() {
  return <h1>{CONTACT.heading}</h1>;
}
