import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  // The landing and section pages, in the site shell: disclaimer, top bar, navigation, footer,
  // side button, chat link and the mobile bar.
  layout('layouts/site-layout.tsx', [
    index('routes/home.tsx'),
    route('about', 'routes/about.tsx'),
    route('highlights', 'routes/highlights.tsx'),
    route('why', 'routes/why.tsx'),
    route('gallery', 'routes/gallery.tsx'),
    route('location-highlights', 'routes/location-highlights.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // Reading page: logo, the way home and the legal line only.
  layout('layouts/plain-layout.tsx', [route('privacy-policy', 'routes/privacy-policy.tsx')]),
  // Stands alone: logo, thanks, the brochure and the way home.
  route('thank-you', 'routes/thank-you.tsx'),
] satisfies RouteConfig;
