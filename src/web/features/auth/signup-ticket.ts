import { SIGNUP_TICKET_TTL_MS } from '../../../domain/identity/identity.rules';

/**
 * The sign-up answers a short-lived ticket that, sent back with the emailed code, signs the new
 * user in. It stands in for the spec's temporary credentials: no password is ever kept in the
 * browser. It lives in sessionStorage for at most the ticket's 15 minutes, for one address.
 */
export const signUpTicketStorageKey = 'shopfloor.signUpTicket';

interface StoredTicket {
  email: string;
  ticket: string;
  expiresAt: number;
}

export function keepSignUpTicket(email: string, ticket: string, now: number = Date.now()): void {
  const stored: StoredTicket = { email: email.trim().toLowerCase(), ticket, expiresAt: now + SIGNUP_TICKET_TTL_MS };
  try {
    sessionStorage.setItem(signUpTicketStorageKey, JSON.stringify(stored));
  } catch {
    // Without storage the user confirms the email and then signs in by hand.
  }
}

/** The ticket for this address while it is still valid, else undefined (an old one is removed). */
export function signUpTicketFor(email: string, now: number = Date.now()): string | undefined {
  try {
    const raw = sessionStorage.getItem(signUpTicketStorageKey);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Partial<StoredTicket>;
    if (typeof stored.ticket !== 'string' || typeof stored.expiresAt !== 'number' || stored.expiresAt <= now) {
      forgetSignUpTicket();
      return undefined;
    }
    return stored.email === email.trim().toLowerCase() ? stored.ticket : undefined;
  } catch {
    return undefined;
  }
}

export function forgetSignUpTicket(): void {
  try {
    sessionStorage.removeItem(signUpTicketStorageKey);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
