import type { ClientEvent } from '../../domain/clients/clients.events.js';
import type { CompanyExportEvent } from '../../domain/company/company-account.events.js';
import type { CompanyEvent, PlatformEvent } from '../../domain/company/company.events.js';
import type { DocumentEvent } from '../../domain/documents/documents.events.js';
import type { UserEvent } from '../../domain/identity/identity.events.js';
import type { FirstStepsEvent } from '../../domain/home/first-steps.events.js';
import type { ImportEvent } from '../../domain/imports/imports.events.js';
import type { ApiKeyEvent } from '../../domain/integration/api-keys.events.js';
import type { CostingEvent } from '../../domain/costing/costing.events.js';
import type { WebhookEndpointEvent } from '../../domain/integration/webhooks.events.js';
import type { InterruptionEvent } from '../../domain/interruptions/interruption.events.js';
import type { MachineEvent } from '../../domain/machines/machines.events.js';
import type { LabourEvent } from '../../domain/labour/labour.events.js';
import type { KeyFigureSettingsEvent } from '../../domain/key-figures/key-figures.events.js';
import type { MaterialEvent } from '../../domain/materials/materials.events.js';
import type { PlanQueueEvent } from '../../domain/plan/plan-queue.events.js';
import type { AdvertisementEvent, OrderEvent } from '../../domain/orders/order.events.js';
import type { CarrierEvent, TrackingLinkEvent } from '../../domain/shipments/carrier.events.js';
import type { ShipmentEvent } from '../../domain/shipments/shipment.events.js';
import type { SequenceEvent } from '../../domain/stations/sequence.events.js';
import type { StationAuthorizationEvent, StationEvent } from '../../domain/stations/station.events.js';
import type { SuggestionEvent } from '../../domain/suggestions/suggestion.events.js';
import type { EmployeeEvent } from '../../domain/team/employee.events.js';
import type { MasterDataEvent } from '../../domain/team/master-data.events.js';
import type { UserRightsEvent } from '../../domain/team/rights.events.js';
import type { NcrEvent } from '../../domain/quality/ncr.events.js';
import type { LotEvent } from '../../domain/lots/lot.events.js';
import type { Role } from '../../domain/shared/roles.js';

/**
 * Every fact the log holds: the events of every decider and of every plain-record module
 * (`recordEvents` takes only these). A new event type enters here, and then the table below
 * does not compile until it has a rule.
 */
export type KnownEvent =
  | UserEvent
  | CompanyEvent
  | PlatformEvent
  | CompanyExportEvent
  | EmployeeEvent
  | MasterDataEvent
  | UserRightsEvent
  | StationEvent
  | StationAuthorizationEvent
  | SequenceEvent
  | InterruptionEvent
  | LabourEvent
  | KeyFigureSettingsEvent
  | MaterialEvent
  | OrderEvent
  | AdvertisementEvent
  | ShipmentEvent
  | CarrierEvent
  | TrackingLinkEvent
  | DocumentEvent
  | SuggestionEvent
  | FirstStepsEvent
  | ClientEvent
  | ApiKeyEvent
  | PlanQueueEvent
  | NcrEvent
  | LotEvent
  | CostingEvent
  | MachineEvent
  | WebhookEndpointEvent
  | ImportEvent;
export type KnownEventType = KnownEvent['type'];

/**
 * What one role receives of an event: `all` of the company's, only its `own` (the event's subject
 * is the viewer), or `none`. `keep` lists the payload fields sent (dotted paths into nested objects);
 * without it the whole payload goes.
 */
export interface RoleRule {
  to: 'all' | 'own' | 'none';
  keep?: readonly string[];
}

export interface EventRule {
  /** The payload field naming the user the event is about (for `own`); default `userId`. */
  subject?: string;
  roles: Record<Role, RoleRule>;
}

/**
 * The rule of an event type: one for every event of it, or chosen by the event's payload where REST
 * answers events of one type differently by what they are about (a person's document vs an order's).
 */
export type LiveRule = EventRule | ((data: Readonly<Record<string, unknown>>) => EventRule);

/** The rule that applies to one event of a type. */
export const ruleOfEvent = (liveRule: LiveRule, data: unknown): EventRule =>
  typeof liveRule === 'function' ? liveRule((data ?? {}) as Readonly<Record<string, unknown>>) : liveRule;

