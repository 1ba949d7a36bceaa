import type Database from 'better-sqlite3';

/*
 * The channel partners' SQL: `brokers`, `broker_sessions`, `broker_claims`, `claim_refusals`,
 * `brokerage` and `broker_settings` (store/broker-schema.ts). What the rule must know of a
 * buyer (known, visited, booked, the origin they came first through) is read here too, by
 * mobile, in the registration's own transaction.
 */

export interface BrokerRow {
  id: number;
  firm: string;
  person: string;
  mobile: string;
  email: string;
  rera: string;
  pan: string | null;
  status: 'applied' | 'approved' | 'refused' | 'disabled';
  applied_at: number;
  refusal: string | null;
  owner_id: number | null;
  owner_name: string | null;
  rate_bp: number | null;
  password_hash: string | null;
  link_until: number | null;
}

export interface ClaimRow {
  id: number;
  broker_id: number;
  firm: string;
  person: string;
  owner_id: number | null;
  mobile: string;
  name: string;
  plot_range: string | null;
  visit_day: string | null;
  registered_at: number;
  until: number;
  status: 'active' | 'proven' | 'lapsed' | 'refused';
  code_hash: string | null;
  code_issued_at: number | null;
  code_failures: number;
  notice_sent_at: number | null;
  broker_email: string;
  buyer_id: number | null;
  booking_requested: 0 | 1;
  buyer_stage: string | null;
  visit_status: string | null;
}

export interface SettingsRow {
  claim_days: number;
  default_bp: number;
}

const BROKER_COLUMNS = `b.id, b.firm, b.person, b.mobile, b.email, b.rera, b.pan, b.status, b.applied_at,
  b.refusal, b.owner_id, u.name AS owner_name, b.rate_bp, b.password_hash, b.link_until`;
const BROKERS = `brokers b LEFT JOIN desk_users u ON u.id = b.owner_id`;

/** The applications and the brokers' accounts and sessions. */
export function createBrokerAccountQueries(db: Database.Database) {
  const byId = db.prepare<[number], BrokerRow>(
    `SELECT ${BROKER_COLUMNS} FROM ${BROKERS} WHERE b.id = ?`,
  );
  const liveByEmail = db.prepare<[string], BrokerRow>(
    `SELECT ${BROKER_COLUMNS} FROM ${BROKERS} WHERE b.email = ? AND b.status IN ('applied', 'approved')`,
  );
  const byLink = db.prepare<[string], BrokerRow>(
    `SELECT ${BROKER_COLUMNS} FROM ${BROKERS} WHERE b.link_hash = ?`,
  );
  const all = db.prepare<[], BrokerRow>(
    `SELECT ${BROKER_COLUMNS} FROM ${BROKERS}
     ORDER BY b.status = 'applied' DESC, b.status = 'approved' DESC, b.firm, b.id`,
  );
  const insert = db.prepare<
    {
      firm: string;
      person: string;
      mobile: string;
      email: string;
      rera: string;
      pan: string | null;
      now: number;
    },
    { id: number }
  >(`INSERT INTO brokers (firm, person, mobile, email, rera, pan, applied_at)
     VALUES (@firm, @person, @mobile, @email, @rera, @pan, @now) RETURNING id`);
  const approve = db.prepare<{
    id: number;
    by: number;
    owner: number;
    rate: number | null;
    now: number;
  }>(
    `UPDATE brokers SET status = 'approved', decided_at = @now, decided_by = @by, owner_id = @owner,
       rate_bp = @rate WHERE id = @id AND status = 'applied'`,
  );
  const refuse = db.prepare<{ id: number; by: number; reason: string; now: number }>(
    `UPDATE brokers SET status = 'refused', decided_at = @now, decided_by = @by, refusal = @reason
     WHERE id = @id AND status = 'applied'`,
  );
  const setLink = db.prepare<[string, number, number]>(
    `UPDATE brokers SET link_hash = ?, link_until = ? WHERE id = ?`,
  );
  const setPassword = db.prepare<[string, number]>(
    `UPDATE brokers SET password_hash = ?, link_hash = NULL, link_until = NULL WHERE id = ?`,
  );
  const insertSession = db.prepare<[string, number, number, number]>(
    `INSERT INTO broker_sessions (token_hash, broker_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)`,
  );
  const session = db.prepare<
    [string],
    { broker_id: number; created_at: number; last_seen_at: number }
  >(`SELECT broker_id, created_at, last_seen_at FROM broker_sessions WHERE token_hash = ?`);
  const touch = db.prepare<[number, string]>(
    `UPDATE broker_sessions SET last_seen_at = ? WHERE token_hash = ?`,
  );
  const deleteSession = db.prepare<[string]>(`DELETE FROM broker_sessions WHERE token_hash = ?`);
  const deleteSessions = db.prepare<[number]>(`DELETE FROM broker_sessions WHERE broker_id = ?`);
  const deleteStale = db.prepare<[number, number]>(
    `DELETE FROM broker_sessions WHERE last_seen_at < ? OR created_at < ?`,
  );

  return {
    byId: (id: number) => byId.get(id),
    liveByEmail: (email: string) => liveByEmail.get(email),
    byLink: (linkHash: string) => byLink.get(linkHash),
    list: () => all.all(),
    insert: (broker: Parameters<typeof insert.get>[0]) => insert.get(broker)!.id,
    approve: (decision: Parameters<typeof approve.run>[0]) => approve.run(decision).changes > 0,
    refuse: (decision: Parameters<typeof refuse.run>[0]) => refuse.run(decision).changes > 0,
    setLink: (id: number, linkHash: string, until: number) => {
      setLink.run(linkHash, until, id);
    },
    /** The new password ends every session and uses the link up. */
    setPassword: db.transaction((id: number, hash: string) => {
      setPassword.run(hash, id);
      deleteSessions.run(id);
    }),
    insertSession: (tokenHash: string, brokerId: number, now: number) => {
      insertSession.run(tokenHash, brokerId, now, now);
    },
    session: (tokenHash: string) => session.get(tokenHash),
    touchSession: (tokenHash: string, now: number) => {
      touch.run(now, tokenHash);
    },
    deleteSession: (tokenHash: string) => {
      deleteSession.run(tokenHash);
    },
    deleteStaleSessions: (idleBefore: number, createdBefore: number) => {
      deleteStale.run(idleBefore, createdBefore);
    },
  };
}

