import {
  contactSchema,
  deskErrorSchema,
  deskIdSchema,
  buyerSaidSchema,
  deskLeadDetailSchema,
  deskLeadRowSchema,
  deskReportSchema,
  deskUserSchema,
  passwordChangeSchema,
  temporaryPasswordAnswerSchema,
  dutyAnswerSchema,
  dutyChangeSchema,
  dutySchema,
  emailDeliverySchema,
  entryAnswerSchema,
  erasureAnswerSchema,
  erasureSchema,
  leadAnswerSchema,
  leadChangeSchema,
  exportFields,
  leadPageFields,
  leadPageSchema,
  leadViewSchema,
  newAgentSchema,
  newPartnerSourceSchema,
  noteSchema,
  partnerSecretAnswerSchema,
  partnerSourceAnswerSchema,
  partnerSourceSchema,
  partnerSourcesAnswerSchema,
  peopleAnswerSchema,
  personSchema,
  reportFields,
  routingAnswerSchema,
  routingSettingsChangeSchema,
  routingSettingsSchema,
  signInSchema,
  sourceHealthAnswerSchema,
  sourceHealthRowSchema,
  timelineEntrySchema,
  todayListsSchema,
  unansweredAnswerSchema,
  unansweredBuyerSchema,
  overdueAnswerSchema,
  overdueBuyerSchema,
  waitingAnswerSchema,
  sessionAnswerSchema,
  userAnswerSchema,
  usersAnswerSchema,
  usersFields,
  webhookDeliverySchema,
  PARTNER_NAME_PATTERN,
  plotEventSchema,
  plotSchema,
  cancelVisitSchema,
  checkInSchema,
  newVisitSchema,
  pushKeyAnswerSchema,
  pushSubscriptionAnswerSchema,
  pushSubscriptionCheckAnswerSchema,
  pushSubscriptionCheckSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  rescheduleVisitSchema,
  visitAnswerSchema,
  visitAvailabilityFields,
  visitAvailabilitySchema,
  visitOutcomeSchema,
  visitSchema,
  visitsAnswerSchema,
  visitsFields,
  visitSlotsAnswerSchema,
  visitSlotsSchema,
  buyerMergeAnswerSchema,
  buyerMergeSchema,
} from '@iconia/shared';
import type { GenericSchema, ObjectEntries } from 'valibot';
import {
  answerComponents,
  refusalMessages,
  requestSchema,
  withOperationIds,
  type Json,
  type JsonObject,
} from '../http/openapi-parts.ts';
import { SESSION_COOKIE } from './auth.ts';
import { DESK_ROUTES } from './desk-routes.ts';
import type { RouteContract } from './route.ts';

/** An operation not yet declared beside its handler; see `route.ts`. */
type Operation = Omit<RouteContract, 'method' | 'path'>;

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input: the sentence names the field and what is wrong with it.',
  401: 'No session, or it has ended.',
  403: 'A request from another site, one only a manager may make, or one of an account that must first replace its temporary password.',
  404: 'Nothing has this id.',
  409: 'The request conflicts with what is stored.',
  413: 'The request is too large.',
  415: 'The body is not JSON.',
  429: 'Too many at once: wait and try again.',
  500: 'The server failed; nothing more is said.',
};

/** The answers named in the document's components; the others are written where they are used. */
const NAMED_ANSWERS = {
  DeskUser: deskUserSchema,
  Person: personSchema,
  TimelineEntry: timelineEntrySchema,
  BuyerSaid: buyerSaidSchema,
  LeadRow: deskLeadRowSchema,
  Delivery: emailDeliverySchema,
  WebhookDelivery: webhookDeliverySchema,
  LeadDetail: deskLeadDetailSchema,
  LeadPage: leadPageSchema,
  LeadView: leadViewSchema,
  TodayLists: todayListsSchema,
  Report: deskReportSchema,
  PartnerSource: partnerSourceSchema,
  SourceHealth: sourceHealthRowSchema,
  Plot: plotSchema,
  PlotEvent: plotEventSchema,
  Duty: dutySchema,
  RoutingSettings: routingSettingsSchema,
  UnansweredBuyer: unansweredBuyerSchema,
  OverdueBuyer: overdueBuyerSchema,
  Visit: visitSchema,
  Error: deskErrorSchema,
};

