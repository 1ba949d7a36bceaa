import { ResponsiveImage } from '../../components/ui/responsive-image.tsx';
import { Section, type HeadingLevel } from '../../components/ui/section.tsx';
import { images } from '../../content/images.ts';
import { HIGHLIGHTS } from '../../content/site.ts';
import styles from './highlights-section.module.css';

export function HighlightsSection({ headingLevel = 2 }: { headingLevel?: HeadingLevel }) {
  return (
    <Section
      id="highlights"
      eyebrow={HIGHLIGHTS.eyebrow}
      heading={HIGHLIGHTS.heading}
      headingLevel={headingLevel}
      intro={HIGHLIGHTS.intro}
      tone="cream"
    >
      <div className={styles.layout}>
        <ol className={styles.points}>
          {HIGHLIGHTS.points.map((point) => (
            <li key={point} className={`${styles.point} check-item`}>
              <span>{point}</span>
            </li>
          ))}
        </ol>
        <figure className={styles.figure}>
          <ResponsiveImage image={images.clubhouse} className={styles.image} />
          <figcaption className={styles.caption}>{HIGHLIGHTS.clubhouseCaption}</figcaption>
        </figure>
      </div>
    </Section>
  );
}
