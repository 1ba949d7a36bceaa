import { Clock, MapPin, MessageSquareText, Phone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { buttonClass } from '../../components/ui/button.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { MapEmbed } from '../../components/embeds/index.ts';
import { Section, type HeadingLevel } from '../../components/ui/section.tsx';
import { WhatsAppIcon } from '../../components/ui/brand-icons.tsx';
import {
  CONTACT,
  MAP_EMBED_HEIGHT,
  MAP_EMBED_TITLE,
  MAP_DIRECTIONS_URL,
  MAP_EMBED_URL,
  OFFICE_ADDRESS,
  OFFICE_HOURS,
  PHONES,
  UI_TEXT,
  WHATSAPP_URL,
} from '../../content/site.ts';
import styles from './contact-section.module.css';

export interface ContactSectionProps {
  headingLevel?: HeadingLevel;
  /** The Enquire Now form. */
  form: ReactNode;
}

/** Names the form slot, for the form to point its aria-labelledby at. */
export const CONTACT_FORM_HEADING_ID = 'contact-form-heading';

/** CONTACT US (phone and office address in a modal) and the Enquire Now form beside the map. */
export function ContactSection({ headingLevel = 2, form }: ContactSectionProps) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  const SubHeading = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <Section
      id="contact"
      eyebrow={CONTACT.eyebrow}
      heading={CONTACT.heading}
      headingLevel={headingLevel}
      intro={CONTACT.intro}
    >
      <button
        type="button"
        className={buttonClass({ variant: 'outline', className: styles.contactUs })}
        onClick={() => setDetailsOpen(true)}
      >
        <MessageSquareText aria-hidden="true" size={20} />
        {CONTACT.contactUs}
      </button>
      <div className={styles.layout}>
        <div className={styles.card}>
          <SubHeading id={CONTACT_FORM_HEADING_ID} className={styles.formHeading}>
            {CONTACT.formHeading}
          </SubHeading>
          {form}
        </div>
        <div className={styles.map}>
          <MapEmbed
            src={MAP_EMBED_URL}
            title={MAP_EMBED_TITLE}
            height={MAP_EMBED_HEIGHT}
            fallbackUrl={MAP_DIRECTIONS_URL}
          />
        </div>
      </div>
      <Dialog
        id="contact-dialog"
        open={detailsOpen}
        onClose={() => setDetailsOpen(false)}
        title={CONTACT.modalTitle}
        size="sm"
      >
        <dl className={styles.details}>
          <div>
            <dt>
              <Phone aria-hidden="true" size={18} />
              {CONTACT.phoneLabel}
            </dt>
            <dd>
              <a href={`tel:${PHONES.sales.e164}`}>{PHONES.sales.display}</a>
              <br />
              <a href={`tel:${PHONES.office.e164}`}>{PHONES.office.display}</a>
            </dd>
          </div>
          <div>
            <dt>
              <WhatsAppIcon size={18} />
              {CONTACT.whatsappLabel}
            </dt>
            <dd>
              <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer">
                {PHONES.sales.display}
                <span className="visually-hidden"> {UI_TEXT.opensInNewTab}</span>
              </a>
            </dd>
          </div>
          <div>
            <dt>
              <MapPin aria-hidden="true" size={18} />
              {CONTACT.addressLabel}
            </dt>
            <dd>
              <address>
                {OFFICE_ADDRESS.name}
                {OFFICE_ADDRESS.lines.map((line) => (
                  <span key={line}>
                    <br />
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </div>
          <div>
            <dt>
              <Clock aria-hidden="true" size={18} />
              {CONTACT.hoursLabel}
            </dt>
            <dd>{OFFICE_HOURS}</dd>
          </div>
        </dl>
      </Dialog>
    </Section>
  );
}
