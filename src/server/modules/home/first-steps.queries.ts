import { sql } from 'kysely';
import { firstSteps, type FirstSteps } from '../../../domain/home/home.views.js';
import type { Executor } from '../../platform/db.js';

/** The stream a user's dismissal of the first-steps list is recorded on. */
export const firstStepsStreamId = (userId: string) => `first-steps-${userId}`;
export const FIRST_STEPS_STREAM_TYPE = 'first-steps';

/**
 * Which first steps the tenant has done, from its rows (row-level security scopes every table to the
 * company): its address (street and place, delivery or billing: what documents print as the sender) is filled in, it has a station, a user besides its owner, a material, an order.
 * A step undone again (the last station deleted) shows as open again.
 */
export async function firstStepsOf(tx: Executor, companyId: string, userId: string): Promise<FirstSteps> {
  const { rows } = await sql<{ company: boolean; stations: boolean; team: boolean; material: boolean; order: boolean; dismissed: boolean }>`
    select
      coalesce((select bool_or(coalesce(address->>'street', '') <> '' and coalesce(address->>'place', '') <> '')
                from companies, jsonb_array_elements(jsonb_build_array(basic_settings->'deliveryAddress', basic_settings->'billingAddress')) as address
                where id = ${companyId}), false) as company,
      exists (select 1 from stations) as stations,
      (select count(*) from users where company_id = ${companyId}) > 1 as team,
      exists (select 1 from materials) as material,
      exists (select 1 from orders) as "order",
      exists (select 1 from events where stream_id = ${firstStepsStreamId(userId)}) as dismissed
  `.execute(tx);
  const found = rows[0];
  return {
    steps: firstSteps.map((step) => ({ step, done: found[step] })),
    dismissed: found.dismissed,
  };
}
