import { Send } from 'lucide-react';
import { buttonClass } from '../../components/ui/button.ts';
import { VideoFacade } from '../../components/embeds/index.ts';
import { ResponsiveImage } from '../../components/ui/responsive-image.tsx';
import { ReraNotice } from '../../components/ui/rera-notice.tsx';
import { Section, type HeadingLevel } from '../../components/ui/section.tsx';
import { images } from '../../content/images.ts';
import { LOCATION, VIDEO_EMBED_HEIGHT, VIDEO_ID, VIDEO_TITLE } from '../../content/site.ts';
import { LandmarksList } from './landmarks-list.tsx';
import styles from './location-section.module.css';

export interface LocationSectionProps {
  headingLevel?: HeadingLevel;
  /** ENQUIRE NOW: opens the brochure modal's location variant. */
  onEnquire: () => void;
}

export function LocationSection({ headingLevel = 2, onEnquire }: LocationSectionProps) {
  const SubHeading = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <Section
      id="location-highlights"
      eyebrow={LOCATION.eyebrow}
      heading={LOCATION.heading}
      headingLevel={headingLevel}
      intro={LOCATION.intro}
      tone="cream"
    >
      <div className={styles.layout}>
        <div className={styles.landmarks}>
          <LandmarksList />
          <button
            type="button"
            className={buttonClass({ variant: 'primary', size: 'large', block: true })}
            onClick={onEnquire}
          >
            <Send aria-hidden="true" size={20} />
            {LOCATION.enquire}
          </button>
          <figure className={styles.approvals}>
            <ResponsiveImage
              image={images.approvals}
              className={styles.approvalsImage}
              incidental
            />
            <ReraNotice />
            {/* A caption comes first or last in its figure. */}
            <figcaption className="visually-hidden">{LOCATION.approvalsCaption}</figcaption>
          </figure>
        </div>
        <figure className={styles.map}>
          <ResponsiveImage image={images.locationMap} className={styles.mapImage} />
          <figcaption className={styles.caption}>{LOCATION.mapCaption}</figcaption>
        </figure>
      </div>
      <div className={styles.video}>
        <SubHeading className={styles.videoHeading}>{LOCATION.videoHeading}</SubHeading>
        <VideoFacade videoId={VIDEO_ID} title={VIDEO_TITLE} height={VIDEO_EMBED_HEIGHT} />
      </div>
    </Section>
  );
}
