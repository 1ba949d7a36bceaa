import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import {
  AddSourceSection,
  partnerSourcesAction,
  partnerSourcesLoader,
  PartnerSourcesSection,
} from '../features/sources/partner-sources.tsx';
import {
  AddPortalSection,
  isPortalIntent,
  portalSourcesAction,
  portalSourcesLoader,
  PortalSourcesSection,
} from '../features/sources/portal-sources.tsx';
import { loadSourceHealth, SourceHealthSection } from '../features/sources/source-health.tsx';

/** The Sources screen (managers): one section per part, each with its own data. */
export async function sourcesLoader(args: LoaderFunctionArgs) {
  const [partners, portalSources, health] = await Promise.all([
    partnerSourcesLoader(args),
    portalSourcesLoader(args),
    loadSourceHealth(args.request.signal),
  ]);
  return { ...partners, portalSources, health };
}

/** A portal's form goes to the portals' action, every other to the partners'. */
export async function sourcesAction(args: ActionFunctionArgs) {
  const form = await args.request.clone().formData();
  const intent = form.get('intent');
  if (typeof intent === 'string' && isPortalIntent(intent)) {
    return portalSourcesAction(intent, form);
  }
  return partnerSourcesAction(args);
}

export function SourcesPage() {
  const { health } = useLoaderData<typeof sourcesLoader>();
  return (
    <>
      <h1>Sources</h1>
      <SourceHealthSection health={health} />
      <PartnerSourcesSection />
      <AddSourceSection />
      <PortalSourcesSection />
      <AddPortalSection />
    </>
  );
}
