import type { MetaDescriptor } from 'react-router';
import { env } from '../config/env.ts';
import { BRAND_NAME, type RouteMeta } from '../content/site.ts';

/**
 * The head tags of a page: title, description, sharing cards and, when the public origin is
 * known at build time, the canonical URL.
 */
export function pageMeta(page: RouteMeta, path: string): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: 'description', content: page.description },
    { property: 'og:site_name', content: BRAND_NAME },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:locale', content: 'en_IN' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
  ];
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex, follow' });
  if (env.siteUrl && !page.noindex) {
    const url = `${env.siteUrl}${path}`;
    tags.push({ tagName: 'link', rel: 'canonical', href: url });
    tags.push({ property: 'og:url', content: url });
  }
  return tags;
}
