/**
 * Web Push's tables (their queries: `push/push-store.ts`):
 *
 * - `push_keys`: the one VAPID key pair of this database, made on first start. It signs every
 *   push; a browser subscribed with its public key, so it lives and is backed up with the data.
 * - `push_subscriptions`: one row per device that turned alerts on (its push service endpoint,
 *   unique, and the keys its pushes are encrypted for), owned by the person who turned them on
 *   last on that device. An account's rows go when it is disabled (the trigger below, whoever
 *   disables it: the desk or `pnpm leads users`) and when its owner signs out everywhere.
 *
 * No buyer's data is stored here: a push message in the outbox names the subscription and the
 * lead, and the words are made from the lead when it is sent.
 */
export const PUSH_MIGRATION = `
  CREATE TABLE push_keys (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    public_key  TEXT    NOT NULL,
    private_key TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE push_subscriptions (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES desk_users (id) ON DELETE CASCADE,
    endpoint   TEXT    NOT NULL UNIQUE,
    p256dh     TEXT    NOT NULL,
    auth       TEXT    NOT NULL,
    expires_at INTEGER,
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id);
  CREATE TRIGGER push_subscriptions_end_with_account
    AFTER UPDATE OF disabled_at ON desk_users WHEN NEW.disabled_at IS NOT NULL
  BEGIN
    DELETE FROM push_subscriptions WHERE user_id = NEW.id;
  END;
`;

/** The outbox channel of pushes: one message per device and alert. */
export const PUSH_CHANNEL = 'push';
export const PUSH_KIND = 'push.alert';
