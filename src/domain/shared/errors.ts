/**
 * The one catalogue of error codes. Each code carries its HTTP status and an English fallback
 * message; the web translates the code (locale key `errors.<CODE>`), never the message.
 * Statuses follow ARCHITECTURE.md section 7: validation 400, credentials/token 401, payment 402,
 * role 403, not found or other tenant 404, request timeout 408, conflict 409, too large 413, address too long 414,
 * media type 415, limit 422, too many requests 429, request head too large 431, server 500, dependency down 503.
 */
export const errorCatalogue = {
  VALIDATION_ERROR: { status: 400, message: 'The request is not valid.' },
  ID_IS_MISSING: { status: 400, message: 'ID is missing' },
  EMPTY_USERNAME: { status: 400, message: 'Username must not be empty.' },
  EMPTY_FIRST_NAME: { status: 400, message: 'First name must not be empty.' },
  EMPTY_LAST_NAME: { status: 400, message: 'Last name must not be empty.' },
  PASSWORD_COMPLEXITY: {
    status: 400,
    message: 'Password must have at least 8 characters, one uppercase letter and one special character.',
  },
  DUPLICATE_VALUES: { status: 400, message: 'This value already exists.' },
  DUPLICATE_ATTRIBUTES: { status: 400, message: 'This value already exists.' },
  COMPONENT_NOT_FOUND: { status: 400, message: 'A component is not a material of this company.' },
  MEDIA_STATION_OR_FILE_MISSING: { status: 400, message: 'Select station and/or upload media!' },
  SEQUENCE_INVALID: { status: 400, message: 'The sequence names a station twice or a station that does not exist.' },
  POSITION_MATERIAL_NOT_FOUND: { status: 400, message: 'A position names a material that does not exist.' },
  INVALID_OR_EXPIRED_CODE: { status: 400, message: 'The code is invalid or has expired.' },
  CURRENT_PASSWORD_WRONG: { status: 400, message: 'The current password is not correct.' },
  INVALID_ORDER_ID: { status: 400, message: 'Invalid order ID' },
  SHIPMENT_ORDERS_OF_DIFFERENT_CUSTOMERS: { status: 400, message: 'All orders of a shipment must be for the same customer.' },
  UPLOAD_PART_NOT_TAKEN: {
    status: 400,
    message: 'The upload holds a field or a file this form does not take. Send only the file, after the fields the form names.',
  },
  IMPORT_FILE_UNREADABLE: { status: 400, message: 'The file cannot be read as CSV (UTF-8 or Windows-1252 text with ; or , between cells).' },
  IMPORT_FILE_EMPTY: { status: 400, message: 'The file has no header row.' },
  IMPORT_TOO_MANY_ROWS: { status: 400, message: 'The file has more rows than one import takes.' },
  IMPORT_ROWS_INVALID: { status: 400, message: 'Rows of the file are not valid: nothing was imported. The details name each line and column.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Incorrect email or password.' },
  INVALID_TOKEN: { status: 401, message: 'The link is invalid or has expired.' },
  UNAUTHORIZED: { status: 401, message: 'Please sign in.' },
  TRIAL_EXPIRED: {
    status: 402,
    message: 'Your trial has ended. Please contact the operator for billing information.',
  },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this.' },
  NOT_OPERATOR: { status: 403, message: 'You are not operator!' },
  STATION_NOT_AUTHORIZED: { status: 403, message: 'You are not authorised for this station.' },
  STATION_NOT_SIGNED_IN: { status: 403, message: 'Sign in at this station first.' },
  CHANGE_RIGHT_MISSING: { status: 403, message: 'You do not have the right to change this area.' },
  API_KEY_SCOPE_MISSING: { status: 403, message: 'This API key has no scope for this request.' },
  EMAIL_NOT_CONFIRMED: { status: 403, message: 'Please confirm your email address with the code we sent you.' },
  USER_DEACTIVATED: { status: 403, message: 'This account has been deactivated. Please ask your administrator.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  USER_NOT_FOUND: { status: 404, message: 'User not found.' },
  USER_ACCOUNT_NOT_FOUND: { status: 404, message: 'User account not found.' },
  COMPANY_ACCOUNT_NOT_FOUND: { status: 404, message: 'Company account not found.' },
  SHIPPING_ORDER_NOT_FOUND: { status: 404, message: 'Shipping order ID not found or undefined' },
  SUGGESTION_NOT_FOUND: { status: 404, message: 'Suggestion not found.' },
  INTERRUPTION_NOT_FOUND: { status: 404, message: 'Interruption not found.' },
  LABOUR_ATTENDANCE_NOT_FOUND: { status: 404, message: 'This attendance does not exist.' },
  LABOUR_WORK_PERIOD_NOT_FOUND: { status: 404, message: 'This work period does not exist.' },
  MATERIAL_NOT_FOUND: { status: 404, message: 'Material not found.' },
  EXPORT_NOT_FOUND: { status: 404, message: 'This data export does not exist or is not ready.' },
  API_KEY_NOT_FOUND: { status: 404, message: 'This API key does not exist.' },
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, message: 'This webhook endpoint does not exist.' },
  TRACKING_LINK_NOT_FOUND: { status: 404, message: 'This tracking link is unknown, has expired or was withdrawn.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
  CONFLICT_ERROR: { status: 409, message: 'This record was changed meanwhile. Reload and try again.' },
  IMPORT_ALREADY_RUNNING: { status: 409, message: 'An import of this company is already running. Wait until it has finished.' },
  EXPORT_ALREADY_RUNNING: { status: 409, message: 'A data export of this company is already being made. Wait until it is ready.' },
  USER_ALREADY_EXISTS: { status: 409, message: 'A user with this email already exists.' },
  EMAIL_ALREADY_CONFIRMED: { status: 409, message: 'This email is already confirmed.' },
  INVITATION_ALREADY_ACCEPTED: { status: 409, message: 'This user has already accepted the invitation.' },
  INVITATION_LIMIT_REACHED: {
    status: 409,
    message: 'Your company has 20 invitations that are not accepted yet. Remove some, or wait until they are accepted, before inviting more.',
  },
  MATERIAL_IN_PRODUCTION: {
    status: 409,
    message: 'Material cannot be deleted as it is already included in an order that is in production.',
  },
  SHIPPING_ORDER_IN_STATUS_SENT_NOT_EDITABLE: {
    status: 409,
    message: 'Shipment with status Sent cannot be edited',
  },
  PRODUCTION_STATION_USED_IN_SEQUENCE: {
    status: 409,
    message: 'Cannot delete a station that is used in a sequence.',
  },
  SUGGESTION_TRANSITION_NOT_ALLOWED: { status: 409, message: 'The suggestion cannot be marked so in its current status.' },
  INTERRUPTION_ALREADY_OPEN: { status: 409, message: 'This station already has an open interruption. Resolve it first.' },
  INTERRUPTION_ALREADY_RESOLVED: { status: 409, message: 'This interruption has already been resolved.' },
  LABOUR_ALREADY_CLOCKED_IN: { status: 409, message: 'You are already clocked in. Clock out first.' },
  LABOUR_NOT_CLOCKED_IN: { status: 409, message: 'You are not clocked in. Clock in first.' },
  LABOUR_CLOCK_OUT_BEFORE_CLOCK_IN: { status: 409, message: 'A clock-out cannot be before the clock-in.' },
  LABOUR_ATTENDANCE_OVERLAPS: { status: 409, message: 'This time overlaps an attendance already recorded.' },
  LABOUR_ATTENDANCE_OPEN: { status: 409, message: 'This attendance is still open. Correct it once it is clocked out.' },
  LABOUR_ALREADY_ON_ORDER: { status: 409, message: 'You are already clocked onto this order.' },
  LABOUR_NOT_ON_ORDER: { status: 409, message: 'You are not clocked onto this order.' },
  LABOUR_ALREADY_PAUSED: { status: 409, message: 'Your work on this order is already paused.' },
  LABOUR_NOT_PAUSED: { status: 409, message: 'Your work on this order is not paused.' },
  LABOUR_NOTHING_TO_SPLIT: { status: 409, message: 'Only one order was worked on in this period: there is nothing to split.' },
  LABOUR_ORDER_NOT_IN_WORK: { status: 409, message: 'This order is not in work at this station.' },
  COSTING_VALID_FROM_PAST: { status: 409, message: 'A rate or price cannot be valid from a day before today: costs already computed do not change.' },
  COMPANY_NAME_MISMATCH: { status: 400, message: 'Type the company name exactly to confirm.' },
  START_STATION_NOT_DELETABLE: { status: 409, message: 'You can not delete Start station!' },
  BOM_CYCLE: { status: 409, message: 'A material cannot contain itself, directly or through its components.' },
  MATERIAL_IN_USE: { status: 409, message: 'Material cannot be deleted as it is used as a component of another material.' },
  STATION_NAME_TAKEN: { status: 409, message: 'A station with this name already exists.' },
  ORDER_NOT_EDITABLE: { status: 409, message: 'This order can no longer be edited in its current status.' },
  ORDER_TRANSITION_NOT_ALLOWED: { status: 409, message: "This action is not possible in the order's current status." },
  ORDER_NOT_AT_STATION: { status: 409, message: 'The order is not at this station.' },
  NO_START_STATION: { status: 409, message: 'Save a station sequence with a start station before starting production.' },
  STOCK_INSUFFICIENT: { status: 409, message: 'There is not enough stock for a position taken from inventory.' },
  STATION_NOT_FOR_INCOMING_GOODS: { status: 409, message: 'This station does not check in incoming goods.' },
  ABSENCE_OVERLAPS: { status: 409, message: 'This absence overlaps one already booked.' },
  MASTER_DATA_ENTRY_IN_USE: { status: 409, message: 'This entry is in use and cannot be deleted. Retire it instead.' },
  ORDER_NOT_READY_TO_SHIP: { status: 409, message: 'Only orders that are Ready to ship can be put into a shipment.' },
  ORDER_ALREADY_IN_SHIPMENT: { status: 409, message: 'This order is already in a shipment.' },
  API_KEY_ALREADY_REVOKED: { status: 409, message: 'This API key has already been revoked.' },
  API_KEY_LIMIT_REACHED: { status: 409, message: 'Your company has 50 API keys that are not revoked. Revoke one before creating another.' },
  WEBHOOK_ENDPOINT_LIMIT_REACHED: { status: 409, message: 'Your company has 20 webhook endpoints. Remove one before adding another.' },
  WEBHOOK_ENDPOINT_PAUSED: { status: 409, message: 'This webhook endpoint is paused already.' },
  WEBHOOK_ENDPOINT_NOT_PAUSED: { status: 409, message: 'This webhook endpoint is not paused.' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, message: 'A request with this idempotency key is still running. Try again shortly.' },
  IDEMPOTENCY_ANSWER_LOST: { status: 409, message: 'This request was carried out, but its answer was lost. Reload to see the result.' },
  ORDER_ON_HOLD: { status: 409, message: 'This order is on hold: a non-conformance report waits for a decision. Its pieces may not move or be completed.' },
  ORDER_AWAITS_REMEASUREMENT: { status: 409, message: 'This order was reworked: measure the values of its non-conformance report again before completing it.' },
  NCR_ALREADY_DECIDED: { status: 409, message: 'This non-conformance report has already been decided.' },
  LOT_REMAINING_EXCEEDED: { status: 409, message: 'Less of this lot is left than you want to consume. Pick another lot for the rest.' },
  LOT_ORDER_NOT_RECEIVED: { status: 409, message: 'The goods of this logistics order have not arrived yet: check them in before recording their lots.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The upload is too large.' },
  STORAGE_QUOTA_EXCEEDED: { status: 413, message: "The company's storage is full: this file does not fit in the plan's storage." },
  URI_TOO_LONG: { status: 414, message: 'The address of the request is too long.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This file type is not supported.' },
  BOM_TOO_LARGE: { status: 422, message: 'The bill of materials is too large to show.' },
  MEDIA_LIMIT_REACHED: { status: 422, message: 'This material has as many media as it may have.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'This idempotency key was used for another request.' },
  PRODUCTION_ORDERS_LIMIT_EXCEEDED: {
    status: 422,
    message: 'maximum allowed quantity for production orders is 999',
  },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many attempts. Please wait and try again.' },
  INVITATION_DAILY_LIMIT_REACHED: {
    status: 429,
    message: 'Your company has sent 50 invitations in the last 24 hours. Try again tomorrow.',
  },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, message: 'The request carries too much in its headers or address.' },
  TRACKING_EMAIL_LIMIT_REACHED: {
    status: 429,
    message: 'Your company has emailed as many tracking links as it may in 24 hours. Copy the link instead, or try again later.',
  },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'Something went wrong on our side.' },
  UNKNOWN_ERROR: { status: 500, message: 'An unknown error occurred.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** One problem with one field, as carried in `error.details`. */
export interface ErrorDetail {
  /** Dotted path of the field, e.g. `positions.0.quantity`; empty for the whole request. */
  path: string;
  /** A locale key (`validation.max`) or an error code the web can translate. */
  message: string;
  /** Values the message interpolates, e.g. `{ max: 25 }`. */
  params?: Record<string, string | number>;
}

/** A rule of the domain was broken. Carries a catalogue code; the server maps it to a status. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];

  constructor(code: ErrorCode, details: ErrorDetail[] = [], message?: string) {
    super(message ?? errorCatalogue[code].message);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return errorCatalogue[this.code].status;
  }
}

export const isDomainError = (value: unknown): value is DomainError => value instanceof DomainError;