/** Who reads what over REST (docs/security.md, "The live feed and roles"): the feed answers the same. */
const all: RoleRule = { to: 'all' };
const own: RoleRule = { to: 'own' };
const none: RoleRule = { to: 'none' };
const rule = (writers: RoleRule, operator: RoleRule, owner: RoleRule = writers): EventRule => ({
  roles: { MASTER: owner, SUPER_USER: owner, ADMIN: writers, OPERATOR: operator },
});
/** Any signed-in user of the company reads it (orders, stations, materials, shipments, documents, ...). */
const everyone = rule(all, all);
/** The user lists and records: writers read every user (GET /api/users, /api/team/employees/{id}); an operator only their own. */
const writersAndSubject = rule(all, own);
/** Writers only (suggestions, station sessions). */
const writersOnly = rule(all, none);
/** The owner's pages (account, exports, basic settings): the super user and the product operator acting for the company. */
const ownersOnly = rule(none, none, all);
/** Only the user the event is about (their own screen's state), whatever their role. */
const subjectOnly = rule(own, own, own);
/** Nobody: facts of the platform, never of one company's feed. */
const nobody = rule(none, none, none);
/** Like `writersAndSubject`, but only these fields (what REST answers of it: never a sealed secret). */
const peopleFields = (keep: readonly string[]) => rule({ to: 'all', keep }, { to: 'own', keep });
/**
 * Work on an order at a station: every user of the company reads who is on which order at a station,
 * working or paused with the reason (GET /api/labour/stations/{id}), so an operator's station panel
 * follows a colleague live. The events hold no more than that (who, order, station, reason, when);
 * attendance (clock-in and out) stays with the supervisors and the person.
 */
const workAtStation = everyone;
/**
 * A document: every user of the company reads it (GET /api/documents/{id}), except a person's own
 * (`subjectType` employee: a timesheet), which its person and the supervisors read (another's answers 404).
 * Generated and failed events carry the subject since timesheets; older ones without it go to everyone.
 */
const documentOf: LiveRule = (data) => (data.subjectType === 'employee' ? { subject: 'subjectId', roles: writersAndSubject.roles } : everyone);

/** What every user of the company reads of its settings: `GET /api/company-account/display`. */
const displayedSettings = [
  'companyId',
  'basicSettings.companyName',
  'basicSettings.dateFormat',
  'basicSettings.favourites',
  'basicSettings.functions',
  'basicSettings.mediaOnNewRecord',
];

