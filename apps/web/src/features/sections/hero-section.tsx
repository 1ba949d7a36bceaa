import { Download, MapPin, Trees } from 'lucide-react';
import { buttonClass } from '../../components/ui/button.ts';
import { ResponsiveImage } from '../../components/ui/responsive-image.tsx';
import { images } from '../../content/images.ts';
import { HERO } from '../../content/site.ts';
import styles from './hero-section.module.css';

export interface HeroSectionProps {
  onDownloadBrochure: () => void;
  onBookSiteVisit: () => void;
}

/** The landing banner: the page's h1, its three sub-lines and the two main actions. */
export function HeroSection({ onDownloadBrochure, onBookSiteVisit }: HeroSectionProps) {
  const [highway, community, figures] = HERO.subLines;
  return (
    <section id="home" className={styles.hero} aria-labelledby="hero-heading">
      <ResponsiveImage image={images.hero} priority className={styles.image} />
      <div className={styles.scrim} />
      <div className={styles.content}>
        <p className={styles.eyebrow}>{HERO.eyebrow}</p>
        <h1 id="hero-heading" className={styles.heading}>
          {HERO.headline}
        </h1>
        <ul className={styles.subLines}>
          <li>
            <MapPin aria-hidden="true" size={20} />
            {highway}
          </li>
          <li>
            <Trees aria-hidden="true" size={20} />
            {community}
          </li>
        </ul>
        <p className={styles.figures}>{figures}</p>
        <div className={styles.actions}>
          <button
            type="button"
            className={buttonClass({ variant: 'accent', size: 'large' })}
            onClick={onDownloadBrochure}
          >
            <Download aria-hidden="true" size={20} />
            {HERO.primaryCta}
          </button>
          <button
            type="button"
            className={buttonClass({ variant: 'outlineLight', size: 'large' })}
            onClick={onBookSiteVisit}
          >
            {HERO.secondaryCta}
          </button>
        </div>
      </div>
    </section>
  );
}
