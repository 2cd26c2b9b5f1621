/** The dev mailbox (master user; only on a server without SMTP, outside production). */
export { DevMailboxScreen } from './dev-mailbox-screen';
export { DevMailboxLink } from './dev-mailbox-link';
