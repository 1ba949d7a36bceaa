import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format.ts';
import type { SourceHealthAnswer, SourceHealthRow } from '../../lib/types.ts';
import { SourceHealthSection } from './source-health.tsx';

function source(overrides: Partial<SourceHealthRow>): SourceHealthRow {
  return {
    origin: 'site',
    label: 'Website',
    disabled: false,
    leadsToday: 0,
    leads7Days: 0,
    lastLeadAt: null,
    refused24Hours: 0,
    refused7Days: 0,
    graphReads: null,
    stagesBack: null,
    polls: null,
    alerts: [],
    ...overrides,
  };
}

function renderSection(sources: SourceHealthRow[]) {
  const health: SourceHealthAnswer = { sources, checkedAt: '2026-11-24T15:46:00+05:30' };
  render(<SourceHealthSection health={health} />);
}

describe('SourceHealthSection', () => {
  it('when a source works, then its row shows its leads, last lead and refusals under their headers', () => {
    renderSection([
      source({
        leadsToday: 2,
        leads7Days: 11,
        lastLeadAt: '2026-11-24T15:40:00+05:30',
        refused24Hours: 1,
        refused7Days: 4,
      }),
    ]);

    const row = screen.getByRole('row', { name: /Website/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'Working',
      '2',
      '11',
      formatDateTime('2026-11-24T15:40:00+05:30'),
      '1',
      '4',
      '—',
    ]);
    expect(screen.queryByRole('heading', { name: 'Alerts not yet recovered' })).toBeNull();
  });

  it('when a source has had no lead yet, then its row says so rather than Working', () => {
    renderSection([source({ origin: 'partner:acme-realty', label: 'Partner: acme-realty' })]);

    const row = screen.getByRole('row', { name: /acme-realty/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['No leads yet', '0', '0', '—']);
  });

  it('when Meta is failing, then its row says so with its failing Graph reads and the alert says since when and why', () => {
    renderSection([
      source({}),
      source({
        origin: 'meta',
        label: 'Meta lead ads',
        graphReads: { failing: 3, failingSince: '2026-11-24T15:00:00+05:30', givenUp: 0 },
        alerts: [
          {
            condition: 'failing',
            since: '2026-11-24T15:30:00+05:30',
            reason: "Reading leads from Meta's Graph API has failed for 30 minutes (3 waiting).",
          },
        ],
      }),
    ]);

    const row = screen.getByRole('row', { name: /Meta lead ads/ });
    expect(within(row).getByText('Failing')).toBeInTheDocument();
    expect(
      within(row).getByText(`3 since ${formatDateTime('2026-11-24T15:00:00+05:30')}`),
    ).toBeInTheDocument();
    const alert = within(screen.getByRole('list')).getByRole('listitem');
    expect(alert).toHaveTextContent(
      `Meta lead ads: failing since ${formatDateTime('2026-11-24T15:30:00+05:30')}. Reading leads from Meta's Graph API has failed for 30 minutes (3 waiting).`,
    );
  });

  it('when stages go back to Meta, then a table per platform shows what was sent, what waits and the last error in words', () => {
    renderSection([
      source({}),
      source({
        origin: 'meta',
        label: 'Meta lead ads',
        stagesBack: {
          sentToday: 4,
          sent7Days: 19,
          waiting: 2,
          failingSince: '2026-11-24T14:40:00+05:30',
          lastError: 'Meta refused the event: Invalid OAuth access token (HTTP 400, code 190)',
        },
      }),
    ]);

    const table = screen.getByRole('region', { name: 'Stages sent back to the ad platforms' });
    const row = within(table).getByRole('row', { name: /Meta lead ads/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '4',
      '19',
      `2 (failing since ${formatDateTime('2026-11-24T14:40:00+05:30')})`,
      'Meta refused the event: Invalid OAuth access token (HTTP 400, code 190)',
    ]);
    // The site sends nothing back: it has no row.
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('when no platform is sent stages, then there is no such table', () => {
    renderSection([source({})]);
    expect(screen.queryByText('Stages sent back to the ad platforms')).not.toBeInTheDocument();
  });

  it('when a portal is polled, then its table says when it last answered and its error in words, and no other source has a row', () => {
    renderSection([
      source({}),
      source({
        origin: 'portal:99acres',
        label: 'Portal: 99acres',
        polls: {
          lastSuccessAt: '2026-11-24T15:00:00+05:30',
          failingSince: '2026-11-24T15:05:00+05:30',
          lastError:
            '99acres refused the login: Authentication fail. Enter the source’s credentials again.',
        },
      }),
    ]);

    const table = screen.getByRole('region', { name: 'Portals polled' });
    const row = within(table).getByRole('row', { name: /Portal: 99acres/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      formatDateTime('2026-11-24T15:00:00+05:30'),
      formatDateTime('2026-11-24T15:05:00+05:30'),
      '99acres refused the login: Authentication fail. Enter the source’s credentials again.',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });
});
