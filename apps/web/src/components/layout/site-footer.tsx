import { MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import {
  FOOTER,
  NAV_ITEMS,
  OFFICE_ADDRESS,
  PHONES,
  UI_TEXT,
  WHATSAPP_URL,
} from '../../content/site.ts';
import { images } from '../../content/images.ts';
import { useCurrentYear } from '../../lib/use-current-year.ts';
import { WhatsAppIcon } from '../ui/brand-icons.tsx';
import { ResponsiveImage } from '../ui/responsive-image.tsx';
import { ReraNotice } from '../ui/rera-notice.tsx';
import { SocialLinks } from './social-links.tsx';
import styles from './site-footer.module.css';

export interface SiteFooterProps {
  /** Opens the brochure modal: the brochure comes after the visitor's details, never before. */
  onDownloadBrochure: () => void;
}

export function SiteFooter({ onDownloadBrochure }: SiteFooterProps) {
  const year = useCurrentYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <div className={styles.brand}>
          <Link to="/" className={styles.logoLink}>
            <ResponsiveImage image={images.logoOnDark} className={styles.logo} incidental />
          </Link>
          <p className={styles.about}>{FOOTER.about}</p>
          <h2 className={styles.heading}>{FOOTER.followHeading}</h2>
          <SocialLinks />
        </div>

        <nav aria-labelledby="footer-sitemap">
          <h2 id="footer-sitemap" className={styles.heading}>
            {FOOTER.sitemapHeading}
          </h2>
          <ul className={styles.links}>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-other">
          <h2 id="footer-other" className={styles.heading}>
            {FOOTER.otherLinksHeading}
          </h2>
          <ul className={styles.links}>
            {FOOTER.otherLinks.map((link) => (
              <li key={link.label}>
                {'to' in link ? (
                  <Link to={link.to}>{link.label}</Link>
                ) : (
                  <button type="button" className={styles.linkButton} onClick={onDownloadBrochure}>
                    {link.label}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            {FOOTER.contactHeading}
          </h2>
          <ul className={styles.contact}>
            <li>
              <a href={`tel:${PHONES.sales.e164}`}>
                <Phone aria-hidden="true" size={18} />
                {PHONES.sales.display}
              </a>
            </li>
            <li>
              <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer">
                <WhatsAppIcon size={18} />
                {UI_TEXT.whatsappLabel}
                <span className="visually-hidden"> {UI_TEXT.opensInNewTab}</span>
              </a>
            </li>
            <li className={styles.address}>
              <MapPin aria-hidden="true" size={18} />
              <address>
                <span className="visually-hidden">{FOOTER.addressHeading}: </span>
                {OFFICE_ADDRESS.name}
                {OFFICE_ADDRESS.lines.map((line) => (
                  <span key={line}>
                    <br />
                    {line}
                  </span>
                ))}
              </address>
            </li>
          </ul>
        </section>
      </div>

      <div className={styles.legal}>
        <ReraNotice tone="dark" />
        <p className={styles.note}>{FOOTER.legalNote}</p>
        <p className={styles.bottom}>
          <span>{FOOTER.copyright(year)}</span>
          <Link to="/privacy-policy">{FOOTER.privacyPolicy}</Link>
        </p>
      </div>
    </footer>
  );
}
