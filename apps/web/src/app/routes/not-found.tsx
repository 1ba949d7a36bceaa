import { Link, type MetaFunction } from 'react-router';
import { NOT_FOUND, NOT_FOUND_META } from '../../content/site.ts';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(NOT_FOUND_META, '/404');

export default function NotFound() {
  return (
    <>
      <h1>{NOT_FOUND.heading}</h1>
      <Link to="/">{NOT_FOUND.home}</Link>
    </>
  );
}