const CLAIM_COLUMNS = `c.id, c.broker_id, b.firm, b.person, b.owner_id, c.mobile, c.name, c.plot_range,
  c.visit_day, c.registered_at, c.until, c.status, c.code_hash, c.code_issued_at, c.code_failures,
  c.notice_sent_at, b.email AS broker_email, y.id AS buyer_id, y.stage AS buyer_stage,
  EXISTS (SELECT 1 FROM plot_bookings k WHERE k.buyer_id = y.id AND k.status = 'requested')
    AS booking_requested,
  (SELECT v.status FROM visits v WHERE v.buyer_id = y.id AND v.status <> 'cancelled'
   ORDER BY v.status IN ('arrived', 'done') DESC, v.starts_at DESC LIMIT 1) AS visit_status`;
const CLAIMS = `broker_claims c JOIN brokers b ON b.id = c.broker_id
  LEFT JOIN buyers y ON y.mobile = c.mobile AND y.erased_at IS NULL`;

/** What the rule knows of a mobile already at the desk. */
export interface KnownBuyer {
  id: number;
  stage: string;
  visited: 0 | 1;
  /** The buyer's first enquiry through any origin but a broker's registration. */
  first_other_at: number | null;
  first_other_origin: string | null;
}

export interface RefusalRow {
  id: number;
  broker_id: number;
  firm: string;
  mobile: string;
  name: string;
  plot_range: string | null;
  reason: string;
  at: number;
  override_name: string | null;
  override_reason: string | null;
}

