import { sql, type Kysely } from 'kysely';

// Quantities at the station (docs/orders.md, Quantities): the pieces of a production order on its
// list row (ordered, at its station now, good = finished, scrap, rework), which the boards and the
// worklists show, and the production order it was split off. A split order keeps its parent's
// consecutive number (its order number adds a suffix, FB000501-1), so the number is unique only
// among orders that are not split off another. The per-station counts live in the folded order.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders
      add column split_from_order_id uuid,
      add column pieces_ordered integer not null default 0,
      add column pieces_open integer not null default 0,
      add column pieces_good integer not null default 0,
      add column pieces_scrap integer not null default 0,
      add column pieces_rework integer not null default 0
  `.execute(db);
  // Orders made before: all their pieces in one place, on the line or finished (as `quantitiesOf` reads them).
  await sql`
    update orders set
      pieces_ordered = pieces.total,
      pieces_open = case when orders.stage = 'station' then pieces.total else 0 end,
      pieces_good = case when orders.stage = 'wip' then pieces.total else 0 end
    from (
      select o.id, coalesce(sum((p ->> 'quantity')::integer), 0)::integer as total
      from orders o left join lateral jsonb_array_elements(o.positions) p on true
      group by o.id
    ) pieces
    where pieces.id = orders.id and orders.kind = 'production'
  `.execute(db);
  await sql`alter table orders drop constraint orders_company_id_number_key`.execute(db);
  await sql`create unique index orders_company_number on orders (company_id, number) where split_from_order_id is null`.execute(db);
  await sql`create index orders_split_from on orders (split_from_order_id) where split_from_order_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from orders where split_from_order_id is not null`.execute(db);
  await sql`drop index orders_split_from`.execute(db);
  await sql`drop index orders_company_number`.execute(db);
  await sql`alter table orders add constraint orders_company_id_number_key unique (company_id, number)`.execute(db);
  await sql`
    alter table orders
      drop column split_from_order_id,
      drop column pieces_ordered,
      drop column pieces_open,
      drop column pieces_good,
      drop column pieces_scrap,
      drop column pieces_rework
  `.execute(db);
}