/** The rule of every event type, for every role. */
export const liveRules: Record<KnownEventType, LiveRule> = {
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
  // company: the owner reads the settings and the account; everyone what the display shows
  CompanyAccountOpened: rule({ to: 'all', keep: ['companyId', 'companyName'] }, { to: 'all', keep: ['companyId', 'companyName'] }, all),
  ReferralSourceRecorded: ownersOnly,
  BasicSettingsUpdated: rule({ to: 'all', keep: displayedSettings }, { to: 'all', keep: displayedSettings }, all),
  CompanyLogoReplaced: everyone,
  CustomerAccountUpdated: rule({ to: 'all', keep: ['companyId', 'basicSettingsChanged'] }, { to: 'all', keep: ['companyId', 'basicSettingsChanged'] }, all),
  CustomerAccountDeleted: nobody,
  DemoDataSeeded: nobody,
  CompanyExportRequested: ownersOnly,
  CompanyExportCompleted: ownersOnly,
  CompanyExportFailed: ownersOnly,
  // team: employee records as the user records; master data is read by everyone; the rights
  // matrix by writers, one user's station rights by that user too
  EmployeeProfileChanged: writersAndSubject,
  EmployeeOrganizationChanged: writersAndSubject,
  VacationEntitlementSet: writersAndSubject,
  AbsenceBooked: writersAndSubject,
  AbsenceCancelled: writersAndSubject,
  MasterDataEntryAdded: everyone,
  MasterDataEntryRenamed: everyone,
  MasterDataEntryRetired: everyone,
  MasterDataEntryReinstated: everyone,
  MasterDataEntryDeleted: everyone,
  StationRightsGranted: writersAndSubject,
  StationRightsRevoked: writersAndSubject,
  ChangeRightsGranted: writersAndSubject,
  ChangeRightsRevoked: writersAndSubject,
  // stations: who is signed in where is GET /api/team/station-sessions (writers); an operator their own
  StationCreated: everyone,
  StationChanged: everyone,
  StationMaintenanceRecorded: everyone,
  StationDeleted: everyone,
  OperatorSignedIn: writersAndSubject,
  StationAuthorizationsSet: writersAndSubject,
  SequenceSaved: everyone,
  InterruptionReported: everyone,
  InterruptionResolved: everyone,
  InterruptionExpectedEndSet: everyone,
  KeyFigureSettingsSaved: everyone,
  // labour time: supervisors read everyone's (GET /api/labour/present, /times), a person their own;
  // everyone who is on which order at a station
  ClockedIn: writersAndSubject,
  ClockedOut: writersAndSubject,
  ClockOutMissed: writersAndSubject,
  OrderWorkJoined: workAtStation,
  OrderWorkPaused: workAtStation,
  OrderWorkResumed: workAtStation,
  OrderWorkLeft: workAtStation,
  AttendanceCorrected: writersAndSubject,
  WorkTimeCorrected: writersAndSubject,
  WorkSplitStated: writersAndSubject,
  // materials, orders, shipments, documents: read by every signed-in user
  // GET /api/api-keys: the owner's (never the secret, which no event holds).
  ApiKeyCreated: ownersOnly,
  ApiKeyRevoked: ownersOnly,
  // costing: rates and prices are behind the `costs` right, which the feed's role rules cannot see per
  // admin; the owner (and the product operator) get them live, a granted admin reads them over REST.
  MachineRateSet: ownersOnly,
  LabourRateSet: ownersOnly,
  MaterialPriceSet: ownersOnly,
  // GET /api/machines: the owner's (never the broker's password, which no event holds).
  MachineBrokerSet: ownersOnly,
  MachineBrokerRemoved: ownersOnly,
  MachineLinkSaved: ownersOnly,
  MachineLinkRemoved: ownersOnly,
  // GET /api/webhooks: the owner's (never the signing secret, which no event holds).
  WebhookEndpointCreated: ownersOnly,
  WebhookEventTypesChanged: ownersOnly,
  WebhookEndpointPaused: ownersOnly,
  WebhookEndpointResumed: ownersOnly,
  WebhookEndpointDeleted: ownersOnly,
  WebhookTestRequested: ownersOnly,
  WebhookReplayRequested: ownersOnly,
  // GET /api/imports/{id}: the writers' (the file's rows are in its report, which no event holds).
  ImportRequested: writersOnly,
  ImportCompleted: writersOnly,
  ImportFailed: writersOnly,
  MaterialCreated: everyone,
  MaterialUpdated: everyone,
  MaterialDeleted: everyone,
  MaterialMediaAdded: everyone,
  MaterialMediaRemoved: everyone,
  OrderCreated: everyone,
  OrderChanged: everyone,
  OrderPlaced: everyone,
  ProductionStarted: everyone,
  ProductionOrderStarted: everyone,
  WorkStarted: everyone,
  WorkCompleted: everyone,
  QuantityReported: everyone,
  OrderSplit: everyone,
  ProductionOrderAdded: everyone,
  OrderMovedToStation: everyone,
  ProductionFinished: everyone,
  ProductionOrderDone: everyone,
  OrderReadyToShip: everyone,
  OrderReadyToUse: everyone,
  OrderReadyForDispatch: everyone,
  OrderDispatched: everyone,
  OrderDelivered: everyone,
  OrderCheckedIn: everyone,
  OrderFinished: everyone,
  OrderCanceled: everyone,
  OrderAssignedToShipment: everyone,
  OrderReleased: everyone,
  OrderLeftShipment: everyone,
  OrderPartAssignedToShipment: everyone,
  OrderPartReleased: everyone,
  OrderPartDispatched: everyone,
  ValueMeasured: everyone,
  QualityFailureAccepted: everyone,
  StatusActionApplied: everyone,
  StatusActionRefused: everyone,
  AdvertisementCommentSet: everyone,
  ShipmentCreated: everyone,
  ShipmentChanged: everyone,
  ShipmentOrderAssigned: everyone,
  ShipmentOrderReleased: everyone,
  ShipmentMarkedReadyForDispatch: everyone,
  ShipmentSent: everyone,
  ShipmentDelivered: everyone,
  ShipmentCanceled: everyone,
  ShipmentAttachmentAdded: everyone,
  ShipmentAttachmentRemoved: everyone,
  CarrierAdded: everyone,
  CarrierChanged: everyone,
  CarrierRetired: everyone,
  CarrierReinstated: everyone,
  CarrierDeleted: everyone,
  TrackingLinkCreated: everyone,
  TrackingLinkRevoked: everyone,
  // that a link was emailed, never the sealed token nor the end customer's address
  TrackingLinkEmailRequested: rule({ to: 'all', keep: ['shipmentId', 'linkId', 'at'] }, { to: 'all', keep: ['shipmentId', 'linkId', 'at'] }),
  DocumentRequested: documentOf,
  DocumentGenerated: documentOf,
  DocumentFailed: documentOf,
  DocumentRefused: documentOf,
  // suggestions: GET /api/suggestions is for writers (with the author); an operator reads none
  SuggestionSubmitted: { subject: 'submittedBy', roles: rule(all, none).roles },
  SuggestionStatusChanged: writersOnly,
  // home: a user's own first-steps list (GET /api/home/first-steps answers the caller's own)
  FirstStepsDismissed: subjectOnly,
  // clients: the customer directory (GET /api/clients: any user of the company)
  ClientAdded: everyone,
  ClientChanged: everyone,
  ClientRemoved: everyone,
  // the capacity plan: GET /api/plan is read by every company user
  StationQueueOrdered: everyone,
  // quality: the non-conformance reports (GET /api/ncrs: any user of the company; the station shows the hold)
  NonConformanceOpened: everyone,
  NonConformanceDecided: everyone,
  NonConformanceRemeasured: everyone,
  NonConformanceClosed: everyone,
  // lots: GET /api/lots and /api/lots/{id} answer every user of the company (the station picks lots)
  LotReceived: everyone,
  LotProduced: everyone,
  LotCertificateAttached: everyone,
  LotConsumed: everyone,
  LotSerialsAssigned: everyone,
};

