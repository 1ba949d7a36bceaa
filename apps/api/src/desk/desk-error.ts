/** An answer the desk gives as `{ error }` with its status; the message is for people. */
export class DeskError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DeskError';
  }
}

export const MESSAGES = {
  signedOut: 'Please sign in.',
  wrongCredentials: 'Email or password is incorrect.',
  lockedOut: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  foreignOrigin: 'This request must come from the sales desk itself.',
  managersOnly: 'Only a manager can do this.',
  notYourLead: 'This lead belongs to someone else. Ask a manager to reassign it.',
  leadNotFound: 'There is no lead with this id.',
} as const;
