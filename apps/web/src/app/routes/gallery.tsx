import type { MetaFunction } from 'react-router';
import { GALLERY, ROUTE_META } from '../../content/site.ts';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/gallery'], '/gallery');

export default function Page() {
  return <h1>{GALLERY.heading}</h1>;
}
