import { Section, type HeadingLevel } from '../../components/ui/section.tsx';
import { WHY } from '../../content/site.ts';
import styles from './why-section.module.css';

export function WhySection({ headingLevel = 2 }: { headingLevel?: HeadingLevel }) {
  const Title = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <Section
      id="why"
      eyebrow={WHY.eyebrow}
      heading={WHY.heading}
      headingLevel={headingLevel}
      intro={WHY.intro}
      tone="green"
    >
      <ol className={styles.reasons}>
        {WHY.reasons.map((reason) => (
          <li key={reason.title} className={styles.reason}>
            <Title className={styles.title}>{reason.title}</Title>
            <p className={styles.text}>{reason.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
