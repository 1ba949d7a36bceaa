import { Link } from 'react-router';
import { images } from '../../content/images.ts';
import { ResponsiveImage } from '../ui/responsive-image.tsx';
import styles from './logo-link.module.css';

/** The wordmark, linking home. Its alt text (the brand name) names the link. */
export function LogoLink({ className }: { className?: string }) {
  return (
    <Link to="/" className={[styles.link, className].filter(Boolean).join(' ')}>
      <ResponsiveImage image={images.logo} className={styles.logo} incidental />
    </Link>
  );
}