/** The refused registrations, the managers' overrides, and the rule's settings. */
function createRefusalQueries(db: Database.Database) {
  const refusals = db.prepare<[], RefusalRow>(
    `SELECT r.id, r.broker_id, b.firm, r.mobile, r.name, r.plot_range, r.reason, r.at,
       u.name AS override_name, r.override_reason
     FROM claim_refusals r JOIN brokers b ON b.id = r.broker_id
     LEFT JOIN desk_users u ON u.id = r.override_by ORDER BY r.at DESC, r.id DESC LIMIT 500`,
  );
  const refusal = db.prepare<[number], RefusalRow>(
    `SELECT r.id, r.broker_id, b.firm, r.mobile, r.name, r.plot_range, r.reason, r.at,
       u.name AS override_name, r.override_reason
     FROM claim_refusals r JOIN brokers b ON b.id = r.broker_id
     LEFT JOIN desk_users u ON u.id = r.override_by WHERE r.id = ?`,
  );
  const overridden = db.prepare<[number, string, number, number]>(
    `UPDATE claim_refusals SET override_by = ?, override_reason = ?, override_at = ? WHERE id = ?`,
  );

  const settings = db.prepare<[], SettingsRow>(
    `SELECT claim_days, default_bp FROM broker_settings`,
  );
  const saveSettings = db.prepare<[number, number]>(
    `UPDATE broker_settings SET claim_days = ?, default_bp = ?`,
  );
  return {
    refusals: () => refusals.all(),
    refusal: (id: number) => refusal.get(id),
    overridden: (id: number, by: number, reason: string, now: number) => {
      overridden.run(by, reason, now, id);
    },
    settings: () => settings.get()!,
    saveSettings: (claimDays: number, defaultBp: number) => {
      saveSettings.run(claimDays, defaultBp);
    },
  };
}

/** A claim's one-time check-in code: issued, proven, and the wrong tries counted. */
function createCodeQueries(db: Database.Database) {
  const issueCode = db.prepare<[string, number, number]>(
    `UPDATE broker_claims SET code_hash = ?, code_issued_at = ?, code_failures = 0 WHERE id = ?`,
  );
  const prove = db.prepare<[number, number, number]>(
    `UPDATE broker_claims SET status = 'proven', proven_at = ?, proven_by = ?, code_hash = NULL
     WHERE id = ? AND status = 'active'`,
  );
  const failCode = db.prepare<[number], { code_failures: number }>(
    `UPDATE broker_claims SET code_failures = code_failures + 1 WHERE id = ? RETURNING code_failures`,
  );
  return {
    issueCode: (id: number, codeHash: string, now: number) => {
      issueCode.run(codeHash, now, id);
    },
    prove: (id: number, by: number, now: number) => prove.run(now, by, id).changes > 0,
    failCode: (id: number) => failCode.get(id)?.code_failures ?? 0,
  };
}

/** What an erasure removes of the channel partners' rows, by the erased mobile. */
function createClaimErasure(db: Database.Database) {
  const anonymiseBrokerage = db.prepare<[string]>(
    `UPDATE brokerage SET client = 'Erased buyer'
     WHERE claim_id IN (SELECT id FROM broker_claims WHERE mobile = ?)`,
  );
  const eraseClaims = db.prepare<[string]>(`DELETE FROM broker_claims WHERE mobile = ?`);
  const eraseRefusals = db.prepare<[string]>(`DELETE FROM claim_refusals WHERE mobile = ?`);
  return {
    /**
     * An erased person's registrations and refusals go; what a booking earned stays, under no
     * name (the brokerage row keeps its plot and amount, and its client becomes "Erased buyer").
     */
    erase: (mobile: string) => {
      anonymiseBrokerage.run(mobile);
      eraseClaims.run(mobile);
      eraseRefusals.run(mobile);
    },
  };
}

