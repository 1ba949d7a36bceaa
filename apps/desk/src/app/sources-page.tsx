import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  AddSourceSection,
  partnerSourcesAction,
  partnerSourcesLoader,
  PartnerSourcesSection,
} from '../features/sources/partner-sources.tsx';
import { loadSourceHealth, SourceHealthSection } from '../features/sources/source-health.tsx';

/** The Sources screen (managers): one section per part, each with its own data. */
export async function sourcesLoader(args: LoaderFunctionArgs) {
  const [partners, health] = await Promise.all([
    partnerSourcesLoader(args),
    loadSourceHealth(args.request.signal),
  ]);
  return { ...partners, health };
}

export const sourcesAction = partnerSourcesAction;

export function SourcesPage() {
  const { health } = useLoaderData<typeof sourcesLoader>();
  return (
    <>
      <h1>Sources</h1>
      <SourceHealthSection health={health} />
      <PartnerSourcesSection />
      <AddSourceSection />
    </>
  );
}