type Answer = ReturnType<typeof answerComponents>['answer'];

const json = (schema: JsonObject): JsonObject => ({ 'application/json': { schema } });

const STATE_CHANGING = new Set(['post', 'patch', 'put', 'delete']);

/**
 * The fields of a query's schema, each a parameter: the object of fields inside the pipes that
 * read the query string (`fromQuery`) and check fields together.
 */
function queryEntries(schema: GenericSchema | undefined): ObjectEntries {
  if (schema === undefined) return {};
  if ('entries' in schema && schema.type === 'object') return schema.entries as ObjectEntries;
  const pipe = 'pipe' in schema ? (schema.pipe as readonly { kind: string }[]) : [];
  for (const item of pipe) {
    if (item.kind !== 'schema' || item === schema) continue;
    const entries = queryEntries(item as GenericSchema);
    if (Object.keys(entries).length > 0) return entries;
  }
  return {};
}

function operation(method: string, path: string, spec: Operation, answer: Answer): JsonObject {
  const parameters: Json[] = [];
  if (path.includes('{id}')) {
    parameters.push({
      name: 'id',
      in: 'path',
      required: true,
      schema: requestSchema(deskIdSchema),
    });
  }
  if (path.includes('{name}')) {
    parameters.push({
      name: 'name',
      in: 'path',
      required: true,
      description: "The partner source's name.",
      schema: { type: 'string', pattern: PARTNER_NAME_PATTERN.source },
    });
  }
  for (const [name, schema] of Object.entries(queryEntries(spec.query))) {
    parameters.push({ name, in: 'query', required: false, schema: requestSchema(schema) });
  }
  const errors = new Set([...(spec.errors ?? []), 500]);
  if (spec.query || spec.body || spec.badInput) errors.add(400);
  if (spec.body) [413, 415].forEach((status) => errors.add(status));
  if (spec.who !== 'anyone') errors.add(401);
  if (spec.who === 'manager' || spec.who === 'signed in' || STATE_CHANGING.has(method)) {
    errors.add(403);
  }
  if (path.includes('{id}') || path.includes('{name}')) errors.add(404);
  const error = json(answer(deskErrorSchema));
  // The sentences the input's schemas refuse with; those that quote the input are left out.
  const refusals = [spec.query, spec.body].flatMap((schema) =>
    schema ? refusalMessages(schema) : [],
  );
  const badInput = {
    'application/json': {
      schema: answer(spec.badInput ?? deskErrorSchema),
      ...(refusals.length > 0
        ? {
            examples: Object.fromEntries(
              refusals.map((message, index) => [
                `refusal${index + 1}`,
                { value: { error: message } },
              ]),
            ),
          }
        : {}),
    },
  };
  const { status, description, json: answerSchema, content } = spec.answer;
  const answerJson = Array.isArray(answerSchema)
    ? json({ anyOf: answerSchema.map(answer) })
    : answerSchema && json(answer(answerSchema));
  return {
    summary: spec.summary,
    description: `${spec.description ? `${spec.description} ` : ''}Who: ${spec.who}.`,
    ...(spec.who === 'anyone' ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body
      ? { requestBody: { required: true, content: json(requestSchema(spec.body)) } }
      : spec.bodyContent
        ? { requestBody: { required: true, content: spec.bodyContent } }
        : {}),
    responses: {
      [status]: {
        description,
        ...(answerJson ? { content: answerJson } : content ? { content } : {}),
      },
      ...Object.fromEntries(
        [...errors]
          .sort((a, b) => a - b)
          .map((code) => [
            code,
            { description: ERROR_TEXT[code] ?? '', content: code === 400 ? badInput : error },
          ]),
      ),
    },
  };
}

