import type { UserEvent } from '../../../domain/identity/identity.events.js';
import { liveRulesOf, nobody, peopleFields, writersAndSubject } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    identity: UserEvent;
  }
}

/** Who of the company receives each event of identity on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const identityLiveRules = liveRulesOf<UserEvent>()({
  // identity: user records (GET /api/users and /api/users/account/{id}: writers; an operator their own)
  UserRegistered: writersAndSubject,
  EmailVerificationCodeIssued: peopleFields(['userId', 'email', 'firstName', 'locale', 'expiresAt']),
  EmailConfirmed: writersAndSubject,
  SignUpWithExistingAddressAttempted: peopleFields(['userId']),
  PasswordResetRequested: peopleFields(['userId', 'expiresAt']),
  PasswordReset: writersAndSubject,
  PasswordChanged: writersAndSubject,
  UserLanguageChanged: writersAndSubject,
  InvitationNotSent: peopleFields(['userId', 'companyId', 'at']),
  AdminUserInvited: peopleFields(['userId', 'companyId', 'role', 'email', 'firstName', 'lastName', 'locale', 'companyName', 'expiresAt']),
  AdminPasswordSet: writersAndSubject,
  OperationsUserCreated: writersAndSubject,
  UserCreated: writersAndSubject,
  MasterUserCreated: nobody,
  UserRemoved: writersAndSubject,
  UserDeactivated: writersAndSubject,
  UserReactivated: writersAndSubject,
  SignedOutAtStation: writersAndSubject,
});
