import type { Stage } from '@iconia/shared';
import type Database from 'better-sqlite3';
import type { AssignmentReason, Role } from '@iconia/shared';

/** Every SQL statement of routing, on the lead store's connection (tables: store/routing-schema.ts). */

export interface SettingsRow {
  auto_assign: 0 | 1;
  target_minutes: number;
  start_minute: number;
  end_minute: number;
  last_user_id: number | null;
}

export interface PersonRow {
  id: number;
  name: string;
  email: string;
  role: Role;
  on_duty: 0 | 1;
  disabled_at: number | null;
}

export interface AssignmentRow {
  id: number;
  buyer_id: number;
  lead_id: number | null;
  user_id: number;
  assigned_at: number;
  due_at: number | null;
  reason: AssignmentReason;
  attempt: number;
  answered_at: number | null;
  ended_at: number | null;
}

export interface BuyerRoutingRow {
  owner_id: number | null;
  owner_active: 0 | 1;
  erased_at: number | null;
  latest_lead_id: number | null;
  stage: Stage;
}

export interface NewAssignment {
  buyerId: number;
  leadId: number | null;
  userId: number;
  at: number;
  dueAt: number | null;
  reason: AssignmentReason;
  attempt: number;
}

export type RoutingStore = ReturnType<typeof createRoutingStore>;

/** The one row of settings, the round robin's pointer, and people's duty. */
function settingsAndPeople(db: Database.Database) {
  const settings = db.prepare<[], SettingsRow>(
    `SELECT auto_assign, target_minutes, start_minute, end_minute, last_user_id
     FROM routing_settings WHERE id = 1`,
  );
  const saveSettings = db.prepare<Omit<SettingsRow, 'last_user_id'>>(
    `UPDATE routing_settings SET auto_assign = @auto_assign, target_minutes = @target_minutes,
       start_minute = @start_minute, end_minute = @end_minute
     WHERE id = 1`,
  );
  const movePointer = db.prepare<[number]>(
    `UPDATE routing_settings SET last_user_id = ? WHERE id = 1`,
  );
  // In turn: the first person on duty after the last one served, by account id, round again.
  const nextInTurn = db.prepare<{ last: number; except: number }, PersonRow>(
    `SELECT id, name, email, role, on_duty, disabled_at FROM desk_users
     WHERE on_duty = 1 AND disabled_at IS NULL AND id <> @except
     ORDER BY id > @last DESC, id LIMIT 1`,
  );
  const person = db.prepare<[number], PersonRow>(
    `SELECT id, name, email, role, on_duty, disabled_at FROM desk_users WHERE id = ?`,
  );
  const people = db.prepare<[], PersonRow>(
    `SELECT id, name, email, role, on_duty, disabled_at FROM desk_users
     WHERE disabled_at IS NULL ORDER BY name, id`,
  );
  const setDuty = db.prepare<[number, number]>(`UPDATE desk_users SET on_duty = ? WHERE id = ?`);
  const managers = db.prepare<[], PersonRow>(
    `SELECT id, name, email, role, on_duty, disabled_at FROM desk_users
     WHERE role = 'manager' AND disabled_at IS NULL ORDER BY id`,
  );

  return {
    settings(): SettingsRow {
      const row = settings.get();
      if (!row) throw new Error('the routing settings row is missing');
      return row;
    },
    saveSettings: (row: Omit<SettingsRow, 'last_user_id'>) => {
      saveSettings.run(row);
    },
    movePointer: (userId: number) => {
      movePointer.run(userId);
    },
    /** Who is next in turn after `last`, leaving out `except` (0 for nobody). */
    nextInTurn: (last: number, except = 0) => nextInTurn.get({ last, except }),
    person: (id: number) => person.get(id),
    people: () => people.all(),
    setDuty: (id: number, onDuty: boolean) => setDuty.run(onDuty ? 1 : 0, id).changes > 0,
    managers: () => managers.all(),
  };
}

