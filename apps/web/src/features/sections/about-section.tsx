import { Section, type HeadingLevel } from '../../components/ui/section.tsx';
import { ABOUT } from '../../content/site.ts';
import styles from './about-section.module.css';

export function AboutSection({ headingLevel = 2 }: { headingLevel?: HeadingLevel }) {
  return (
    <Section
      id="about"
      eyebrow={ABOUT.eyebrow}
      heading={ABOUT.heading}
      headingLevel={headingLevel}
      intro={ABOUT.intro}
    >
      <div className={styles.layout}>
        <ul className={styles.features}>
          {ABOUT.features.map((feature) => (
            <li key={feature} className="check-item">
              {feature}
            </li>
          ))}
        </ul>
        <ul className={styles.stats}>
          {ABOUT.stats.map((stat) => (
            <li key={stat.label} className={styles.stat}>
              <span className={styles.value}>{stat.value}</span>
              <span className={styles.label}>{stat.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
