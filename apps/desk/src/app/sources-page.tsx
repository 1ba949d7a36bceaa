import type { LoaderFunctionArgs } from 'react-router';
import {
  AddSourceSection,
  partnerSourcesAction,
  partnerSourcesLoader,
  PartnerSourcesSection,
} from '../features/sources/partner-sources.tsx';

/** The Sources screen (managers): one section per part, each with its own data. */
export function sourcesLoader(args: LoaderFunctionArgs) {
  return partnerSourcesLoader(args);
}

export const sourcesAction = partnerSourcesAction;

export function SourcesPage() {
  return (
    <>
      <h1>Sources</h1>
      <PartnerSourcesSection />
      <AddSourceSection />
    </>
  );
}