/** Buyers, their assignments, and the routing entries on their timelines. */
function assignments(db: Database.Database) {
  const buyer = db.prepare<[number], BuyerRoutingRow>(
    `SELECT b.owner_id, coalesce(u.disabled_at IS NULL, 0) AS owner_active, b.erased_at,
       b.latest_lead_id, b.stage
     FROM buyers b LEFT JOIN desk_users u ON u.id = b.owner_id WHERE b.id = ?`,
  );
  const current = db.prepare<[number], AssignmentRow>(
    `SELECT * FROM buyer_assignments INDEXED BY buyer_assignments_by_buyer
     WHERE buyer_id = ? AND ended_at IS NULL ORDER BY id DESC LIMIT 1`,
  );
  const assignment = db.prepare<[number], AssignmentRow>(
    `SELECT * FROM buyer_assignments WHERE id = ?`,
  );
  const endCurrent = db.prepare<[number, number]>(
    `UPDATE buyer_assignments SET ended_at = ? WHERE buyer_id = ? AND ended_at IS NULL`,
  );
  const insertAssignment = db.prepare<NewAssignment, { id: number }>(
    `INSERT INTO buyer_assignments (buyer_id, lead_id, user_id, assigned_at, due_at, reason,
       attempt)
     VALUES (@buyerId, @leadId, @userId, @at, @dueAt, @reason, @attempt) RETURNING id`,
  );
  const setOwner = db.prepare<[number, number]>(`UPDATE buyers SET owner_id = ? WHERE id = ?`);
  const answered = db.prepare<[number, number]>(
    `UPDATE buyer_assignments SET answered_at = ?
     WHERE buyer_id = ? AND ended_at IS NULL AND answered_at IS NULL`,
  );
  // Two buyers merged: the assignments of one become the other's; of those still open, only the
  // newest of the buyer's owner runs on.
  const moveAssignments = db.prepare<{ from: number; into: number }>(
    `UPDATE buyer_assignments SET buyer_id = @into WHERE buyer_id = @from`,
  );
  const endOthersThanOwners = db.prepare<{ buyerId: number; at: number }>(
    `UPDATE buyer_assignments SET ended_at = @at
     WHERE buyer_id = @buyerId AND ended_at IS NULL AND id IS NOT (
       SELECT a.id FROM buyer_assignments a JOIN buyers b ON b.id = a.buyer_id
       WHERE a.buyer_id = @buyerId AND a.ended_at IS NULL AND a.user_id = b.owner_id
       ORDER BY a.id DESC LIMIT 1)`,
  );
  const insertEvent = db.prepare<[number, number, string]>(
    `INSERT INTO lead_events (lead_id, at, type, actor_id, text) VALUES (?, ?, 'routing', NULL, ?)`,
  );

  return {
    buyer: (buyerId: number) => buyer.get(buyerId),
    current: (buyerId: number) => current.get(buyerId),
    assignment: (id: number) => assignment.get(id),
    endCurrent: (buyerId: number, at: number) => {
      endCurrent.run(at, buyerId);
    },
    insertAssignment(row: NewAssignment): number {
      const inserted = insertAssignment.get(row);
      if (!inserted) throw new Error('the assignment was not stored');
      return inserted.id;
    },
    setOwner: (buyerId: number, userId: number) => {
      setOwner.run(userId, buyerId);
    },
    answered: (buyerId: number, at: number) => answered.run(at, buyerId).changes > 0,
    /** The assignments of `from` are `into`'s; only the owner's newest open one keeps running. */
    moveAssignments(from: number, into: number, at: number): void {
      moveAssignments.run({ from, into });
      endOthersThanOwners.run({ buyerId: into, at });
    },
    addEvent: (leadId: number, at: number, text: string) => {
      insertEvent.run(leadId, at, text);
    },
  };
}

