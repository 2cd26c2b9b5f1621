import { eventCatalogue } from '../shared/decider.js';
import type { MaterialMedium } from './material-media.schema.js';
import type { Material, MaterialType } from './materials.schema.js';

/** Stream of one material in the event log. */
export const materialStreamId = (materialId: string) => `material-${materialId}`;
export const MATERIAL_STREAM_TYPE = 'material';

/**
 * Facts appended beside every change of the plain `materials` record, for the audit trail and the
 * live feed. Created and Updated carry the material as it is afterwards; `changed` says whether
 * the form's fields or the image changed.
 */
export type MaterialEvent =
  | { type: 'MaterialCreated'; data: { material: Material } }
  | { type: 'MaterialUpdated'; data: { material: Material; changed: 'fields' | 'image' } }
  | { type: 'MaterialDeleted'; data: { materialId: string; type: MaterialType; name: string; materialNumber: string } }
  /** An image or PDF drawing for a step's station (or, `stationId` null, every station); its bytes are under the company's folder. */
  | { type: 'MaterialMediaAdded'; data: { medium: Omit<MaterialMedium, 'url'> } }
  | { type: 'MaterialMediaRemoved'; data: { mediumId: string; materialId: string; stationId: string | null; fileName: string } };

export type MaterialEventType = MaterialEvent['type'];

/** A material's events as every reader reads them (the OEE projection's planned times). */
export const materialEvents = eventCatalogue<MaterialEvent>({
  streamType: MATERIAL_STREAM_TYPE,
  types: { MaterialCreated: true, MaterialUpdated: true, MaterialDeleted: true, MaterialMediaAdded: true, MaterialMediaRemoved: true },
});
