import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { BuyerClaim } from '@iconia/shared';
import { BrokerClaimCard } from '../features/brokers/broker-claim-card.tsx';
import { api } from '../lib/api.ts';
import { LeadPage } from '../features/lead/lead-page.tsx';
import { leadLoader } from '../features/lead/lead-route.ts';
import { BuyerVisits, buyerVisitsLoader } from '../features/visits/buyer-visits.tsx';
import { WhatsappCard } from '../features/whatsapp/whatsapp-card.tsx';

/** A buyer's page: their enquiries and work, with their WhatsApp conversation and site visits. */
export async function buyerLoader(args: LoaderFunctionArgs) {
  const [lead, { visits }, { claim }] = await Promise.all([
    leadLoader(args),
    buyerVisitsLoader(args),
    api<{ claim: BuyerClaim | null }>(`/leads/${args.params.id ?? ''}/broker-claim`, {
      signal: args.request.signal,
    }),
  ]);
  return { ...lead, visits, claim };
}

export function BuyerPage() {
  const { lead, visits, claim } = useLoaderData<typeof buyerLoader>();
  return (
    <LeadPage>
      {claim && <BrokerClaimCard leadId={lead.id} claim={claim} />}
      <WhatsappCard lead={lead} />
      <BuyerVisits leadId={lead.id} visits={visits} />
    </LeadPage>
  );
}
