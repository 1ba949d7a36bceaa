import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { LeadPage } from '../features/lead/lead-page.tsx';
import { leadLoader } from '../features/lead/lead-route.ts';
import { BuyerVisits, buyerVisitsLoader } from '../features/visits/buyer-visits.tsx';
import { WhatsappCard } from '../features/whatsapp/whatsapp-card.tsx';

/** A buyer's page: their enquiries and work, with their WhatsApp conversation and site visits. */
export async function buyerLoader(args: LoaderFunctionArgs) {
  const [lead, { visits }] = await Promise.all([leadLoader(args), buyerVisitsLoader(args)]);
  return { ...lead, visits };
}

export function BuyerPage() {
  const { lead, visits } = useLoaderData<typeof buyerLoader>();
  return (
    <LeadPage>
      <WhatsappCard lead={lead} />
      <BuyerVisits leadId={lead.id} visits={visits} />
    </LeadPage>
  );
}
