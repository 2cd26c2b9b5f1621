/**
 * The answers the order screens read, as the domain's answer schemas define them (`z.infer` in
 * `src/domain/<module>/<module>.views.ts` and `materials.schema.ts`): the contract is written once.
 */
import type { Material, MaterialSummary } from '../../../../domain/materials/materials.schema';
import type { OrderLocation } from '../../../../domain/orders/orders.views';
export type { HistoryEntry as OrderHistoryEntry } from '../../../../domain/shared/history.views';
import type { StationAuthorizationsView, StationView } from '../../../../domain/stations/stations.views';

export type {
  AdvertisementView as AdvertisementBoard,
  HomeBoard,
  OrderHistory,
  OrderListItem,
  OrderView,
  Worklist,
} from '../../../../domain/orders/orders.views';

/** Where a production order stands: at a station or in WIP after the last one. */
export type OrderLocationView = NonNullable<OrderLocation>;
/** A station as the order screens name and offer it. */
export type StationChoice = StationView;
/** The stations a user may sign in at and move orders to. */
export type StationAuthorizations = StationAuthorizationsView;
/** A material as the position picker offers it. */
export type MaterialChoice = MaterialSummary;
/** What the station screen shows of a material: its manufacturing steps. */
export type MaterialSteps = Material;
