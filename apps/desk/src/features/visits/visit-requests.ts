import type {
  CancelVisitBody,
  CheckInBody,
  NewVisitBody,
  RescheduleVisitBody,
  VisitAnswer,
  VisitAvailability,
  VisitOutcomeBody,
  VisitsAnswer,
  VisitSlotsAnswer,
  VisitSlotsBody,
} from '@iconia/shared';
import { api } from '../../lib/api.ts';

/** The desk API's site-visit endpoints (docs/desk-api.md, "Site visits"). */
export const visitRequests = {
  slots: (signal?: AbortSignal) => api<VisitSlotsAnswer>('/visit-slots', { signal }),
  saveSlots: (body: VisitSlotsBody) =>
    api<VisitSlotsAnswer>('/visit-slots', { method: 'PUT', body }),
  availability: (date: string, signal?: AbortSignal) =>
    api<VisitAvailability>(`/visit-availability?date=${encodeURIComponent(date)}`, {
      signal,
    }),
  between: (from: string, to: string, signal?: AbortSignal) =>
    api<VisitsAnswer>(`/visits?from=${from}&to=${to}`, { signal }),
  ofLead: (leadId: string, signal?: AbortSignal) =>
    api<VisitsAnswer>(`/leads/${leadId}/visits`, { signal }),
  book: (leadId: string, body: NewVisitBody) =>
    api<VisitAnswer>(`/leads/${leadId}/visits`, { method: 'POST', body }),
  reschedule: (visitId: string, body: RescheduleVisitBody) =>
    api<VisitAnswer>(`/visits/${visitId}/reschedule`, { method: 'POST', body }),
  cancel: (visitId: string, body: CancelVisitBody) =>
    api<VisitAnswer>(`/visits/${visitId}/cancel`, { method: 'POST', body }),
  checkIn: (visitId: string, body: CheckInBody) =>
    api<VisitAnswer>(`/visits/${visitId}/check-in`, { method: 'POST', body }),
  outcome: (visitId: string, body: VisitOutcomeBody) =>
    api<VisitAnswer>(`/visits/${visitId}/outcome`, { method: 'POST', body }),
};

/** The path of a visit's calendar file, under the desk API. */
export const calendarFilePath = (visitId: number) => `/visits/${visitId}/calendar.ics`;
