import { sql } from 'kysely';
import { userEvents, type UserEvent } from '../../../domain/identity/identity.events.js';
import { eventProjection } from '../../platform/event-store.js';

/**
 * Keeps the customer list's super user (name, email) and user count on the company row, from the
 * identity module's user events, in the transaction that appends them.
 */
export const customerSummaryProjection = eventProjection<UserEvent>({
  name: 'company-customer-summary',
  events: [userEvents],
  // The company row is the company module's plain record; only the summary columns come from events.
  tables: [{ table: 'companies', columns: ['owner_first_name', 'owner_last_name', 'owner_email', 'user_count'] }],
  async project(tx, event, { companyId }) {
    if (!companyId) return;
    switch (event.type) {
      case 'UserRegistered':
        await tx
          .updateTable('companies')
          .set({
            owner_first_name: event.data.firstName,
            owner_last_name: event.data.lastName,
            owner_email: event.data.email,
            user_count: sql`user_count + 1`,
          })
          .where('id', '=', companyId)
          .execute();
        break;
      case 'UserCreated':
      case 'AdminUserInvited':
        await tx
          .updateTable('companies')
          .set(
            event.data.role === 'SUPER_USER'
              ? {
                  owner_first_name: event.data.firstName,
                  owner_last_name: event.data.lastName,
                  owner_email: event.data.email,
                  user_count: sql`user_count + 1`,
                }
              : { user_count: sql`user_count + 1` },
          )
          .where('id', '=', companyId)
          .execute();
        break;
      case 'OperationsUserCreated':
        await tx
          .updateTable('companies')
          .set({ user_count: sql`user_count + 1` })
          .where('id', '=', companyId)
          .execute();
        break;
      case 'UserRemoved':
        await tx
          .updateTable('companies')
          .set({ user_count: sql`greatest(user_count - 1, 0)` })
          .where('id', '=', companyId)
          .execute();
        break;
      case 'EmailVerificationCodeIssued':
      case 'EmailConfirmed':
      case 'SignUpWithExistingAddressAttempted':
      case 'PasswordResetRequested':
      case 'PasswordReset':
      case 'PasswordChanged':
      case 'AdminPasswordSet':
      case 'InvitationNotSent':
      case 'MasterUserCreated':
      case 'UserDeactivated':
      case 'UserReactivated':
      case 'SignedOutAtStation':
      case 'UserLanguageChanged':
        break;
      default: {
        const _exhaustive: never = event;
        void _exhaustive;
      }
    }
  },
});
