import type { ModuleManifest } from './platform/module.js';
import { companyModule } from './modules/company/index.js';
import { identityModule } from './modules/identity/index.js';
import { materialsModule } from './modules/materials/index.js';
import { clientsModule } from './modules/clients/index.js';
import { stationsModule } from './modules/stations/index.js';
import { ordersModule } from './modules/orders/index.js';
import { teamModule } from './modules/team/index.js';
import { shipmentsModule } from './modules/shipments/index.js';
import { documentsModule } from './modules/documents/index.js';
import { suggestionsModule } from './modules/suggestions/index.js';
import { keyFiguresModule } from './modules/key-figures/index.js';
import { interruptionsModule } from './modules/interruptions/index.js';
import { oeeModule } from './modules/oee/index.js';
import { planModule } from './modules/plan/index.js';
import { labourModule } from './modules/labour/index.js';
import { homeModule } from './modules/home/index.js';
import { integrationModule } from './modules/integration/index.js';
import { qualityModule } from './modules/quality/index.js';
import { lotsModule } from './modules/lots/index.js';
import { costingModule } from './modules/costing/index.js';
import { machinesModule } from './modules/machines/index.js';
import { importsModule } from './modules/imports/index.js';

/**
 * Every server module, in the order they register: this list IS the architecture. app.ts registers
 * their routes, inline projections and OpenAPI tags from it, jobs.ts their jobs, and the ports they
 * require are resolved from what they provide before any registers (platform/module.ts). A module
 * comes after those whose decorators or routes it builds on (team after identity and stations,
 * home after the boards it reads). Adding a module: one line here (docs/architecture.md).
 */
export const modules: readonly ModuleManifest[] = [
  companyModule,
  identityModule,
  materialsModule,
  clientsModule,
  stationsModule,
  ordersModule,
  teamModule,
  shipmentsModule,
  documentsModule,
  suggestionsModule,
  keyFiguresModule,
  interruptionsModule,
  oeeModule,
  planModule,
  labourModule,
  homeModule,
  integrationModule,
  qualityModule,
  lotsModule,
  costingModule,
  machinesModule,
  importsModule,
];
