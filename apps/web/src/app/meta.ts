import type { MetaDescriptor } from 'react-router';
import { env } from '../config/env.ts';
import { BRAND_NAME, SHARE_IMAGE, type RouteMeta } from '../content/site.ts';

/** An absolute URL on the site's public origin (`SITE_URL` at build time). */
export function absoluteUrl(path: string): string {
  return `${env.siteUrl}${path}`;
}

/**
 * The head tags of a page: title, description, canonical URL, and the Open Graph and Twitter
 * cards with the 1200×630 share image. Pages kept out of search results say `noindex` and name
 * no canonical URL.
 */
export function pageMeta(page: RouteMeta, path: string): MetaDescriptor[] {
  const url = absoluteUrl(path);
  const image = absoluteUrl(SHARE_IMAGE.path);
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: 'description', content: page.description },
    { property: 'og:site_name', content: BRAND_NAME },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: 'en_IN' },
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: SHARE_IMAGE.type },
    { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
    { property: 'og:image:alt', content: SHARE_IMAGE.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: SHARE_IMAGE.alt },
  ];
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex, follow' });
  else tags.push({ tagName: 'link', rel: 'canonical', href: url });
  return tags;
}
