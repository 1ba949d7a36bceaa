import {
  ABOUT,
  CONTACT,
  GALLERY,
  HERO,
  HIGHLIGHTS,
  LOCATION,
  PRIVACY_POLICY,
  THANK_YOU,
  WHY,
  type RoutePath,
} from '../../src/content/site.ts';
import { PAGE_PATHS } from '../../src/app/site-paths.ts';

/** The main heading a visitor sees on each page, as the content module spells it. */
export const PAGE_HEADINGS: Record<RoutePath, string> = {
  '/': HERO.headline,
  '/about': ABOUT.heading,
  '/highlights': HIGHLIGHTS.heading,
  '/why': WHY.heading,
  '/gallery': GALLERY.heading,
  '/location-highlights': LOCATION.heading,
  '/contact': CONTACT.heading,
  '/thank-you': THANK_YOU.heading,
  '/privacy-policy': PRIVACY_POLICY.heading,
};

export const PAGES = PAGE_PATHS.map((path) => ({ path, heading: PAGE_HEADINGS[path] }));

/** Pages inside the site shell (navigation, footer, floating buttons, mobile bar). */
export const SHELL_PAGES = PAGES.filter(
  ({ path }) => path !== '/thank-you' && path !== '/privacy-policy',
);

/** A path no page claims. */
export const UNKNOWN_PATH = '/no-such-page-here';
