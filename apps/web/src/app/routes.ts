import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  // Pages in the site shell: top bar, navigation, footer, floating actions, mobile bar.
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
  // Pages that stand alone.
  route('thank-you', 'routes/thank-you.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
] satisfies RouteConfig;
