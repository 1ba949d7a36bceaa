// A mail server that accepts every message at once, in a process of its own, so that receiving
// the server's mail does not share an event loop with the load generator timing its replies.
import { startSmtpInbox } from '@iconia/testkit';

const inbox = await startSmtpInbox({ parse: false, port: Number(process.env.PORT) });
process.once('SIGTERM', () => {
  void inbox.close().then(() => process.exit(0));
});
