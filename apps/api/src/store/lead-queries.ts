import type Database from 'better-sqlite3';
import type { LeadKind } from '@iconia/shared';
import {
  toLead,
  WEBHOOK_CHANNEL_PREFIX,
  type LeadRow,
  type LeadStatus,
  type StoredLead,
} from './lead-types.ts';
import { LEAD_CREATED_KIND } from './outbox-store.ts';

export interface LeadQuery {
  /** Received at or after this time (epoch ms). */
  since?: number | undefined;
  /** Received before this time (epoch ms). */
  until?: number | undefined;
  kind?: LeadKind | undefined;
  status?: LeadStatus | undefined;
  /**
   * true: only leads whose last delivery attempt failed (they wait for a retry); false: only
   * leads without a failed attempt. Leads are never given up on, so this is what "failed" means.
   */
  failing?: boolean | undefined;
  /**
   * Only leads with a webhook delivery in this state: waiting (`pending`, never failed yet, or
   * `failed`, waiting for a retry), `delivered`, or `dead` (given up, or refused with 410).
   */
  webhook?: WebhookState | undefined;
  /** The start of a public id, as the list shows it. */
  idPrefix?: string | undefined;
  /** Newest first (the default) or in the order they arrived. */
  order?: 'newest' | 'oldest' | undefined;
}

export const WEBHOOK_STATES = ['pending', 'failed', 'delivered', 'dead'] as const;

export type WebhookState = (typeof WEBHOOK_STATES)[number];

const WEBHOOK_CONDITIONS: Record<WebhookState, string> = {
  pending: `w.status = 'pending' AND w.last_error IS NULL`,
  failed: `w.status = 'pending' AND w.last_error IS NOT NULL`,
  delivered: `w.status = 'sent'`,
  dead: `w.status = 'dead'`,
};

export interface ListedLead extends StoredLead {
  /** Public id of the lead this one repeats, while that lead is still stored. */
  duplicateOfPublicId?: string;
}

/** What the operator's tools read and change, beside the outbox itself. */
export interface LeadQueries {
  queryLeads(query: LeadQuery): ListedLead[];
  /** An online, consistent copy of the whole database, taken while the server keeps writing. */
  backupTo(file: string): Promise<void>;
}

type Row = LeadRow & { original_public_id: string | null };

export function createLeadQueries(db: Database.Database): LeadQueries {
  return {
    queryLeads(query) {
      const where: string[] = [];
      const params: Record<string, string | number> = {};
      if (query.since !== undefined) {
        where.push('l.received_at >= @since');
        params.since = query.since;
      }
      if (query.until !== undefined) {
        where.push('l.received_at < @until');
        params.until = query.until;
      }
      if (query.kind !== undefined) {
        where.push('l.kind = @kind');
        params.kind = query.kind;
      }
      if (query.status !== undefined) {
        where.push('l.status = @status');
        params.status = query.status;
      }
      if (query.failing !== undefined) {
        where.push(`l.last_error IS ${query.failing ? 'NOT NULL' : 'NULL'}`);
      }
      if (query.webhook !== undefined) {
        where.push(`EXISTS (SELECT 1 FROM deliveries w WHERE w.lead_id = l.id
          AND substr(w.channel, 1, ${WEBHOOK_CHANNEL_PREFIX.length}) = '${WEBHOOK_CHANNEL_PREFIX}'
          AND w.kind = '${LEAD_CREATED_KIND}' AND ${WEBHOOK_CONDITIONS[query.webhook]})`);
      }
      if (query.idPrefix !== undefined) {
        // substr rather than LIKE: an id prefix holds no wildcards to escape.
        where.push('substr(l.public_id, 1, length(@idPrefix)) = @idPrefix');
        params.idPrefix = query.idPrefix.toLowerCase();
      }
      const direction = query.order === 'oldest' ? 'ASC' : 'DESC';
      const rows = db
        .prepare<Record<string, string | number>, Row>(
          `SELECT l.*, o.public_id AS original_public_id
           FROM lead_rows l LEFT JOIN leads o ON o.id = l.duplicate_of
           ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
           ORDER BY l.received_at ${direction}, l.id ${direction}`,
        )
        .all(params);
      return rows.map((row) => ({
        ...toLead(row),
        ...(row.original_public_id !== null ? { duplicateOfPublicId: row.original_public_id } : {}),
      }));
    },
    async backupTo(file) {
      await db.backup(file);
    },
  };
}
