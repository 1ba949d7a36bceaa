/**
 * Every word, figure and link of the site, in one typed place. Components render what is here
 * and hold no marketing copy of their own; the brochure PDF and the artwork read it too.
 */

import {
  BROCHURE,
  MAP_DIRECTIONS_URL,
  MAP_EMBED_URL,
  OFFICE_ADDRESS,
  PHONES,
  PROJECT_NAME,
  WHATSAPP_NUMBER,
  type PhoneNumber,
} from '@iconia/shared';

export const BRAND_NAME = PROJECT_NAME;
export const BRAND_TAGLINE = 'Lifestyle villa plots near Hyderabad';

/* -------------------------------------------------------------------------------------------
 * Builder to confirm
 * The values in this block belong to the builder: phone numbers, WhatsApp, office address,
 * social pages, RERA registration, map, video and the landmark names. The defaults below are
 * plausible placeholders so the site works end to end; replace them before going live.
 * ----------------------------------------------------------------------------------------- */

// The project's facts (packages/shared), which the desk and the API state too.
export { OFFICE_ADDRESS, PHONES, WHATSAPP_NUMBER, type PhoneNumber };

export const WHATSAPP_GREETING =
  'Hello, I would like to know more about Elegant Iconia villa plots.';
export const WHATSAPP_URL = `https://wa.me/${WHATSAPP_NUMBER}?text=${encodeURIComponent(WHATSAPP_GREETING)}`;
/** The round floating chat link opens the sales team's WhatsApp chat. */
export const CHAT_URL = WHATSAPP_URL;

export const OFFICE_HOURS = 'Open all days, 9:30 AM – 6:30 PM';

