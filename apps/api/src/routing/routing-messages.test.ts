import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AGENT_ALERT_KIND,
  MANAGER_ALERT_KIND,
  agentAlertMessage,
  agentAlertPayloadSchema,
  managerAlertMessage,
  managerAlertPayloadSchema,
} from './routing-messages.ts';

const lead = {
  id: 42,
  buyerId: 7,
  name: 'Asha Rao',
  mobile: '+919876543210',
  kind: 'enquiry' as const,
  origin: 'google_ads' as const,
  plotRange: '200 - 300 Sq. Yds' as const,
  message: 'Corner plot, east facing',
  answers: { 'When do you plan to buy?': 'Within 3 months' },
  attribution: { utm_campaign: 'diwali-villas' },
};
const assignedAt = Date.parse('2026-11-26T10:00:00+05:30');

describe('agentAlertMessage', () => {
  it('when an assignment is alerted twice, then both messages share one id, so the outbox keeps one', () => {
    const build = () =>
      agentAlertMessage({
        lead,
        assignment: { id: 5, reason: 'new', attempt: 0, assignedAt, dueAt: assignedAt + 300_000 },
        agent: { name: 'Ravi', email: 'ravi@iconia.test' },
        targetMinutes: 5,
        messageIdDomain: 'iconia.test',
      });

    expect(build().messageId).toBe('<routing-agent-alert-5@iconia.test>');
    expect(build().messageId).toBe(build().messageId);
  });

  it('when a buyer is assigned, then the alert is an email due at once carrying who to call and by when', () => {
    const message = agentAlertMessage({
      lead,
      assignment: { id: 5, reason: 'new', attempt: 0, assignedAt, dueAt: assignedAt + 300_000 },
      agent: { name: 'Ravi', email: 'ravi@iconia.test' },
      targetMinutes: 5,
      messageIdDomain: 'iconia.test',
    });

    expect(message).toMatchObject({
      channel: 'email',
      kind: AGENT_ALERT_KIND,
      leadId: 42,
      dueAt: assignedAt,
    });
    expect(v.parse(agentAlertPayloadSchema, message.payload)).toMatchObject({
      to: { name: 'Ravi', address: 'ravi@iconia.test' },
      leadId: 42,
      name: 'Asha Rao',
      origin: 'Google Ads',
      campaign: 'diwali-villas',
      askedFor: [
        { label: 'Plot range', value: '200 - 300 Sq. Yds' },
        { label: 'Message', value: 'Corner plot, east facing' },
        { label: 'When do you plan to buy?', value: 'Within 3 months' },
      ],
      dueAt: assignedAt + 300_000,
    });
  });
});

describe('managerAlertMessage', () => {
  it('when a buyer is reassigned, then the managers’ alert names who missed it and who has it now', () => {
    const message = managerAlertMessage({
      event: 'reassigned',
      lead,
      missed: {
        id: 5,
        attempt: 0,
        assignedAt,
        dueAt: assignedAt + 300_000,
        agent: { id: 2, name: 'Ravi' },
      },
      nowWith: { id: 3, name: 'Meena' },
      to: [{ name: 'Manager', email: 'manager@iconia.test' }],
      targetMinutes: 5,
      at: assignedAt + 300_000,
      messageIdDomain: 'iconia.test',
    });

    expect(message).toMatchObject({
      messageId: '<routing-manager-alert-5@iconia.test>',
      kind: MANAGER_ALERT_KIND,
      dueAt: assignedAt + 300_000,
    });
    expect(v.parse(managerAlertPayloadSchema, message.payload)).toMatchObject({
      event: 'reassigned',
      missedBy: { name: 'Ravi' },
      nowWith: { name: 'Meena' },
      to: [{ address: 'manager@iconia.test' }],
    });
  });
});