/** Every operation of the desk API, by path (as OpenAPI writes it) and method. */
const OPERATIONS: Record<string, Record<string, Operation>> = {
  '/session': {
    post: {
      summary: 'Sign in',
      who: 'anyone',
      description: `Sets the session cookie ${SESSION_COOKIE}. Wrong email, wrong password and a disabled account get the same 401; repeated failures lock the account or address (429).`,
      body: signInSchema,
      answer: { status: 200, description: 'Signed in.', json: userAnswerSchema },
      errors: [401, 429],
    },
    get: {
      summary: 'The signed-in person',
      who: 'anyone',
      description:
        'Answers 200 whether or not anyone is signed in, so that a browser can ask without an error: `user` is null when nobody is (an ended session also clears the cookie). `user.mustChangePassword` true: the person signed in with a temporary password and must choose their own (PUT /session/password) before anything else answers them.',
      answer: {
        status: 200,
        description: 'The person signed in, or null.',
        json: sessionAnswerSchema,
      },
    },
    delete: {
      summary: 'Sign out',
      who: 'any session',
      answer: { status: 204, description: 'Signed out; the cookie is cleared.' },
    },
  },
  '/session/sign-out-everywhere': {
    post: {
      summary: 'Sign out everywhere',
      who: 'any session',
      answer: { status: 204, description: 'Every session of the person has ended.' },
    },
  },
  '/session/password': {
    put: {
      summary: 'Change your own password',
      who: 'any session',
      description:
        'Proves the current password (wrong ones count like failed sign-ins: 429 at the limit). Every session of the person ends and this browser gets a new session cookie; a temporary password stops being required.',
      body: passwordChangeSchema,
      answer: { status: 200, description: 'The account as it is now.', json: userAnswerSchema },
      errors: [429],
    },
  },
  '/leads': {
    get: {
      summary: 'The inbox: leads, newest first, a page at a time',
      who: 'signed in',
      description: 'Spam is left out unless `spam=1`.',
      query: leadPageFields,
      answer: { status: 200, description: 'A page of leads.', json: leadPageSchema },
    },
  },
  '/events': {
    get: {
      summary: 'Live updates',
      who: 'signed in',
      description:
        'Server-sent events: `lead` (a LeadRow), `lead-changed` (`{"id": 12}`), `signed-out` and `replaced` (the same session opened a fifth stream or the same person a ninth: this, their oldest, closes). 429 when 200 streams are open in all; see docs/desk-api.md.',
      answer: {
        status: 200,
        description: 'The stream; it stays open.',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
      errors: [429],
    },
  },
  '/leads/{id}': {
    get: {
      summary: 'A lead, its timeline and the other leads of its mobile',
      who: 'signed in',
      answer: { status: 200, description: 'The lead.', json: leadViewSchema },
    },
    patch: {
      summary: 'Change the stage, follow-up or owner',
      who: 'signed in',
      description:
        'Agents work their own and unassigned leads; managers any lead. Booked and the site-visit stages follow their records and are refused (409) by hand, as is any stage change of a buyer with a booked plot until a manager cancels that booking.',
      body: leadChangeSchema,
      answer: { status: 200, description: 'The lead as it is now.', json: leadAnswerSchema },
      errors: [409],
    },
  },
  '/leads/{id}/notes': {
    post: {
      summary: 'Add a note',
      who: 'signed in',
      body: noteSchema,
      answer: { status: 201, description: 'The timeline entry.', json: entryAnswerSchema },
      errors: [409],
    },
  },
  '/leads/{id}/contacts': {
    post: {
      summary: 'Record a call or a WhatsApp message',
      who: 'signed in',
      body: contactSchema,
      answer: { status: 201, description: 'The timeline entry.', json: entryAnswerSchema },
      errors: [409],
    },
  },
  '/today': {
    get: {
      summary: 'Overdue, due today and uncontacted leads of the person',
      who: 'signed in',
      answer: { status: 200, description: 'The three lists.', json: todayListsSchema },
    },
  },
  '/reports': {
    get: {
      summary: 'Leads per day, campaigns, the funnel and first-contact times',
      who: 'signed in',
      query: reportFields,
      answer: { status: 200, description: 'The figures.', json: deskReportSchema },
    },
  },
  '/export.csv': {
    get: {
      summary: 'The filtered leads as CSV',
      who: 'manager',
      description:
        "Every column of `pnpm leads export` (origin, email, message and problems among them, then one per question of the leads' own forms, in the order the questions first came in), then the buyer's stage, owner, follow-up, Lost reason and first contact, and with `notes=1` their notes. Every export is recorded with who, when, the filters (and whether notes went with it) and the number of rows.",
      query: exportFields,
      answer: {
        status: 200,
        description: 'A CSV attachment, newest lead first.',
        content: { 'text/csv': { schema: { type: 'string' } } },
      },
    },
  },
  '/erasures': {
    post: {
      summary: "Erase a person's data by mobile",
      who: 'manager',
      body: erasureSchema,
      answer: {
        status: 200,
        description: 'How many leads were erased.',
        json: erasureAnswerSchema,
      },
    },
  },
  '/users': {
    get: {
      summary: 'The accounts',
      who: 'signed in',
      description:
        'Managers get every account; with `short=1` anyone signed in gets the names of the accounts that are not disabled, and an agent without it gets 403.',
      query: usersFields,
      answer: {
        status: 200,
        description: 'The accounts, or with `short=1` their names.',
        json: [usersAnswerSchema, peopleAnswerSchema],
      },
      errors: [403],
    },
    post: {
      summary: 'Add an agent',
      who: 'manager',
      body: newAgentSchema,
      answer: { status: 201, description: 'The new account.', json: userAnswerSchema },
      errors: [409],
    },
  },
  '/users/{id}/disable': {
    post: {
      summary: "Disable an agent's account",
      who: 'manager',
      description: 'Their sessions end at once. Not your own account (400) nor a manager (403).',
      answer: { status: 200, description: 'The account as it is now.', json: userAnswerSchema },
      errors: [400],
    },
  },
  '/users/{id}/enable': {
    post: {
      summary: "Re-enable an agent's account",
      who: 'manager',
      description:
        'They sign in again with the password they had (or reset it). Not your own account (400) nor a manager (403); enabling twice is harmless.',
      answer: { status: 200, description: 'The account as it is now.', json: userAnswerSchema },
      errors: [400],
    },
  },
  '/users/{id}/password-reset': {
    post: {
      summary: "Reset an agent's password",
      who: 'manager',
      description:
        'Makes a random temporary password, stores only its hash and answers it this once. Every session of the agent ends; at the next sign-in they must choose their own password. Not your own account (400) nor a manager (403).',
      answer: {
        status: 200,
        description: 'The account and its temporary password.',
        json: temporaryPasswordAnswerSchema,
      },
      errors: [400],
    },
  },
  '/sources': {
    get: {
      summary: 'The partner sources',
      who: 'manager',
      description: 'Partners and portals that post signed leads to /intake/partners/{name}.',
      answer: {
        status: 200,
        description: 'Every source, by name.',
        json: partnerSourcesAnswerSchema,
      },
    },
    post: {
      summary: 'Add a partner source',
      who: 'manager',
      description: 'The answer is the only time the secret is shown.',
      body: newPartnerSourceSchema,
      answer: {
        status: 201,
        description: 'The new source and its secret.',
        json: partnerSecretAnswerSchema,
      },
      errors: [409],
    },
  },
  '/sources/{name}/rotate': {
    post: {
      summary: 'Issue a new secret for a partner source',
      who: 'manager',
      description: 'The previous secret is accepted for 24 hours more; the new one is shown once.',
      answer: {
        status: 200,
        description: 'The source and its new secret.',
        json: partnerSecretAnswerSchema,
      },
    },
  },
  '/sources/{name}/disable': {
    post: {
      summary: 'Disable a partner source',
      who: 'manager',
      description: 'Its requests are refused (403) from the next one on.',
      answer: {
        status: 200,
        description: 'The source as it is now.',
        json: partnerSourceAnswerSchema,
      },
    },
  },
  '/sources/{name}/enable': {
    post: {
      summary: 'Enable a partner source again',
      who: 'manager',
      answer: {
        status: 200,
        description: 'The source as it is now.',
        json: partnerSourceAnswerSchema,
      },
    },
  },
  '/source-health': {
    get: {
      summary: "Each lead source's figures and alerts",
      who: 'manager',
      description:
        'Per source (the site, Google Ads and Meta when configured, every partner source): leads today (India day) and in the last seven India days, the last lead, refused requests in 24 hours and 7 days, failed Graph reads (Meta) and the alerts the managers were emailed and that have not recovered. See docs/operations.md.',
      answer: { status: 200, description: 'The sources.', json: sourceHealthAnswerSchema },
    },
  },
  '/duty': {
    get: {
      summary: 'Whether the signed-in person is on duty',
      who: 'signed in',
      answer: { status: 200, description: 'Their duty.', json: dutyAnswerSchema },
    },
    put: {
      summary: 'Come on duty or go off duty',
      who: 'signed in',
      description:
        'On duty, the person takes new buyers in turn; coming on duty hands them the buyers that waited because nobody was. Off duty, their own buyers stay theirs.',
      body: dutyChangeSchema,
      answer: { status: 200, description: 'Their duty as it is now.', json: dutyAnswerSchema },
    },
  },
  '/users/{id}/duty': {
    put: {
      summary: "Set someone's duty",
      who: 'manager',
      body: dutyChangeSchema,
      answer: { status: 200, description: 'Their duty as it is now.', json: dutyAnswerSchema },
    },
  },
  '/routing': {
    get: {
      summary: 'The routing panel',
      who: 'manager',
      description:
        'Automatic assignment, the first-response target, the working hours (India time, every day), who gets the next new buyer, everyone’s duty and how many buyers wait unassigned. See docs/operations.md.',
      answer: { status: 200, description: 'The panel.', json: routingAnswerSchema },
    },
    patch: {
      summary: 'Change the routing settings',
      who: 'manager',
      description:
        'Fields left out keep their value. Turning automatic assignment back on hands out the buyers that waited. A new target or working hours apply to assignments made from now on.',
      body: routingSettingsChangeSchema,
      answer: { status: 200, description: 'The panel as it is now.', json: routingAnswerSchema },
    },
  },
  '/routing/unanswered': {
    get: {
      summary: "The person's buyers waiting for a first response",
      who: 'signed in',
      description:
        'Buyers assigned to the signed-in person that nobody has called, messaged on WhatsApp or moved to another stage since, soonest due first (at most 100).',
      answer: { status: 200, description: 'The buyers.', json: unansweredAnswerSchema },
    },
  },
  '/routing/overdue': {
    get: {
      summary: 'Overdue now: every buyer past their first-response target',
      who: 'manager',
      description:
        'Buyers whose first call, WhatsApp or stage change is past its target, whoever holds them, the latest first (at most 500), with how many working minutes late. The managers’ summaries link here.',
      answer: { status: 200, description: 'The buyers.', json: overdueAnswerSchema },
    },
  },
  '/waiting': {
    get: {
      summary: 'What waits for a manager',
      who: 'manager',
      description:
        'How many leads are held over the per-address limit, how many plots wait for a decision on their booking, and how many buyers are past their first-response target: the numbers the desk’s Held, Plots and Overdue now links show.',
      answer: { status: 200, description: 'The counts.', json: waitingAnswerSchema },
    },
  },
  '/visit-slots': {
    get: {
      summary: "The week's site visit slots",
      who: 'signed in',
      answer: { status: 200, description: 'Every slot.', json: visitSlotsAnswerSchema },
    },
    put: {
      summary: "Replace the week's site visit slots",
      who: 'manager',
      description:
        'The whole week at once: a slot left out takes no new booking; visits already booked into it stay.',
      body: visitSlotsSchema,
      answer: { status: 200, description: 'The slots as stored.', json: visitSlotsAnswerSchema },
    },
  },
  '/visit-availability': {
    get: {
      summary: "A day's slots and the visits each has left",
      who: 'signed in',
      query: visitAvailabilityFields,
      answer: { status: 200, description: "The day's slots.", json: visitAvailabilitySchema },
    },
  },
  '/visits': {
    get: {
      summary: 'Site visits by day and slot',
      who: 'signed in',
      description: 'Every visit starting on the days asked for (at most 92), cancelled ones too.',
      query: visitsFields,
      answer: { status: 200, description: 'The visits.', json: visitsAnswerSchema },
    },
  },
  '/leads/{id}/visits': {
    get: {
      summary: "The buyer's site visits",
      who: 'signed in',
      answer: { status: 200, description: 'The visits.', json: visitsAnswerSchema },
    },
    post: {
      summary: 'Book a site visit for the buyer',
      who: 'signed in',
      description:
        "Into one of the day's slots while it has room; the buyer's stage becomes Site visit scheduled and the owner's reminders are planned. A full slot is refused with 409.",
      body: newVisitSchema,
      answer: { status: 201, description: 'The visit.', json: visitAnswerSchema },
      errors: [409],
    },
  },
  '/visits/{id}': {
    get: {
      summary: 'A site visit',
      who: 'signed in',
      answer: { status: 200, description: 'The visit.', json: visitAnswerSchema },
    },
  },
  '/visits/{id}/reschedule': {
    post: {
      summary: 'Move a site visit to another slot',
      who: 'signed in',
      description: 'Its reminders are planned again for the new time.',
      body: rescheduleVisitSchema,
      answer: { status: 200, description: 'The visit.', json: visitAnswerSchema },
      errors: [409],
    },
  },
  '/visits/{id}/cancel': {
    post: {
      summary: 'Cancel a site visit',
      who: 'signed in',
      body: cancelVisitSchema,
      answer: { status: 200, description: 'The visit.', json: visitAnswerSchema },
      errors: [409],
    },
  },
  '/visits/{id}/check-in': {
    post: {
      summary: 'Check a visitor in at the site, or mark them absent',
      who: 'signed in',
      description: 'Any signed-in person may, on the day of the visit; who did it is recorded.',
      body: checkInSchema,
      answer: { status: 200, description: 'The visit.', json: visitAnswerSchema },
      errors: [409],
    },
  },
  '/visits/{id}/outcome': {
    post: {
      summary: 'Write the outcome of a visit; it is done',
      who: 'signed in',
      description: "After the visitor's arrival; the buyer's stage becomes Site visit done.",
      body: visitOutcomeSchema,
      answer: { status: 200, description: 'The visit.', json: visitAnswerSchema },
      errors: [409],
    },
  },
  '/visits/{id}/calendar.ics': {
    get: {
      summary: 'The visit as a calendar file for the buyer',
      who: 'signed in',
      description:
        'iCalendar (RFC 5545), published (`METHOD:PUBLISH`, and `method=PUBLISH` in the Content-Type), in Asia/Kolkata time with its VTIMEZONE, the site address as the location; its UID stays the same when the visit moves. Its ORGANIZER is the sales inbox (the first MAIL_TO address), which a buyer can write back to; it names no buyer and no agent.',
      answer: {
        status: 200,
        description: 'An .ics attachment.',
        content: { 'text/calendar': { schema: { type: 'string' } } },
      },
    },
  },
  '/buyers/{id}/merge': {
    post: {
      summary: 'Merge this buyer into another',
      who: 'manager',
      description:
        'The same person wrote from two numbers, or a lead came without a usable mobile. In one transaction every enquiry (with its notes and timeline), visit, plot hold, booking and plot history line and routing assignment of this buyer becomes the `into` buyer’s, and this buyer is deleted. The work is combined: the furthest open stage (Lost only when neither is past New and one is lost), the furthest stage, the earliest follow-up and first contact, and the owner of `into`, else this buyer’s; `into` keeps its mobile, or takes this buyer’s when it has none. The timeline says "Merged with another buyer" with the manager’s name, and the CRM endpoints get `lead.updated` naming every lead of the merged buyer when the stage or owner of some of those leads changed. 400 for a buyer merged with themselves; 404 for an unknown buyer (of the path or of `into`); 409 for an erased buyer, for two buyers that each have a booked plot, or when one buyer would hold two of what a buyer has one of.',
      body: buyerMergeSchema,
      answer: {
        status: 200,
        description: 'The buyer who stayed, as the inbox lists them now.',
        json: buyerMergeAnswerSchema,
      },
      errors: [409],
    },
  },
  '/push/key': {
    get: {
      summary: "The server's key for alerts on a phone",
      who: 'signed in',
      description:
        "The VAPID public key (base64url) a browser subscribes to Web Push with (PushManager.subscribe's applicationServerKey). Made on the server's first start and kept with its data.",
      answer: { status: 200, description: 'The key.', json: pushKeyAnswerSchema },
    },
  },
  '/push/subscriptions': {
    post: {
      summary: 'Turn alerts on for this device',
      who: 'signed in',
      description:
        "The browser's PushSubscription as its toJSON() writes it. The device then gets a push for each buyer assigned to the person and, for a manager, each reassignment alert; each push is `{ title, body, url, tag }` with the buyer's first name and what they asked for, never a mobile, surname or email. 201 when stored, 200 when this person had stored it already; a device another person had turned alerts on for becomes this person's. The push service's 404 or 410 removes it; so do signing out everywhere and the account being disabled.",
      body: pushSubscriptionSchema,
      answer: {
        status: 201,
        description: 'Stored (200: it was stored already).',
        json: pushSubscriptionAnswerSchema,
      },
    },
    delete: {
      summary: 'Turn alerts off for this device',
      who: 'signed in',
      description:
        "Removes the person's own subscription with this endpoint; another person's is left alone. 204 either way.",
      body: pushUnsubscribeSchema,
      answer: { status: 204, description: 'The device gets no more alerts.' },
    },
  },
  '/push/subscriptions/check': {
    post: {
      summary: 'Whether this device still gets alerts',
      who: 'signed in',
      description:
        "Whether the signed-in person's alerts still go to this endpoint. The desk asks when it shows the switch, so a device whose subscription the server dropped (signing out everywhere, a password reset, the push service's 404 or 410) shows alerts off. Another person's device answers false. A POST so the endpoint, a capability URL, stays out of request lines.",
      body: pushSubscriptionCheckSchema,
      answer: {
        status: 200,
        description: 'The answer.',
        json: pushSubscriptionCheckAnswerSchema,
      },
    },
  },
  '/openapi.json': {
    get: {
      summary: 'This document',
      who: 'manager',
      answer: {
        status: 200,
        description: 'OpenAPI 3.1.',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    },
  },
};

/** Each path's operations, from the routes' declarations. */
function deskPaths(answer: Answer): Record<string, JsonObject> {
  const paths: Record<string, JsonObject> = {};
  const add = (method: string, path: string, spec: Operation) => {
    paths[path] = { ...paths[path], [method]: operation(method, path, spec, answer) };
  };
  for (const [path, methods] of Object.entries(OPERATIONS)) {
    for (const [method, spec] of Object.entries(methods)) add(method, path, spec);
  }
  for (const route of DESK_ROUTES) add(route.method, route.path, route);
  return paths;
}

/**
 * OpenAPI 3.1 description of the desk API under /desk/api, written from the request and answer
 * schemas of `@iconia/shared`.
 */
export function createDeskOpenApiDocument(): JsonObject {
  const { schemas, answer } = answerComponents(NAMED_ANSWERS);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Elegant Iconia sales desk API',
      version: '1.0.0',
      description:
        'The JSON API the sales desk (/desk) works with. Every answer is JSON; a refusal is `{ "error": "<a sentence for people>" }`. Every POST, PATCH and DELETE must come from the desk itself (Sec-Fetch-Site: same-origin, or an Origin of the same host). See docs/desk-api.md.',
    },
    servers: [{ url: '/desk/api' }],
    security: [{ deskSession: [] }],
    paths: withOperationIds(deskPaths(answer)),
    components: {
      schemas,
      securitySchemes: {
        deskSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      },
    },
  };
}
