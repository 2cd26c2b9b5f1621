/**
 * The one catalogue of error codes and the HTTP status of each. The web translates the code (locale key
 * `errors.<CODE>`); the English text of each code is the server's alone (`src/server/platform/error-messages.ts`),
 * so the browser does not download it. Statuses follow ARCHITECTURE.md section 7: validation 400, credentials/token 401,
 * payment 402, role 403, not found or other tenant 404, request timeout 408, conflict 409, too large 413, address too
 * long 414, media type 415, limit 422, too many requests 429, request head too large 431, server 500, dependency down 503.
 */
export const errorStatuses = {
  VALIDATION_ERROR: 400,
  ID_IS_MISSING: 400,
  EMPTY_USERNAME: 400,
  EMPTY_FIRST_NAME: 400,
  EMPTY_LAST_NAME: 400,
  PASSWORD_COMPLEXITY: 400,
  DUPLICATE_VALUES: 400,
  DUPLICATE_ATTRIBUTES: 400,
  COMPONENT_NOT_FOUND: 400,
  MEDIA_STATION_OR_FILE_MISSING: 400,
  SEQUENCE_INVALID: 400,
  POSITION_MATERIAL_NOT_FOUND: 400,
  INVALID_OR_EXPIRED_CODE: 400,
  CURRENT_PASSWORD_WRONG: 400,
  INVALID_ORDER_ID: 400,
  SHIPMENT_ORDERS_OF_DIFFERENT_CUSTOMERS: 400,
  UPLOAD_PART_NOT_TAKEN: 400,
  IMPORT_FILE_UNREADABLE: 400,
  IMPORT_FILE_EMPTY: 400,
  IMPORT_TOO_MANY_ROWS: 400,
  IMPORT_ROWS_INVALID: 400,
  INVALID_CREDENTIALS: 401,
  INVALID_TOKEN: 401,
  UNAUTHORIZED: 401,
  TRIAL_EXPIRED: 402,
  FORBIDDEN: 403,
  NOT_OPERATOR: 403,
  STATION_NOT_AUTHORIZED: 403,
  STATION_NOT_SIGNED_IN: 403,
  CHANGE_RIGHT_MISSING: 403,
  API_KEY_SCOPE_MISSING: 403,
  EMAIL_NOT_CONFIRMED: 403,
  USER_DEACTIVATED: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  USER_ACCOUNT_NOT_FOUND: 404,
  COMPANY_ACCOUNT_NOT_FOUND: 404,
  SHIPPING_ORDER_NOT_FOUND: 404,
  SUGGESTION_NOT_FOUND: 404,
  INTERRUPTION_NOT_FOUND: 404,
  LABOUR_ATTENDANCE_NOT_FOUND: 404,
  LABOUR_WORK_PERIOD_NOT_FOUND: 404,
  MATERIAL_NOT_FOUND: 404,
  EXPORT_NOT_FOUND: 404,
  API_KEY_NOT_FOUND: 404,
  WEBHOOK_ENDPOINT_NOT_FOUND: 404,
  TRACKING_LINK_NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT_ERROR: 409,
  IMPORT_ALREADY_RUNNING: 409,
  EXPORT_ALREADY_RUNNING: 409,
  USER_ALREADY_EXISTS: 409,
  EMAIL_ALREADY_CONFIRMED: 409,
  INVITATION_ALREADY_ACCEPTED: 409,
  INVITATION_LIMIT_REACHED: 409,
  MATERIAL_IN_PRODUCTION: 409,
  SHIPPING_ORDER_IN_STATUS_SENT_NOT_EDITABLE: 409,
  PRODUCTION_STATION_USED_IN_SEQUENCE: 409,
  SUGGESTION_TRANSITION_NOT_ALLOWED: 409,
  INTERRUPTION_ALREADY_OPEN: 409,
  INTERRUPTION_ALREADY_RESOLVED: 409,
  LABOUR_ALREADY_CLOCKED_IN: 409,
  LABOUR_NOT_CLOCKED_IN: 409,
  LABOUR_CLOCK_OUT_BEFORE_CLOCK_IN: 409,
  LABOUR_ATTENDANCE_OVERLAPS: 409,
  LABOUR_ATTENDANCE_OPEN: 409,
  LABOUR_ALREADY_ON_ORDER: 409,
  LABOUR_NOT_ON_ORDER: 409,
  LABOUR_ALREADY_PAUSED: 409,
  LABOUR_NOT_PAUSED: 409,
  LABOUR_NOTHING_TO_SPLIT: 409,
  LABOUR_ORDER_NOT_IN_WORK: 409,
  COSTING_VALID_FROM_PAST: 409,
  COMPANY_NAME_MISMATCH: 400,
  START_STATION_NOT_DELETABLE: 409,
  BOM_CYCLE: 409,
  MATERIAL_IN_USE: 409,
  STATION_NAME_TAKEN: 409,
  ORDER_NOT_EDITABLE: 409,
  ORDER_TRANSITION_NOT_ALLOWED: 409,
  ORDER_NOT_AT_STATION: 409,
  NO_START_STATION: 409,
  STOCK_INSUFFICIENT: 409,
  STATION_NOT_FOR_INCOMING_GOODS: 409,
  ABSENCE_OVERLAPS: 409,
  MASTER_DATA_ENTRY_IN_USE: 409,
  ORDER_NOT_READY_TO_SHIP: 409,
  ORDER_ALREADY_IN_SHIPMENT: 409,
  API_KEY_ALREADY_REVOKED: 409,
  API_KEY_LIMIT_REACHED: 409,
  WEBHOOK_ENDPOINT_LIMIT_REACHED: 409,
  WEBHOOK_ENDPOINT_PAUSED: 409,
  WEBHOOK_ENDPOINT_NOT_PAUSED: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_ANSWER_LOST: 409,
  ORDER_ON_HOLD: 409,
  ORDER_AWAITS_REMEASUREMENT: 409,
  NCR_ALREADY_DECIDED: 409,
  LOT_REMAINING_EXCEEDED: 409,
  LOT_ORDER_NOT_RECEIVED: 409,
  PAYLOAD_TOO_LARGE: 413,
  STORAGE_QUOTA_EXCEEDED: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BOM_TOO_LARGE: 422,
  MEDIA_LIMIT_REACHED: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  PRODUCTION_ORDERS_LIMIT_EXCEEDED: 422,
  TOO_MANY_REQUESTS: 429,
  INVITATION_DAILY_LIMIT_REACHED: 429,
  REQUEST_HEADERS_TOO_LARGE: 431,
  TRACKING_EMAIL_LIMIT_REACHED: 429,
  INTERNAL_SERVER_ERROR: 500,
  UNKNOWN_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatuses;

export const errorCodes = Object.keys(errorStatuses) as ErrorCode[];

/** Whether a string is a catalogue code (a detail's `message` may be one). */
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(errorStatuses, value);

/** One problem with one field, as carried in `error.details`. */
export interface ErrorDetail {
  /** Dotted path of the field, e.g. `positions.0.quantity`; empty for the whole request. */
  path: string;
  /** A locale key (`validation.max`) or an error code the web can translate. */
  message: string;
  /** Values the message interpolates, e.g. `{ max: 25 }`. */
  params?: Record<string, string | number>;
}

/**
 * A rule of the domain was broken. Carries a catalogue code; the server maps it to its status and answers the
 * code's English text, or `text` when the thrower names a more exact one.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  /** An English text for this one refusal instead of the code's (the server's answer carries it). */
  readonly text: string | undefined;

  constructor(code: ErrorCode, details: ErrorDetail[] = [], text?: string) {
    super(text ?? code);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
    this.text = text;
  }

  get status(): number {
    return errorStatuses[this.code];
  }
}

export const isDomainError = (value: unknown): value is DomainError => value instanceof DomainError;
