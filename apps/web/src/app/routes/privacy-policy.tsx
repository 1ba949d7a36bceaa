import { ArrowLeft } from 'lucide-react';
import { Link, type MetaFunction } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { PRIVACY_POLICY, ROUTE_META, UI_TEXT } from '../../content/site.ts';
import { pageMeta } from '../meta.ts';
import styles from './privacy-policy.module.css';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/privacy-policy'], '/privacy-policy');

export default function PrivacyPolicy() {
  return (
    <article className={styles.article} aria-labelledby="privacy-heading">
      <h1 id="privacy-heading" className={styles.heading}>
        {PRIVACY_POLICY.heading}
      </h1>
      <p className={styles.updated}>{PRIVACY_POLICY.lastUpdated}</p>
      {PRIVACY_POLICY.intro.map((paragraph) => (
        <p key={paragraph} className={styles.intro}>
          {paragraph}
        </p>
      ))}
      <nav aria-labelledby="privacy-contents" className={styles.contents}>
        <h2 id="privacy-contents" className={styles.contentsHeading}>
          Contents
        </h2>
        <ol>
          {PRIVACY_POLICY.sections.map((section, index) => (
            <li key={section.heading}>
              <a href={`#privacy-${index + 1}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {PRIVACY_POLICY.sections.map((section, index) => (
        <section
          key={section.heading}
          id={`privacy-${index + 1}`}
          aria-labelledby={`privacy-${index + 1}-heading`}
          className={styles.section}
        >
          <h2 id={`privacy-${index + 1}-heading`}>{section.heading}</h2>
          {'list' in section && section.list ? (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
          {'paragraphs' in section && section.paragraphs
            ? section.paragraphs.map((paragraph) => <p key={paragraph}>{paragraph}</p>)
            : null}
        </section>
      ))}
      <Link to="/" className={buttonClass({ className: styles.back })}>
        <ArrowLeft aria-hidden="true" size={20} />
        {UI_TEXT.backToHome}
      </Link>
    </article>
  );
}