export type SocialNetwork = 'facebook' | 'instagram' | 'linkedin' | 'youtube';

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  url: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/eleganticonia' },
  { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/eleganticonia' },
  { network: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/company/eleganticonia' },
  { network: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@eleganticonia' },
];

export const RERA = {
  registrationNumber: 'P02400007652',
  authority: 'Telangana State Real Estate Regulatory Authority',
  authorityShort: 'TS RERA',
  websiteUrl: 'https://rera.telangana.gov.in',
  websiteLabel: 'rera.telangana.gov.in',
} as const;

export const DTCP_APPROVAL = 'DTCP approved layout';

export const MAP_EMBED_TITLE = 'Map showing the location of Elegant Iconia near Shadnagar';
/** The map stays a placeholder until the visitor asks for it: Google loads nothing before. */
export const MAP_EMBED_LABELS = {
  loading: 'Loading map…',
  open: 'Open the map in Google Maps',
} as const;
export { MAP_DIRECTIONS_URL, MAP_EMBED_URL };

/** YouTube video shown (through youtube-nocookie.com) in the location section. */
export const VIDEO_ID = 'M7lc1UVf-VE';
export const VIDEO_TITLE = 'Elegant Iconia project walkthrough video';

/* ---------------------------------------------------------------- end of builder values -- */

/** Project figures (specification section 9). */
export const PROJECT_FIGURES = {
  totalAcres: 100,
  phaseAcres: 60,
  phases: 4,
  plots: 800,
  amenities: '20+',
  plotSizeRange: '165-660 sq. yds',
  highwayDistance: '1 KM',
  ringRoadDistance: '3 KM',
} as const;

export const BROCHURE_URL = BROCHURE.path;
export const BROCHURE_FILE_NAME = BROCHURE.fileName;

/** The brochure modal opens by itself this long after the landing page loads (on `/` only). */
export const BROCHURE_AUTO_OPEN_DELAY_MS = 1500;

/** Gallery image height on the page, in CSS pixels (specification section 9). */
export const GALLERY_IMAGE_HEIGHT = 300;
export const MAP_EMBED_HEIGHT = 400;
export const VIDEO_EMBED_HEIGHT = 500;

/* ------------------------------------------------------------------------------ Routes -- */

export type RoutePath =
  | '/'
  | '/about'
  | '/highlights'
  | '/why'
  | '/gallery'
  | '/location-highlights'
  | '/contact'
  | '/thank-you'
  | '/privacy-policy';

export interface RouteMeta {
  title: string;
  description: string;
  /** Pages that must not appear in search results. */
  noindex?: boolean;
}

export const ROUTE_META: Record<RoutePath, RouteMeta> = {
  '/': {
    title: 'Elegant Iconia | Ready-to-Build Villa Plots near Hyderabad, 1 KM from NH-44',
    description:
      'DTCP and RERA approved villa plots of 165-660 sq. yds in a 100-acre gated community under HMDA limits, 1 KM from NH-44 at Shadnagar. 800 plots, 20+ amenities. Download the brochure.',
  },
  '/about': {
    title: 'About the Project | Elegant Iconia Villa Plots, Shadnagar',
    description:
      'Elegant Iconia: 60 acres and 800 ready-to-build villa plots of 165-660 sq. yds across phases 1-4 of a 100-acre gated community near Hyderabad.',
  },
  '/highlights': {
    title: 'Project Highlights | Elegant Iconia',
    description:
      'DTCP and RERA approved, BT roads, a clubhouse with 20+ amenities, a children’s play zone, 1 KM from the national highway and 3 KM from the Regional Ring Road.',
  },
  '/why': {
    title: 'Why Elegant Iconia | Villa Plots near Hyderabad',
    description:
      'Seven reasons buyers choose Elegant Iconia: clear titles, approvals, connectivity, ready infrastructure, amenities, security and growth in the Shadnagar corridor.',
  },
  '/gallery': {
    title: 'Gallery | Elegant Iconia Proposed and Completed Developments',
    description:
      'See the proposed and completed developments of Elegant Iconia: entrance arch, avenues, clubhouse, pool, play zone, parks and plotted layout.',
  },
  '/location-highlights': {
    title: 'Location Highlights | Elegant Iconia, 1 KM from NH-44',
    description:
      'Elegant Iconia sits 1 KM from NH-44 and 3 KM from the Regional Ring Road, minutes from Shadnagar, industrial parks, a university and 45 minutes from the airport.',
  },
  '/contact': {
    title: 'Contact Us | Elegant Iconia Site Visits and Enquiries',
    description:
      'Call, WhatsApp or send an enquiry to the Elegant Iconia sales team to book a free site visit to our villa plots near Shadnagar, Hyderabad.',
  },
  '/thank-you': {
    title: 'Thank You | Elegant Iconia',
    description:
      'Thank you for your interest in Elegant Iconia. Our team will be in touch shortly.',
    noindex: true,
  },
  '/privacy-policy': {
    title: 'Privacy Policy | Elegant Iconia',
    description:
      'How Elegant Iconia collects, uses, keeps and protects the personal data of enquirers, and the rights you have under the Digital Personal Data Protection Act, 2023.',
  },
};

export const NOT_FOUND_META: RouteMeta = {
  title: 'Page Not Found | Elegant Iconia',
  description: 'The page you were looking for does not exist. Explore Elegant Iconia villa plots.',
  noindex: true,
};

/* --------------------------------------------------------------------------- Navigation -- */

export interface NavItem {
  label: string;
  to: RoutePath;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'About Project', to: '/about' },
  { label: 'Highlights', to: '/highlights' },
  { label: 'Why', to: '/why' },
  { label: 'Gallery', to: '/gallery' },
  { label: 'Location Highlights', to: '/location-highlights' },
];

export const UI_TEXT = {
  skipLink: 'Skip to main content',
  followUs: 'Follow Us:',
  downloadBrochure: 'Download Brochure',
  bookSiteVisit: 'Book Free Site Visit',
  menuOpen: 'Open menu',
  menuClose: 'Close menu',
  mainNavLabel: 'Main',
  homeLinkLabel: 'Elegant Iconia home',
  chatLabel: 'Chat with our sales team on WhatsApp',
  phoneLabel: 'Phone',
  whatsappLabel: 'WhatsApp',
  mobileBarLabel: 'Quick contact',
  topBarLabel: 'Phone and social links',
  quickActionsLabel: 'Site visit and chat',
  opensInNewTab: '(opens in a new tab)',
  backToHome: 'Back to Home',
} as const;

/* --------------------------------------------------------------------------- Disclaimer -- */

export const DISCLAIMER = {
  barText:
    'This website is for information only and is not an offer. Prices, plans and specifications may change without notice.',
  barLinkLabel: 'Read the disclaimer',
  accept: 'Accept',
  close: 'Close',
  closeLabel: 'Close the disclaimer for now',
  regionLabel: 'Disclaimer',
  modalTitle: 'Disclaimer',
  modalParagraphs: [
    'The content of this website, including images, plans, layouts, amenities, specifications and distances, is for general information only and is indicative. It does not constitute an offer, an invitation to offer, a commitment or a contract of any kind.',
    'Images and visuals are artistic impressions and may differ from the actual development. Distances and travel times are approximate and depend on traffic and road conditions. Amenities and infrastructure marked as proposed are subject to approvals and completion.',
    `Elegant Iconia is registered with the ${RERA.authority} under registration number ${RERA.registrationNumber}. Details are available at ${RERA.websiteLabel}. Buyers are advised to verify all details, approvals and documents independently and to rely only on the registered agreement for sale.`,
    'By submitting your details on this website you consent to be contacted by Elegant Iconia and its authorised representatives by call, SMS, WhatsApp or email about this project, even if your number is registered with the National Customer Preference Register (NCPR/DND).',
  ],
} as const;

/* --------------------------------------------------------------------------------- Hero -- */

export const HERO = {
  eyebrow: 'HMDA limits · Shadnagar, Hyderabad',
  headline: 'Ready-to-Build Lifestyle Villa Plots',
  subLines: [
    'Just 1 KM from National Highway 44',
    'A 100-acre gated community under HMDA limits',
    '60 acres | 800 plots | 20+ amenities | 165-400 sq. yds',
  ],
  primaryCta: 'Download Brochure',
  secondaryCta: 'Book Free Site Visit',
} as const;

/* -------------------------------------------------------------------- Brochure section -- */

export const BROCHURE_SECTION = {
  eyebrow: 'Get the brochure',
  heading: 'Own a plot where the city is heading',
  intro:
    'Hyderabad is growing south along NH-44, and Elegant Iconia puts you right on that path. Clear titles, approved layouts and ready roads mean you can start building your villa the day you register.',
  persuasive: [
    'Leave your name and mobile number to receive the full presentation: master plan, plot sizes, amenities and the location map.',
    'Our team will call you to arrange a free site visit at a time that suits you.',
  ],
  checklistHeading: 'Approvals and connectivity',
  checklist: [
    'DTCP approved layout',
    `RERA registered: ${RERA.registrationNumber}`,
    'Within HMDA limits',
    'Clear titles, ready for registration',
    '1 KM from National Highway 44',
    '3 KM from the proposed Regional Ring Road',
    '45 minutes to Rajiv Gandhi International Airport',
  ],
  formHeading: 'Download the brochure',
} as const;

/* -------------------------------------------------------------------------------- About -- */

export interface StatBox {
  value: string;
  label: string;
}

export const ABOUT = {
  eyebrow: 'About the project',
  heading: 'About Elegant Iconia',
  intro:
    'Elegant Iconia is a 100-acre gated villa-plot community on the Bengaluru highway at Shadnagar, within HMDA limits. Its first 60 acres, spread across phases 1 to 4, offer 800 ready-to-build plots for families who want space, greenery and good roads without giving up the city.',
  features: [
    'A 100-acre gated community within HMDA limits',
    '60 acres and 800 plots across phases 1 to 4',
    'Villa plots from 165 to 660 sq. yds, east and west facing',
    'DTCP approved layout, registered with TS RERA',
    'Wide BT roads, avenue plantation and LED street lighting',
    'Underground drainage, water supply and power to every plot',
    'A clubhouse with 20+ amenities and a children’s play zone',
    'Round-the-clock security with a grand gated entrance',
  ],
  stats: [
    { value: '60', label: 'acres' },
    { value: '800', label: 'plots' },
    { value: '165-660', label: 'sq. yds' },
    { value: '20+', label: 'acre of amenities' },
  ] satisfies StatBox[],
} as const;

/* --------------------------------------------------------------------------- Highlights -- */

export const HIGHLIGHTS = {
  eyebrow: 'Project highlights',
  heading: 'Project Highlights',
  intro: 'Everything a villa plot needs, already in place.',
  points: [
    '100 acres of total development',
    '60 acres and 800 plots across phases 1-4',
    'DTCP and RERA approved',
    'Dedicated children’s play zone',
    '1 KM from the national highway (NH-44)',
    '3 KM from the proposed Regional Ring Road',
    'Plot sizes from 165 to 660 sq. yds',
    'Clubhouse with 20+ amenities',
    'Wide BT roads throughout',
    'Secured gated community with 24/7 security',
  ],
  clubhouseCaption: 'The clubhouse: pool, gym, indoor games, party hall and more.',
} as const;

/* ---------------------------------------------------------------------------------- Why -- */

export interface Reason {
  title: string;
  text: string;
}

export const WHY = {
  eyebrow: 'Why choose us',
  heading: 'Why Elegant Iconia?',
  intro: 'Seven reasons families and investors choose Elegant Iconia.',
  reasons: [
    {
      title: 'Approved and registered',
      text: 'A DTCP approved layout registered with TS RERA, with clear, verified titles.',
    },
    {
      title: 'On the growth corridor',
      text: 'Hyderabad’s industry, logistics and new townships are moving south along NH-44.',
    },
    {
      title: 'Connected from day one',
      text: '1 KM from the national highway, 3 KM from the Regional Ring Road and 5 minutes from Shadnagar railway station.',
    },
    {
      title: 'Ready to build',
      text: 'BT roads, drainage, water and power lines are laid, so you can start construction right away.',
    },
    {
      title: 'A lifestyle, not just land',
      text: 'A clubhouse with 20+ amenities, parks, a jogging track and a children’s play zone.',
    },
    {
      title: 'Safe and gated',
      text: 'A single grand entrance, compound wall and round-the-clock security.',
    },
    {
      title: 'Room to grow',
      text: 'Plot sizes from 165 to 660 sq. yds to suit a first home or a large family villa.',
    },
  ] satisfies Reason[],
} as const;

/* ------------------------------------------------------------------------------ Gallery -- */

export type GalleryCategoryId = 'proposed' | 'completed';

export interface GalleryEntry {
  title: string;
  alt: string;
}

export interface GalleryCategory {
  id: GalleryCategoryId;
  label: string;
  entries: readonly GalleryEntry[];
}

export const GALLERY = {
  eyebrow: 'Gallery',
  heading: 'Gallery',
  intro: 'A look at what is planned and what is already built.',
  tabsLabel: 'Gallery categories',
  openImageLabel: 'View larger image:',
  closeOverlay: 'Close image',
  categories: [
    {
      id: 'proposed',
      label: 'Proposed Developments',
      entries: [
        {
          title: 'Grand entrance arch',
          alt: 'Artist’s impression of the grand entrance arch with a security cabin and landscaped median',
        },
        {
          title: 'Clubhouse',
          alt: 'Artist’s impression of the two-storey clubhouse with a glass facade and palm-lined forecourt',
        },
        {
          title: 'Swimming pool',
          alt: 'Artist’s impression of the clubhouse swimming pool with a sun deck and loungers',
        },
        {
          title: 'Children’s play zone',
          alt: 'Artist’s impression of the children’s play zone with slides, swings and soft flooring',
        },
        {
          title: 'Landscaped central park',
          alt: 'Artist’s impression of the central park with lawns, flowering trees and a walking path',
        },
        {
          title: 'Jogging track',
          alt: 'Artist’s impression of a tree-shaded jogging track running along the park edge',
        },
        {
          title: 'Villa elevations',
          alt: 'Artist’s impression of a row of contemporary two-storey villas on finished plots',
        },
        {
          title: 'Open-air amphitheatre',
          alt: 'Artist’s impression of a stepped open-air amphitheatre for community events',
        },
        {
          title: 'Multipurpose sports court',
          alt: 'Artist’s impression of a floodlit multipurpose sports court for badminton and basketball',
        },
      ],
    },
    {
      id: 'completed',
      label: 'Completed Developments',
      entries: [
        {
          title: 'Gated entrance',
          alt: 'The completed gated entrance with the project name and security post',
        },
        {
          title: 'Main avenue',
          alt: 'The wide main avenue with a BT road, central median and street lights',
        },
        {
          title: 'Internal BT roads',
          alt: 'Internal BT roads with kerbs and avenue plantation between plot rows',
        },
        {
          title: 'Street lighting',
          alt: 'LED street lights lining an internal road at dusk',
        },
        {
          title: 'Plotted layout from above',
          alt: 'Aerial view of the plotted layout with marked plots and a grid of roads',
        },
        {
          title: 'Compound wall',
          alt: 'The completed compound wall along the project boundary with trees planted inside',
        },
        {
          title: 'Avenue plantation',
          alt: 'Young avenue trees planted along a footpath beside the plots',
        },
        {
          title: 'Overhead water tank',
          alt: 'The overhead water tank and pipeline serving the layout',
        },
        {
          title: 'Park under development',
          alt: 'A park with fresh lawns and walkways laid out among the plots',
        },
      ],
    },
  ] satisfies GalleryCategory[],
} as const;

/* -------------------------------------------------------------------- Location highlights -- */

export interface Landmark {
  name: string;
  /** Distance or travel time exactly as the specification gives it. */
  distance: string;
}

export const LOCATION = {
  eyebrow: 'Location',
  heading: 'Location Highlights',
  intro:
    'Set on the Hyderabad–Bengaluru highway at Shadnagar, Elegant Iconia is minutes from work, study and leisure, and a short drive from the airport.',
  landmarksHeading: 'Major Landmarks',
  enquire: 'ENQUIRE NOW',
  mapCaption: 'Location map (not to scale)',
  approvalsCaption: 'Approvals',
  videoHeading: 'Project walkthrough',
  // Landmark names: builder to confirm. Distances and times are the specification's, exactly.
  landmarks: [
    { name: 'National Highway 44 (Hyderabad–Bengaluru)', distance: '1 KM' },
    { name: 'Proposed Regional Ring Road (RRR)', distance: '3 KM' },
    { name: 'Shadnagar Town & Railway Station', distance: '5 MIN' },
    { name: 'Kothur Industrial Park', distance: '10 MIN' },
    { name: 'Symbiosis University, Hyderabad campus', distance: '10 MIN' },
    { name: 'Kothur Town', distance: '10 MIN' },
    { name: 'Shadnagar IT Towers', distance: '15 MIN' },
    { name: 'Lithium-ion Battery Corridor', distance: '15 MIN' },
    { name: 'Statue of Equality, Muchintal', distance: '20 MIN' },
    { name: 'Kanha Shanti Vanam Ashram', distance: '20 MIN' },
    { name: 'Outer Ring Road (ORR)', distance: '35 MIN' },
    { name: 'Wonderla Amusement Park', distance: '45 MIN' },
    { name: 'Rajiv Gandhi International Airport', distance: '45 MIN' },
  ] satisfies Landmark[],
} as const;

/* ------------------------------------------------------------------------------ Contact -- */

export const CONTACT = {
  eyebrow: 'Contact',
  heading: 'Get in Touch',
  intro:
    'Book a free site visit or ask us anything about plots, prices and approvals. Our team replies the same day.',
  contactUs: 'CONTACT US',
  modalTitle: 'Contact Us',
  phoneLabel: 'Phone',
  whatsappLabel: 'WhatsApp',
  addressLabel: 'Office address',
  hoursLabel: 'Office hours',
  directions: 'Get directions',
  formHeading: 'Enquire Now',
} as const;

/* ---------------------------------------------------------------------------- Thank you -- */

export const THANK_YOU = {
  heading: 'Thank You!',
  line: 'Thank you for your interest in Elegant Iconia. Our team will be in touch with you shortly.',
  brochurePrompt: 'The project brochure is yours to keep:',
  downloadBrochure: 'Download Brochure',
  backToHome: 'Back to Home',
} as const;

/* ---------------------------------------------------------------------------- Not found -- */

export const NOT_FOUND = {
  heading: 'Page not found',
  line: 'Sorry, we could not find the page you were looking for. It may have moved, or the link may be mistyped.',
  home: 'Go to the home page',
  suggestionsHeading: 'You may be looking for',
} as const;

/* ------------------------------------------------------------------------------- Footer -- */

export const FOOTER = {
  about:
    'Ready-to-build lifestyle villa plots in a 100-acre gated community under HMDA limits, 1 KM from NH-44 at Shadnagar, Hyderabad.',
  followHeading: 'Follow us',
  sitemapHeading: 'Sitemap',
  otherLinksHeading: 'Other links',
  contactHeading: 'Contact',
  addressHeading: 'Address',
  otherLinks: [
    { label: 'Contact Us', to: '/contact' },
    { label: 'Download Brochure', opens: 'brochure-modal' },
    { label: 'Privacy Policy', to: '/privacy-policy' },
  ] as readonly ({ label: string; to: RoutePath } | { label: string; opens: 'brochure-modal' })[],
  privacyPolicy: 'Privacy Policy',
  reraLabel: 'Reg. No.',
  reraWebsiteLabel: 'Verify at',
  copyright: (year: number) => `© ${year} ${BRAND_NAME}. All rights reserved.`,
  legalNote:
    'Images are artistic impressions. Distances and travel times are approximate. This is not an offer or a contract.',
} as const;

/* ----------------------------------------------------------------------- Privacy policy -- */

export interface PolicySection {
  heading: string;
  paragraphs?: readonly string[];
  list?: readonly string[];
}

export const PRIVACY_POLICY = {
  heading: 'Privacy Policy',
  lastUpdated: 'Last updated: 25 November 2026',
  intro: [
    `This policy explains how ${BRAND_NAME} ("we", "us") collects, uses, keeps and protects personal data that you share on this website, and the rights you have under the Digital Personal Data Protection Act, 2023 ("DPDP Act") and other applicable Indian law.`,
    'By submitting a form on this website you give the consent described below. If you do not agree, please do not submit your details.',
  ],
  sections: [
    {
      heading: '1. Who we are',
      paragraphs: [
        `${BRAND_NAME} is the developer and seller of the villa-plot community described on this website. For the personal data you share here, we are the Data Fiduciary under the DPDP Act. Our office: ${OFFICE_ADDRESS.name}, ${OFFICE_ADDRESS.lines.join(', ')}.`,
      ],
    },
    {
      heading: '2. What we collect',
      paragraphs: [
        'We collect only what you choose to give us and a little technical information:',
      ],
      list: [
        'Brochure requests: your name, mobile number and, if you choose one, the plot size range you are interested in.',
        'Contact enquiries: your name, mobile number and, optionally, your location.',
        'How you reached us: the page you sent the form from, the form used, the first page you opened on this website (or, if you later came back through one of our advertisements, the page it opened), the address of the website that sent you to it (if your browser shares it), and campaign tags in the link you followed (such as utm_source, utm_campaign, gclid, gbraid, wbraid or fbclid).',
        'Technical data: your IP address and browser details, recorded briefly to keep the service secure and to prevent abuse.',
        'On the thank-you page only, if enabled: analytics cookies set by Google Tag Manager and Google Analytics to measure our advertising.',
      ],
    },
    {
      heading: '3. Why we use it',
      list: [
        'To send you the project brochure you asked for.',
        'To call, message or email you about this project, answer your questions and arrange site visits.',
        'To understand which advertisements and pages bring enquiries, so we spend our budget wisely.',
        'To keep our records accurate and to meet legal, tax and RERA obligations.',
        'To protect the website and our visitors from fraud and abuse.',
      ],
      paragraphs: [
        'We do not sell your personal data. We do not use it for unrelated purposes, and we do not make automated decisions about you.',
      ],
    },
    {
      heading: '4. Your consent to be contacted',
      paragraphs: [
        'When you tick the consent box and submit a form, you agree that Elegant Iconia and its authorised sales representatives may contact you by phone call, SMS, WhatsApp or email about this project. This consent overrides any registration of your number with the National Customer Preference Register (NCPR) or Do Not Disturb (DND) service, for communication about your enquiry only, as permitted by the Telecom Regulatory Authority of India’s rules.',
        'You may withdraw this consent at any time (see section 8). Withdrawal does not affect contact made before it.',
      ],
    },
    {
      heading: '5. Who we share it with',
      list: [
        'Our own sales and customer-care team.',
        'Service providers who work for us under contract and only on our instructions: website hosting, email delivery, telephony and analytics.',
        'Authorities, courts or regulators, where the law requires it.',
      ],
      paragraphs: [
        'Our service providers are bound to keep your data confidential and secure, and to use it only to provide their service to us.',
      ],
    },
    {
      heading: '6. How long we keep it',
      list: [
        'Enquiries and brochure requests: 12 months from the day you send the form, after which our website deletes them automatically; copies our sales team keeps for an ongoing conversation are deleted when it ends, unless you become a customer.',
        'Customer records: as long as the law requires for property transactions, tax and RERA compliance.',
        'Security logs: up to 90 days.',
      ],
      paragraphs: [
        'When the retention period ends, or when you withdraw consent and no law requires us to keep the data, we delete or anonymise it.',
      ],
    },
    {
      heading: '7. How we protect it',
      paragraphs: [
        'We use encrypted connections (HTTPS), access controls, limited staff access and reputable service providers. No system is perfectly secure; if a personal data breach occurs we will inform the Data Protection Board of India and affected persons as the DPDP Act requires.',
      ],
    },
    {
      heading: '8. Your rights under the DPDP Act, 2023',
      list: [
        'Access: ask for a summary of the personal data we hold about you and how we use it.',
        'Correction and completion: ask us to correct inaccurate or incomplete data, or update it.',
        'Erasure: ask us to delete your data when it is no longer needed for the purpose you gave it for.',
        'Withdraw consent: stop further contact at any time, as easily as you gave consent.',
        'Grievance redressal: complain to our Grievance Officer, and, if you are not satisfied, to the Data Protection Board of India.',
        'Nomination: name a person to exercise your rights in case of death or incapacity.',
      ],
      paragraphs: [
        'To use any of these rights, contact our Grievance Officer below. We will reply within 30 days.',
      ],
    },
    {
      heading: '9. Cookies and analytics',
      paragraphs: [
        'Most of this website sets no cookies. It stores one setting in your browser, disclaimerAccepted, to remember that you accepted the disclaimer. The browser tab also keeps, until you close it, the first page you opened here, the address of the website that sent you (if your browser shares it) and, if you came through one of our advertisements, the name of that campaign (the utm_, gclid, gbraid, wbraid and fbclid parts of the link you followed), so that details you send us say which page or advertisement brought you. If you first opened a page without such a link and then came through an advertisement in the same tab, the tab keeps the advertisement and the page it opened instead; once it keeps an advertisement, a later one does not replace it, so the first advertisement you followed is the one credited. What the tab keeps holds nothing about you and is never sent anywhere but with a form you send. The thank-you page may load Google Tag Manager and Google Analytics to measure our campaigns; you can block or delete these cookies in your browser settings.',
      ],
    },
    {
      heading: '10. Children',
      paragraphs: [
        'This website is meant for adults. We do not knowingly collect personal data of anyone under 18. If you believe a child has sent us their details, contact us and we will delete them.',
      ],
    },
    {
      heading: '11. Grievance Officer and contact',
      paragraphs: [
        `Grievance Officer, ${BRAND_NAME}. Post: ${OFFICE_ADDRESS.name}, ${OFFICE_ADDRESS.lines.join(', ')}. Phone: ${PHONES.sales.display}. Hours: ${OFFICE_HOURS}.`,
      ],
    },
    {
      heading: '12. Changes to this policy',
      paragraphs: [
        'We may update this policy when our practices or the law change. The date at the top shows the latest version. Material changes will be highlighted on this page.',
      ],
    },
  ] satisfies PolicySection[],
} as const;

/* ------------------------------------------------------------------------- Image texts -- */

/** Alt texts of the single images; the gallery's are in GALLERY. */
export const IMAGE_ALT = {
  logo: 'Elegant Iconia',
  hero: 'Artist’s impression of the Elegant Iconia gated entrance with villa plots, avenue trees and open sky',
  clubhouse:
    'Artist’s impression of the Elegant Iconia clubhouse with its pool and landscaped lawns',
  locationMap:
    'Location map of Elegant Iconia showing NH-44, the proposed Regional Ring Road, Shadnagar and nearby landmarks',
  approvals: 'DTCP approved and RERA registered project seals',
} as const;

/** The picture search engines and chat apps show with a shared link (`public/og-image.jpg`). */
export const SHARE_IMAGE = {
  path: '/og-image.jpg',
  width: 1200,
  height: 630,
  type: 'image/jpeg',
  alt: 'Elegant Iconia: ready-to-build lifestyle villa plots, 1 KM from NH-44 near Hyderabad',
} as const;

/* --------------------------------------------------------------------------- Error page -- */

export const ERROR_PAGE = {
  heading: 'Something went wrong',
  line: 'Sorry, this page could not be shown. Please try again, or call our team:',
  home: 'Go to the home page',
} as const;