/** Registrations, their claims and refusals, and the rule's settings. */
export function createClaimQueries(db: Database.Database) {
  const live = db.prepare<[string], ClaimRow>(
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIMS} WHERE c.mobile = ? AND c.status IN ('active', 'proven')`,
  );
  const byId = db.prepare<[number], ClaimRow>(
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIMS} WHERE c.id = ?`,
  );
  const ofBroker = db.prepare<[number], ClaimRow>(
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIMS} WHERE c.broker_id = ? ORDER BY c.registered_at DESC, c.id DESC`,
  );
  const ownerOfBuyer = db.prepare<[number], { owner_id: number }>(
    `SELECT b.owner_id FROM broker_claims c JOIN brokers b ON b.id = c.broker_id
     JOIN buyers y ON y.mobile = c.mobile
     WHERE y.id = ? AND c.status IN ('active', 'proven') AND b.owner_id IS NOT NULL`,
  );
  const ofBuyer = db.prepare<[number], ClaimRow>(
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIMS}
     WHERE y.id = ? AND c.status IN ('active', 'proven') LIMIT 1`,
  );
  const known = db.prepare<[string], KnownBuyer>(
    `SELECT y.id, y.stage,
       EXISTS (SELECT 1 FROM visits v WHERE v.buyer_id = y.id AND v.status IN ('arrived', 'done')) AS visited,
       (SELECT min(l.received_at) FROM leads l WHERE l.buyer_id = y.id AND l.origin <> 'broker'
          AND l.status NOT IN ('spam', 'test')) AS first_other_at,
       (SELECT l.origin FROM leads l WHERE l.buyer_id = y.id AND l.origin <> 'broker'
          AND l.status NOT IN ('spam', 'test') ORDER BY l.received_at, l.id LIMIT 1) AS first_other_origin
     FROM buyers y WHERE y.mobile = ? AND y.erased_at IS NULL`,
  );
  const insert = db.prepare<
    {
      broker: number;
      mobile: string;
      name: string;
      plotRange: string | null;
      visitDay: string | null;
      now: number;
      until: number;
      overrideBy: number | null;
      overrideReason: string | null;
    },
    { id: number }
  >(`INSERT INTO broker_claims (broker_id, mobile, name, plot_range, visit_day, registered_at, until, override_by, override_reason)
     VALUES (@broker, @mobile, @name, @plotRange, @visitDay, @now, @until, @overrideBy, @overrideReason) RETURNING id`);
  const remove = db.prepare<[number]>(`DELETE FROM broker_claims WHERE id = ?`);
  const end = db.prepare<[string, number, number]>(
    `UPDATE broker_claims SET status = ?, ended_at = ? WHERE id = ? AND status IN ('active', 'proven')`,
  );
  const lapseDue = db.prepare<[number]>(
    `UPDATE broker_claims SET status = 'lapsed', ended_at = until WHERE status = 'active' AND until <= ?`,
  );
  const noticeDue = db.prepare<[number, number], ClaimRow>(
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIMS}
     WHERE c.status = 'active' AND c.notice_sent_at IS NULL AND c.until <= ? AND c.until > ?`,
  );
  const noticed = db.prepare<[number, number]>(
    `UPDATE broker_claims SET notice_sent_at = ? WHERE id = ?`,
  );
  const insertRefusal = db.prepare<
    {
      broker: number;
      mobile: string;
      name: string;
      plotRange: string | null;
      reason: string;
      now: number;
    },
    { id: number }
  >(`INSERT INTO claim_refusals (broker_id, mobile, name, plot_range, reason, at)
     VALUES (@broker, @mobile, @name, @plotRange, @reason, @now) RETURNING id`);

  const buyerOfLead = db.prepare<[number], { buyer_id: number }>(
    // An erased buyer's page still opens (it says "Erased lead"): their claim is simply none.
    `SELECT l.buyer_id FROM leads l WHERE l.id = ?`,
  );

  return {
    ...createClaimErasure(db),
    buyerOfLead: (leadId: number) => buyerOfLead.get(leadId)?.buyer_id,
    live: (mobile: string) => live.get(mobile),
    byId: (id: number) => byId.get(id),
    ofBroker: (brokerId: number) => ofBroker.all(brokerId),
    ofBuyer: (buyerId: number) => ofBuyer.get(buyerId),
    /** The desk account that owns the broker whose live claim the buyer is under, if any. */
    ownerOfBuyer: (buyerId: number) => ownerOfBuyer.get(buyerId)?.owner_id,
    known: (mobile: string) => known.get(mobile),
    insert: (claim: Parameters<typeof insert.get>[0]) => insert.get(claim)!.id,
    remove: (id: number) => {
      remove.run(id);
    },
    end: (id: number, status: 'lapsed' | 'refused', now: number) =>
      end.run(status, now, id).changes > 0,
    /** Every claim past its end without a proven visit lapses. */
    lapseDue: (now: number) => lapseDue.run(now).changes,
    noticeDue: (noticeBy: number, now: number) => noticeDue.all(noticeBy, now),
    noticed: (id: number, now: number) => {
      noticed.run(now, id);
    },
    ...createCodeQueries(db),
    insertRefusal: (refusal: Parameters<typeof insertRefusal.get>[0]) =>
      insertRefusal.get(refusal)!.id,
    ...createRefusalQueries(db),
  };
}

export type BrokerAccountQueries = ReturnType<typeof createBrokerAccountQueries>;
export type ClaimQueries = ReturnType<typeof createClaimQueries>;
