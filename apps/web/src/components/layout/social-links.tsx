import { SOCIAL_LINKS, UI_TEXT } from '../../content/site.ts';
import { SocialIcon } from '../ui/brand-icons.tsx';
import styles from './social-links.module.css';

/** The four social pages, each opening in a new tab and named for screen readers. */
export function SocialLinks({
  tone = 'dark',
  size = 18,
}: {
  tone?: 'dark' | 'light';
  size?: number;
}) {
  return (
    <ul className={[styles.list, styles[tone]].join(' ')}>
      {SOCIAL_LINKS.map((link) => (
        <li key={link.network}>
          <a
            className={styles.link}
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${link.label} ${UI_TEXT.opensInNewTab}`}
          >
            <SocialIcon network={link.network} size={size} />
          </a>
        </li>
      ))}
    </ul>
  );
}