export interface LiveViewer {
  role: Role;
  userId: string;
}

const isKnown = (type: string): type is KnownEventType => Object.hasOwn(liveRules, type);

/** What the rule of `type` gives `viewer`: `undefined` (not sent) or the role's rule and whether the viewer is the subject. */
function ruleFor(type: string, data: unknown, viewer: LiveViewer): RoleRule | undefined {
  // A type without a rule is sent to nobody: a gap closes, it never leaks.
  if (!isKnown(type)) return undefined;
  const eventRule = ruleOfEvent(liveRules[type], data);
  const roleRule = eventRule.roles[viewer.role];
  if (roleRule.to === 'none') return undefined;
  if (roleRule.to === 'own') {
    const subject = (data as Record<string, unknown> | null)?.[eventRule.subject ?? 'userId'];
    if (subject !== viewer.userId) return undefined;
  }
  return roleRule;
}

/**
 * The payload `viewer` may receive of an event, or `undefined` when the event is not for them.
 * `key` names the view: viewers with the same key receive the same payload (one serialisation).
 */
export function liveView(type: string, data: unknown, viewer: LiveViewer): { key: string; data: unknown } | undefined {
  const roleRule = ruleFor(type, data, viewer);
  if (!roleRule) return undefined;
  const key = `${viewer.role}:${roleRule.to}`;
  return { key, data: roleRule.keep ? pick(data, roleRule.keep) : data };
}

/** Only the listed (dotted) paths of `data`. */
function pick(data: unknown, paths: readonly string[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const path of paths) {
    const parts = path.split('.');
    let from = data as Record<string, unknown> | undefined;
    let into = result;
    for (const [index, part] of parts.entries()) {
      if (from === null || typeof from !== 'object' || !Object.hasOwn(from, part)) break;
      if (index === parts.length - 1) {
        into[part] = from[part];
      } else {
        into = (into[part] ??= {}) as Record<string, unknown>;
        from = from[part] as Record<string, unknown>;
      }
    }
  }
  return result;
}
