import { z } from 'zod';
import { requiredText } from '../shared/validation.js';
import { orderStatuses, type OrderStatus } from '../orders/order.schema.js';
import { materialLimits, repeatedNames } from '../materials/materials.schema.js';

/** Limits of a production station (spec section 5, Station, and section 9). */
export const stationLimits = {
  /** Station name, at most 15 characters. */
  name: 15,
  parameterName: 50,
  unit: 20,
  parameters: 50,
  actions: 20,
  /** Parameter numbers (value, From, To) lie between 0.00 and 9999999.99, with at most two decimals. */
  numberMin: 0,
  numberMax: 9_999_999.99,
  decimals: 2,
  /** Optional WIP limit of a station (orders at it at once): a whole number 1-999. */
  wipLimit: { min: 1, max: 999 },
  /** Orders worked at the station at once (the capacity plan's places): a whole number 1-99, default 1. */
  capacity: { min: 1, max: 99, default: 1 },
} as const;

/**
 * The name of the work-in-progress stage of every sequence. It is not a station, so no station
 * may carry the name.
 */
export const WIP_STAGE_NAME = 'WIP';

/** Allowed characters of a station name: digits, capital A-Z and the umlauts Ä, Ö, Ü. No space. */
export const STATION_NAME_PATTERN = /^[0-9A-ZÄÖÜ]+$/;

/** Documents an action after completion can generate (spec section 4, document types). */
export const documentTypes = ['material-label', 'delivery-bill', 'receipt', 'test-protocol'] as const;
export type DocumentType = (typeof documentTypes)[number];

/** Order statuses an action after completion can set: every status of the orders' list. */
export const orderStatusTargets = orderStatuses;
export type OrderStatusTarget = OrderStatus;

/**
 * What a station can do when an order is completed there, and what its action element is:
 * a document type, an order status, or the id of a user to notify.
 */
export const afterCompletionActions = ['generate-document', 'set-order-status', 'notify-user'] as const;
export type AfterCompletionAction = (typeof afterCompletionActions)[number];

const required = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? 'validation.required' : undefined);

/** A required station name: trimmed, 1-15 characters of 0-9, A-Z, Ä, Ö, Ü, and never 'WIP'. */
export const stationNameSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(stationLimits.name)
  .regex(STATION_NAME_PATTERN, 'stations.validation.nameCharacters')
  .refine((name) => name !== WIP_STAGE_NAME, 'stations.validation.nameReserved');

const hasAtMostTwoDecimals = (value: number) => {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
};

/** A parameter number: 0.00 to 9999999.99, at most two decimals. */
export const parameterNumberSchema = z
  .number({ error: (issue) => (issue.code === 'invalid_type' ? (required(issue) ?? 'validation.invalidType') : undefined) })
  .min(stationLimits.numberMin)
  .max(stationLimits.numberMax)
  .refine(hasAtMostTwoDecimals, 'stations.validation.decimals');

/** A production parameter: name, value and unit required; an optional From/To range, From not above To. */
export const productionParameterSchema = z
  .object({
    name: requiredText(stationLimits.parameterName),
    value: parameterNumberSchema,
    unit: requiredText(stationLimits.unit),
    from: parameterNumberSchema.nullish().transform((v) => v ?? null),
    to: parameterNumberSchema.nullish().transform((v) => v ?? null),
  })
  .refine((p) => p.from === null || p.to === null || p.from <= p.to, {
    message: 'stations.validation.fromAboveTo',
    path: ['from'],
  });
export type ProductionParameter = z.output<typeof productionParameterSchema>;

const elementFor: Record<AfterCompletionAction, z.ZodType<string>> = {
  'generate-document': z.enum(documentTypes),
  'set-order-status': z.enum(orderStatusTargets),
  'notify-user': z.uuid(),
};

/** An action after completion: action and action element required, the element must fit the action. */
export const completionActionSchema = z
  .object({
    action: z.enum(afterCompletionActions, { error: (issue) => required(issue) ?? 'stations.validation.unknownAction' }),
    element: z.string({ error: required }).trim().min(1, 'validation.required').max(100),
  })
  .superRefine((action, context) => {
    if (!elementFor[action.action].safeParse(action.element).success) {
      context.addIssue({ code: 'custom', path: ['element'], message: 'stations.validation.actionElement', input: action.element });
    }
  });
export type CompletionAction = z.output<typeof completionActionSchema>;

/**
 * Which values of the order's material a station checks (operators measure them there):
 * `none`; `all` the material's values; `named` only the values of these names (compared trimmed,
 * without regard to case; a name the order's material does not have is simply not asked).
 */
export const valueCheckModes = ['none', 'all', 'named'] as const;
export type ValueCheckMode = (typeof valueCheckModes)[number];

