import type { ReactNode } from 'react';
import styles from './section.module.css';

export type HeadingLevel = 1 | 2;
export type SectionTone = 'light' | 'cream' | 'green';

export interface SectionProps {
  id: string;
  heading: ReactNode;
  /** 1 when the section is the page's main subject (one h1 per page), 2 on the landing page. */
  headingLevel?: HeadingLevel;
  eyebrow?: ReactNode;
  intro?: ReactNode;
  tone?: SectionTone;
  /** Centre the heading block above the content. */
  centered?: boolean;
  children: ReactNode;
}

/** A page section: a labelled region with the site's heading block and rhythm. */
export function Section({
  id,
  heading,
  headingLevel = 2,
  eyebrow,
  intro,
  tone = 'light',
  centered = false,
  children,
}: SectionProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={[styles.section, styles[tone]].filter(Boolean).join(' ')}
    >
      <div className={styles.container}>
        <header className={[styles.header, centered ? styles.centered : ''].join(' ')}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <Heading id={headingId} className={styles.heading}>
            {heading}
          </Heading>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}