/** The buyers that wait for someone to be on duty, or for automatic assignment. */
function waitingBuyers(db: Database.Database) {
  const wait = db.prepare<[number, number, number]>(
    `INSERT INTO routing_waiting (buyer_id, lead_id, since) VALUES (?, ?, ?)
     ON CONFLICT (buyer_id) DO NOTHING`,
  );
  const stopWaiting = db.prepare<[number]>(`DELETE FROM routing_waiting WHERE buyer_id = ?`);
  const waiting = db.prepare<[], { buyer_id: number; lead_id: number }>(
    `SELECT buyer_id, lead_id FROM routing_waiting ORDER BY since, buyer_id`,
  );
  const waitingCount = db.prepare<[], { count: number }>(
    `SELECT count(*) AS count FROM routing_waiting`,
  );
  // The buyer waits from the earlier of the two waits.
  const moveWait = db.prepare<{ from: number; into: number }>(
    `INSERT INTO routing_waiting (buyer_id, lead_id, since)
       SELECT @into, lead_id, since FROM routing_waiting WHERE buyer_id = @from
     ON CONFLICT (buyer_id) DO UPDATE SET
       lead_id = CASE WHEN excluded.since < since THEN excluded.lead_id ELSE lead_id END,
       since = min(since, excluded.since)`,
  );

  return {
    wait: (buyerId: number, leadId: number, since: number) => wait.run(buyerId, leadId, since),
    stopWaiting: (buyerId: number) => {
      stopWaiting.run(buyerId);
    },
    /** The wait of `from` is `into`'s. */
    moveWait(from: number, into: number): void {
      moveWait.run({ from, into });
      stopWaiting.run(from);
    },
    waiting: () => waiting.all(),
    waitingCount: () => waitingCount.get()?.count ?? 0,
  };
}

/** The lists of buyers nobody has answered yet: one person's, and everyone's overdue. */
function unansweredBuyers(db: Database.Database) {
  const unanswered = db.prepare<[number], AssignmentRow & { latest_lead_id: number }>(
    `SELECT a.*, b.latest_lead_id FROM buyer_assignments a INDEXED BY buyer_assignments_open
     JOIN buyers b ON b.id = a.buyer_id
     WHERE a.user_id = ? AND a.ended_at IS NULL AND a.answered_at IS NULL
       AND b.erased_at IS NULL AND b.latest_lead_id IS NOT NULL
     ORDER BY a.due_at IS NULL, a.due_at, a.assigned_at LIMIT 100`,
  );

  // Every buyer whose first response is past due, whoever holds them now: the managers' Overdue
  // now. A buyer moved on after a missed target is late from the first target of that run of
  // reassignments (`first_due_at`), not from the fresh one its new holder has.
  const overdue = db.prepare<
    [number],
    AssignmentRow & { latest_lead_id: number; name: string; first_due_at: number }
  >(
    `SELECT * FROM (
       SELECT a.*, b.latest_lead_id, u.name,
         (SELECT min(p.due_at) FROM buyer_assignments p
          WHERE p.buyer_id = a.buyer_id AND p.id <= a.id AND p.id >= (
            SELECT max(q.id) FROM buyer_assignments q
            WHERE q.buyer_id = a.buyer_id AND q.id <= a.id AND q.reason <> 'reassigned')
         ) AS first_due_at
       FROM buyer_assignments a
       JOIN buyers b ON b.id = a.buyer_id JOIN desk_users u ON u.id = a.user_id
       WHERE a.ended_at IS NULL AND a.answered_at IS NULL AND a.due_at IS NOT NULL
         AND b.erased_at IS NULL AND b.latest_lead_id IS NOT NULL)
     WHERE first_due_at < ? ORDER BY first_due_at, id LIMIT 500`,
  );

  return {
    unanswered: (userId: number) => unanswered.all(userId),
    overdue: (now: number) => overdue.all(now),
  };
}

export function createRoutingStore(db: Database.Database) {
  return {
    ...settingsAndPeople(db),
    ...assignments(db),
    ...waitingBuyers(db),
    ...unansweredBuyers(db),
  };
}
