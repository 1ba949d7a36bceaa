/**
 * `desk_users.must_change_password`: 1 after a manager gave the account a temporary password,
 * until its owner chooses their own. Until then the desk answers that account nothing but the
 * password change, its session and signing out.
 */
export const ACCOUNT_PASSWORD_CHANGE_MIGRATION = `
  ALTER TABLE desk_users ADD COLUMN must_change_password INTEGER NOT NULL DEFAULT 0
    CHECK (must_change_password IN (0, 1));
`;
