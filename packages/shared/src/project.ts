/** The project the site sells: one name for the site, its emails and what the CRM receives. */
export const PROJECT_NAME = 'Elegant Iconia';

/*
 * The project's facts that the site, the sales desk and the API all state: the phone numbers,
 * the site's address and its map link. They belong to the builder (the defaults are plausible
 * placeholders so everything works end to end; replace them before going live) and live here
 * once, so a visit confirmation can never give a buyer another address than the website.
 */

export interface PhoneNumber {
  /** As a visitor reads it. */
  display: string;
  /** E.164, for `tel:` links. */
  e164: string;
}

export const PHONES: { sales: PhoneNumber; office: PhoneNumber } = {
  sales: { display: '+91 98480 22345', e164: '+919848022345' },
  office: { display: '+91 40 4852 2345', e164: '+914048522345' },
};

/** The brochure PDF, as the site serves it; the WhatsApp welcome sends its public link. */
export const BROCHURE = {
  path: '/Elegant-Iconia-Presentation.pdf',
  fileName: 'Elegant-Iconia-Presentation.pdf',
} as const;

/** WhatsApp number in international form without "+", as wa.me expects. */
export const WHATSAPP_NUMBER = '919848022345';

export const OFFICE_ADDRESS = {
  name: 'Elegant Iconia Site & Sales Office',
  lines: [
    'Survey No. 214, Beside NH-44',
    'Rayikal Village, Shadnagar',
    'Rangareddy District, Telangana 509216',
  ],
  locality: 'Shadnagar',
  region: 'Telangana',
  postalCode: '509216',
  country: 'IN',
  /** Approximate site location, for structured data and the map. */
  geo: { latitude: 17.0918, longitude: 78.2046 },
} as const;

/** The site and sales office on one line, as a calendar's location or a message gives it. */
export const SITE_ADDRESS_LINE = [OFFICE_ADDRESS.name, ...OFFICE_ADDRESS.lines].join(', ');

/** Google Maps' embed of the site, as the website shows it; works without an API key. */
export const MAP_EMBED_URL = `https://www.google.com/maps?q=${OFFICE_ADDRESS.geo.latitude},${OFFICE_ADDRESS.geo.longitude}&z=13&hl=en&output=embed`;

/** Directions to the site in Google Maps: the map link a buyer is sent. */
export const MAP_DIRECTIONS_URL = `https://www.google.com/maps/dir/?api=1&destination=${OFFICE_ADDRESS.geo.latitude},${OFFICE_ADDRESS.geo.longitude}`;