export const valueChecksSchema = z
  .object({
    mode: z.enum(valueCheckModes, { error: (issue) => required(issue) ?? 'stations.validation.valueCheckMode' }),
    names: z.array(requiredText(materialLimits.valueName)).max(materialLimits.values).default([]),
    /** A value measured outside tolerance holds the order here and opens a non-conformance report (docs/quality-and-lots.md). */
    holdOutOfTolerance: z.boolean({ error: 'validation.invalidType' }).default(false),
  })
  .superRefine((checks, context) => {
    if (checks.mode === 'named' && checks.names.length === 0) {
      context.addIssue({ code: 'custom', path: ['names'], message: 'stations.validation.valueNamesRequired', input: checks.names });
    }
    for (const index of repeatedNames(checks.names)) {
      context.addIssue({ code: 'custom', path: ['names', index], message: 'stations.validation.valueNameRepeated', input: checks.names[index] });
    }
  })
  // Names matter only when the station checks named values; holding, only when it checks any.
  .transform((checks) => ({
    mode: checks.mode,
    names: checks.mode === 'named' ? checks.names : [],
    ...(checks.mode !== 'none' && checks.holdOutOfTolerance ? { holdOutOfTolerance: true } : {}),
  }));
/** `holdOutOfTolerance` is absent for a station that does not hold (and in every setting saved before it existed). */
export type ValueChecks = z.output<typeof valueChecksSchema>;

export const noValueChecks: ValueChecks = { mode: 'none', names: [] };

/** Whether a value measured outside tolerance at a station with these checks holds the order there. */
export const stationHoldsOutOfTolerance = (checks: ValueChecks | undefined): boolean => checks?.holdOutOfTolerance === true && checks.mode !== 'none';

/** Whether a station with these checks checks the material value `valueName`. */
export function stationChecksValue(checks: ValueChecks | undefined, valueName: string): boolean {
  if (!checks || checks.mode === 'none') return false;
  if (checks.mode === 'all') return true;
  const wanted = valueName.trim().toLocaleLowerCase();
  return checks.names.some((name) => name.trim().toLocaleLowerCase() === wanted);
}

/**
 * The optional WIP limit: how many orders may be at the station at once before its board column
 * is marked over its limit (docs/board.md). Empty (null) means no limit.
 */
export const wipLimitSchema = z
  .number({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.number' : undefined) })
  .int('validation.wholeNumber')
  .min(stationLimits.wipLimit.min)
  .max(stationLimits.wipLimit.max)
  .nullish()
  .transform((limit) => limit ?? null);

/**
 * Orders worked at the station at once: the capacity plan gives the station this many places
 * (docs/capacity-plan.md). Absent or null: one.
 */
export const stationCapacitySchema = z
  .number({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.number' : undefined) })
  .int('validation.wholeNumber')
  .min(stationLimits.capacity.min)
  .max(stationLimits.capacity.max)
  .nullish()
  .transform((capacity) => capacity ?? stationLimits.capacity.default);

/** What the add and edit forms send: everything of a station but its maintenance. */
export const stationInputSchema = z.object({
  name: stationNameSchema,
  parameters: z.array(productionParameterSchema).max(stationLimits.parameters).default([]),
  actions: z.array(completionActionSchema).max(stationLimits.actions).default([]),
  incomingGoodsCheckIn: z.boolean().default(false),
  valueChecks: valueChecksSchema.default(noValueChecks),
  wipLimit: wipLimitSchema,
  capacity: stationCapacitySchema,
});
export type StationInput = z.output<typeof stationInputSchema>;
/** The form's raw values, before defaults and trimming. */
export type StationFormValues = z.input<typeof stationInputSchema>;

/** The version the client's copy was made on; stale means CONFLICT_ERROR. */
export const versionSchema = z.number({ error: required }).int().min(0);

export const createStationSchema = stationInputSchema;
export const changeStationSchema = stationInputSchema.extend({ version: versionSchema });

/** Records a maintenance: when it was done (defaults to now), on the station version the client saw. */
export const recordMaintenanceSchema = z.object({
  version: versionSchema,
  performedAt: z.iso.datetime({ offset: true }).optional(),
});

export const deleteStationSchema = z.object({ version: versionSchema });

/** Station login at the station screen: an operation user's username and password. */
export const stationLoginSchema = z.object({
  username: z.string({ error: required }).trim().min(1, 'validation.required').max(254),
  password: z.string({ error: required }).min(1, 'validation.required').max(128),
});

/** The stations a user may sign in at, as set by an admin on the user (replaces the whole set). */
export const stationAuthorizationsSchema = z.object({
  stationIds: z.array(z.uuid()).max(500),
});
