import { DEFAULT_BROKERAGE_PERCENT, DEFAULT_CLAIM_DAYS } from '@iconia/shared';
import * as v from 'valibot';

/**
 * The channel partners' tables (their queries: `brokers/broker-queries.ts`):
 * - `brokers`: each application and, once a manager approved it, the broker's account (a
 *   password chosen through the emailed link, whose hash alone is kept), owner and rate;
 * - `broker_sessions`: the partner app's signed-in sessions, apart from the desk's;
 * - `broker_claims`: a registration that claims a buyer (by mobile) until `until`, unless proven
 *   at the visit; at most one live claim per mobile, which is what settles two brokers
 *   registering the same client at the same moment;
 * - `claim_refusals`: every registration refused, with its reason, for the managers;
 * - `brokerage`: what a booking of a claimed buyer earns, one row per booking;
 * - `broker_settings`: the rule's period and the default rate, one row.
 * Rates are basis points (1 % = 100) and money paise, so rate × price is exact.
 */
export const BROKERS_MIGRATION = `
  CREATE TABLE brokers (
    id            INTEGER PRIMARY KEY,
    firm          TEXT    NOT NULL,
    person        TEXT    NOT NULL,
    mobile        TEXT    NOT NULL,
    email         TEXT    NOT NULL,
    rera          TEXT    NOT NULL,
    pan           TEXT,
    status        TEXT    NOT NULL DEFAULT 'applied'
                  CHECK (status IN ('applied', 'approved', 'refused', 'disabled')),
    applied_at    INTEGER NOT NULL,
    decided_at    INTEGER,
    decided_by    INTEGER REFERENCES desk_users (id),
    refusal       TEXT,
    owner_id      INTEGER REFERENCES desk_users (id),
    rate_bp       INTEGER CHECK (rate_bp BETWEEN 0 AND 1000),
    password_hash TEXT,
    link_hash     TEXT UNIQUE,
    link_until    INTEGER
  ) STRICT;
  CREATE UNIQUE INDEX brokers_live_email ON brokers (email) WHERE status IN ('applied', 'approved');

  CREATE TABLE broker_sessions (
    token_hash   TEXT    PRIMARY KEY,
    broker_id    INTEGER NOT NULL REFERENCES brokers (id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE broker_claims (
    id             INTEGER PRIMARY KEY,
    broker_id      INTEGER NOT NULL REFERENCES brokers (id),
    mobile         TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    plot_range     TEXT,
    visit_day      TEXT,
    registered_at  INTEGER NOT NULL,
    until          INTEGER NOT NULL,
    status         TEXT    NOT NULL DEFAULT 'active'
                   CHECK (status IN ('active', 'proven', 'lapsed', 'refused')),
    proven_at      INTEGER,
    proven_by      INTEGER REFERENCES desk_users (id),
    code_hash      TEXT,
    code_issued_at INTEGER,
    code_failures  INTEGER NOT NULL DEFAULT 0,
    notice_sent_at INTEGER,
    ended_at       INTEGER,
    override_by    INTEGER REFERENCES desk_users (id),
    override_reason TEXT
  ) STRICT;
  CREATE UNIQUE INDEX broker_claims_live ON broker_claims (mobile)
    WHERE status IN ('active', 'proven');
  CREATE INDEX broker_claims_by_broker ON broker_claims (broker_id, registered_at);

  CREATE TABLE claim_refusals (
    id              INTEGER PRIMARY KEY,
    broker_id       INTEGER NOT NULL REFERENCES brokers (id),
    mobile          TEXT    NOT NULL,
    name            TEXT    NOT NULL,
    plot_range      TEXT,
    reason          TEXT    NOT NULL,
    at              INTEGER NOT NULL,
    override_by     INTEGER REFERENCES desk_users (id),
    override_reason TEXT,
    override_at     INTEGER
  ) STRICT;

  CREATE TABLE brokerage (
    id           INTEGER PRIMARY KEY,
    claim_id     INTEGER REFERENCES broker_claims (id) ON DELETE SET NULL,
    broker_id    INTEGER NOT NULL REFERENCES brokers (id),
    booking_id   INTEGER NOT NULL UNIQUE,
    plot         TEXT    NOT NULL,
    client       TEXT    NOT NULL,
    price_paise  INTEGER NOT NULL,
    rate_bp      INTEGER NOT NULL,
    amount_paise INTEGER NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'due'
                 CHECK (status IN ('due', 'approved', 'paid', 'cancelled')),
    reference    TEXT,
    at           INTEGER NOT NULL,
    changed_at   INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE broker_settings (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    claim_days  INTEGER NOT NULL DEFAULT ${DEFAULT_CLAIM_DAYS},
    default_bp  INTEGER NOT NULL DEFAULT ${DEFAULT_BROKERAGE_PERCENT * 100}
  ) STRICT;
  INSERT INTO broker_settings (id) VALUES (1);
`;

/** The emails about brokers (sign-in links, lapse notices, managers' alerts), fixed when queued. */
export const BROKER_NOTICE_KIND = 'broker-notice';

export const brokerNoticePayloadSchema = v.object({
  to: v.pipe(v.array(v.object({ name: v.string(), address: v.string() })), v.minLength(1)),
  subject: v.string(),
  /** Paragraphs of the email, in order. */
  lines: v.array(v.string()),
  /** A button under the paragraphs: the sign-in link, the desk's page. */
  link: v.optional(v.object({ href: v.string(), label: v.string() })),
  at: v.number(),
});
export type BrokerNoticePayload = v.InferOutput<typeof brokerNoticePayloadSchema>;
