import { PLOT_RANGES } from '@iconia/shared';
import {
  BRAND_NAME,
  OFFICE_ADDRESS,
  PHONES,
  PROJECT_FIGURES,
  ROUTE_META,
  SHARE_IMAGE,
  SOCIAL_LINKS,
} from '../content/site.ts';
import { absoluteUrl } from './meta.ts';

/**
 * The schema.org description of the project for search engines (JSON-LD on the landing page):
 * the seller (a real-estate agent with its office, phone and social pages), the gated
 * community as a place with its address and coordinates, and the sale listing with one offer
 * per plot range a visitor can ask about.
 */
export function projectStructuredData(): Record<string, unknown> {
  const home = absoluteUrl('/');
  const sellerId = `${home}#seller`;
  const placeId = `${home}#community`;
  const address = {
    '@type': 'PostalAddress',
    streetAddress: OFFICE_ADDRESS.lines[0],
    addressLocality: OFFICE_ADDRESS.locality,
    addressRegion: OFFICE_ADDRESS.region,
    postalCode: OFFICE_ADDRESS.postalCode,
    addressCountry: OFFICE_ADDRESS.country,
  };
  const geo = {
    '@type': 'GeoCoordinates',
    latitude: OFFICE_ADDRESS.geo.latitude,
    longitude: OFFICE_ADDRESS.geo.longitude,
  };
  const image = absoluteUrl(SHARE_IMAGE.path);

  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'RealEstateAgent',
        '@id': sellerId,
        name: BRAND_NAME,
        url: home,
        image,
        telephone: PHONES.sales.e164,
        address,
        geo,
        sameAs: SOCIAL_LINKS.map((link) => link.url),
        contactPoint: [
          {
            '@type': 'ContactPoint',
            contactType: 'sales',
            telephone: PHONES.sales.e164,
            areaServed: 'IN',
          },
          {
            '@type': 'ContactPoint',
            contactType: 'customer service',
            telephone: PHONES.office.e164,
            areaServed: 'IN',
          },
        ],
      },
      {
        '@type': 'GatedResidenceCommunity',
        '@id': placeId,
        name: BRAND_NAME,
        description: `A ${PROJECT_FIGURES.totalAcres}-acre gated villa-plot community: ${PROJECT_FIGURES.phaseAcres} acres and ${PROJECT_FIGURES.plots} plots of ${PROJECT_FIGURES.plotSizeRange} across phases 1-${PROJECT_FIGURES.phases}, ${PROJECT_FIGURES.amenities} amenities, ${PROJECT_FIGURES.highwayDistance} from NH-44.`,
        url: home,
        image,
        address,
        geo,
        telephone: PHONES.sales.e164,
      },
      {
        '@type': 'RealEstateListing',
        '@id': `${home}#listing`,
        name: ROUTE_META['/'].title,
        description: ROUTE_META['/'].description,
        url: home,
        image,
        about: { '@id': placeId },
        offers: PLOT_RANGES.map((range) => ({
          '@type': 'Offer',
          name: `Villa plot, ${range}`,
          businessFunction: 'http://purl.org/goodrelations/v1#Sell',
          seller: { '@id': sellerId },
          areaServed: OFFICE_ADDRESS.region,
          itemOffered: {
            '@type': 'Place',
            name: `${BRAND_NAME} villa plot of ${range}`,
            containedInPlace: { '@id': placeId },
          },
        })),
      },
    ],
  };
}
