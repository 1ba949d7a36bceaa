/**
 * What the desk sends its API and what it answers with (docs/desk-api.md): types inferred from
 * the schemas the API validates with and documents by.
 */
import { LEAD_SOURCES, type LeadSource } from '@iconia/shared';

export {
  CONTACT_CHANNELS,
  STAGES,
  type ContactBody,
  type ContactChannel,
  type DeliveryState,
  type DeskLeadDetail as LeadDetail,
  type DeskLeadRow as LeadRow,
  type DeskReport as Report,
  type DeskUser as User,
  type EmailDelivery,
  type EntryAnswer,
  type ErasureAnswer,
  type ErasureBody,
  type LeadAnswer,
  type LeadChangeBody,
  type LeadPage,
  type LeadPageParams,
  type LeadView,
  type NewAgentBody,
  type NewPartnerSourceBody,
  type NoteBody,
  type PartnerSecretAnswer,
  type PartnerSource,
  type PartnerSourceAnswer,
  type PartnerSourcesAnswer,
  type PeopleAnswer,
  type Person,
  type Role,
  type SignIn,
  type SourceHealthAnswer,
  type SourceHealthRow,
  type Stage,
  type TimelineEntry,
  type TimelineType,
  type TodayLists,
  type UserAnswer,
  type UsersAnswer,
  type WebhookDelivery,
} from '@iconia/shared';

/** The site's four lead forms, as the desk filters and labels them. */
export const FORMS = LEAD_SOURCES;
export type Form = LeadSource;
