/** The shapes the desk API answers with (docs/desk-api.md), shared with the API. */
import { LEAD_SOURCES, type LeadSource } from '@iconia/shared';

export {
  STAGES,
  type DeliveryState,
  type DeskLeadDetail as LeadDetail,
  type DeskLeadRow as LeadRow,
  type DeskReport as Report,
  type DeskUser as User,
  type EmailDelivery,
  type LeadPage,
  type LeadView,
  type Person,
  type Role,
  type Stage,
  type TimelineEntry,
  type TimelineType,
  type TodayLists,
  type WebhookDelivery,
} from '@iconia/shared';

/** The site's four lead forms, as the desk filters and labels them. */
export const FORMS = LEAD_SOURCES;
export type Form = LeadSource;
