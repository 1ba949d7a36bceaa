import type { ReactNode } from 'react';
import { ReraNotice } from '../../components/ui/rera-notice.tsx';
import { BROCHURE_SECTION } from '../../content/site.ts';
import styles from './brochure-section.module.css';

/** Names the form slot, for the form to point its aria-labelledby at. */
export const BROCHURE_FORM_HEADING_ID = 'brochure-form-heading';

/** The brochure request beside the reasons to ask for it and the approvals checklist. */
export function BrochureSection({ form }: { form: ReactNode }) {
  return (
    <section id="brochure" className={styles.section} aria-labelledby="brochure-heading">
      <div className={styles.inner}>
        <div className={styles.pitch}>
          <p className={styles.eyebrow}>{BROCHURE_SECTION.eyebrow}</p>
          <h2 id="brochure-heading" className={styles.heading}>
            {BROCHURE_SECTION.heading}
          </h2>
          <p className={styles.intro}>{BROCHURE_SECTION.intro}</p>
          {BROCHURE_SECTION.persuasive.map((line) => (
            <p key={line} className={styles.text}>
              {line}
            </p>
          ))}
          <h3 className={styles.checklistHeading}>{BROCHURE_SECTION.checklistHeading}</h3>
          <ul className={styles.checklist}>
            {BROCHURE_SECTION.checklist.map((item) => (
              <li key={item} className="circle-check-item">
                {item}
              </li>
            ))}
          </ul>
          <ReraNotice />
        </div>
        <div className={styles.card}>
          <h3 id={BROCHURE_FORM_HEADING_ID} className={styles.formHeading}>
            {BROCHURE_SECTION.formHeading}
          </h3>
          {form}
        </div>
      </div>
    </section>
  );
}
