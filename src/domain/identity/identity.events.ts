import { eventCatalogue } from '../shared/decider.js';
import type { Locale } from './identity.schema.js';

/**
 * Facts of a user (stream `user-<id>`, stream type `user`). Secrets that an email must carry
 * (a code, a link token) travel sealed: the log never holds them readable. Dates are ISO strings.
 */
export type UserEvent =
  | {
      type: 'UserRegistered';
      data: { userId: string; companyId: string; role: 'SUPER_USER'; email: string; firstName: string; lastName: string; locale: Locale };
    }
  | {
      type: 'EmailVerificationCodeIssued';
      data: { userId: string; email: string; firstName: string; locale: Locale; sealedCode: string; expiresAt: string };
    }
  | { type: 'EmailConfirmed'; data: { userId: string } }
  /** Someone signed up with this user's address: the user is told by email, the caller learns nothing (no secret sent). */
  | { type: 'SignUpWithExistingAddressAttempted'; data: { userId: string; email: string; firstName: string; locale: Locale } }
  | {
      type: 'PasswordResetRequested';
      data: { userId: string; email: string; firstName: string; locale: Locale; sealedToken: string; expiresAt: string };
    }
  | { type: 'PasswordReset'; data: { userId: string } }
  | { type: 'PasswordChanged'; data: { userId: string } }
  | {
      type: 'AdminUserInvited';
      data: {
        userId: string;
        companyId: string;
        /** An administration user, or the super user of a customer the product operator added. */
        role: 'ADMIN' | 'SUPER_USER';
        email: string;
        firstName: string;
        lastName: string;
        locale: Locale;
        companyName: string;
        sealedToken: string;
        expiresAt: string;
      };
    }
  /** The invitation email could not be sent (failed for good: the mail server refused it, or its worker kept dying); the console offers to resend it. */
  | { type: 'InvitationNotSent'; data: { userId: string; companyId: string; reason: string; at: string } }
  | { type: 'AdminPasswordSet'; data: { userId: string } }
  | {
      type: 'OperationsUserCreated';
      data: { userId: string; companyId: string; role: 'OPERATOR'; username: string; firstName: string; lastName: string };
    }
  | {
      /** A user created with a password and a confirmed email at once (demo data, provisioning): no email is sent. */
      type: 'UserCreated';
      data: {
        userId: string;
        companyId: string;
        role: 'SUPER_USER' | 'ADMIN' | 'OPERATOR';
        email: string | null;
        username: string | null;
        firstName: string;
        lastName: string;
      };
    }
  | { type: 'MasterUserCreated'; data: { userId: string; email: string } }
  | {
      type: 'UserRemoved';
      /** `reason` is set when nobody of the company removed them: the invited address signed up on its own. */
      data: { userId: string; companyId: string; role: 'ADMIN' | 'OPERATOR'; reason?: 'INVITED_ADDRESS_SIGNED_UP' };
    }
  /** The user may no longer sign in; their sessions (console and station) ended in the same transaction. */
  | { type: 'UserDeactivated'; data: { userId: string; companyId: string; role: 'ADMIN' | 'OPERATOR'; at: string } }
  | { type: 'UserReactivated'; data: { userId: string; companyId: string; role: 'ADMIN' | 'OPERATOR'; at: string } }
  /** An operator signed out at a station (the station screen's logout): who is signed in where changed. */
  | { type: 'SignedOutAtStation'; data: { userId: string; stationId: string; at: string } }
  /** The user's language (screens they are signed in to, their emails and the documents they ask for) was set. */
  | { type: 'UserLanguageChanged'; data: { userId: string; locale: Locale } };

export type UserEventType = UserEvent['type'];

export const userStreamId = (userId: string) => `user-${userId}`;
export const USER_STREAM_TYPE = 'user';

/** A user's events as every reader reads them. */
export const userEvents = eventCatalogue<UserEvent>({
  streamType: USER_STREAM_TYPE,
  types: {
    UserRegistered: true,
    EmailVerificationCodeIssued: true,
    EmailConfirmed: true,
    SignUpWithExistingAddressAttempted: true,
    PasswordResetRequested: true,
    PasswordReset: true,
    PasswordChanged: true,
    AdminUserInvited: true,
    AdminPasswordSet: true,
    OperationsUserCreated: true,
    UserCreated: true,
    MasterUserCreated: true,
    UserRemoved: true,
    UserDeactivated: true,
    UserReactivated: true,
    SignedOutAtStation: true,
    InvitationNotSent: true,
    UserLanguageChanged: true,
  },
});
