import { isErrorCode, type ErrorCode, type ErrorDetail } from '../../domain/shared/errors';

/** Every call goes to the same origin under `/api` (the dev server proxies it to the API server). */
export const apiBaseUrl = '/api';

/**
 * A failed call: the server's catalogue code with its field details, or UNKNOWN_ERROR with status 0
 * when the server could not be reached or answered something that is not our error body.
 * The UI translates `errors.<code>` and each detail's `validation.*` key, never `message`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];

  constructor(status: number, code: ErrorCode, details: ErrorDetail[] = [], message?: string) {
    super(message ?? code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

function toDetails(value: unknown): ErrorDetail[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (detail): detail is ErrorDetail => typeof detail === 'object' && detail !== null && typeof detail.path === 'string' && typeof detail.message === 'string',
  );
}

/** Reads `{ error: { code, message, details } }`; anything else becomes UNKNOWN_ERROR with the status kept. */
export function parseApiError(status: number, body: unknown): ApiError {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'object' && error !== null) {
    const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
    if (isErrorCode(code)) return new ApiError(status, code, toDetails(details), typeof message === 'string' ? message : undefined);
  }
  return new ApiError(status, 'UNKNOWN_ERROR');
}

let bearerToken: string | null = null;
const unauthorizedListeners = new Set<() => void>();

/** The session's token, sent as `Authorization: Bearer` on every call while set. */
export function setApiToken(token: string | null): void {
  bearerToken = token;
}

/** Called when a call that carried a token is answered 401: the session was revoked or expired. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  /** Appended as the query string; null, undefined and '' are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** 'blob' for files (images, PDFs); JSON otherwise. */
  responseType?: 'json' | 'blob';
  /** More request headers, e.g. `idempotency-key` (lib/offline-queue.ts). */
  headers?: Record<string, string>;
}

function urlFor(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const suffix = search.size > 0 ? `?${search}` : '';
  return `${apiBaseUrl}${path}${suffix}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * One call to the API. Success is any status 200-299 (the parsed JSON body, or undefined when
 * empty); every other status throws an ApiError. There is deliberately no timeout.
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  const token = bearerToken;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(urlFor(path, options.query), { method, headers, body, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'UNKNOWN_ERROR');
  }
  if (response.ok && options.responseType === 'blob') return (await response.blob()) as T;
  const payload = await readBody(response);
  if (response.ok) return payload as T;

  const failure = parseApiError(response.status, payload);
  reportEndedSession(failure, token);
  throw failure;
}

/**
 * Ends the session when the server refused the token itself (UNAUTHORIZED), not when a request was
 * refused for its content (a used reset link, a wrong password: INVALID_TOKEN, INVALID_CREDENTIALS).
 * Only a token that is still the current one counts; a late answer to an old token does not.
 */
function reportEndedSession(failure: ApiError, token: string | null) {
  if (failure.status === 401 && failure.code === 'UNAUTHORIZED' && token && token === bearerToken) {
    unauthorizedListeners.forEach((listener) => listener());
  }
}

/** How far an upload is: bytes sent so far of all bytes to send. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** Called as the browser sends the body (XMLHttpRequest upload progress). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart body like `apiRequest` (same base URL, bearer token, error parsing and 401
 * handling) but through XMLHttpRequest, because fetch cannot report upload progress.
 */
export function apiUpload<T>(method: 'POST' | 'PUT', path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const token = bearerToken;
    const request = new XMLHttpRequest();
    request.open(method, urlFor(path));
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      const text = request.responseText;
      let payload: unknown = undefined;
      if (text && (request.getResponseHeader('content-type') ?? '').includes('json')) {
        try {
          payload = JSON.parse(text);
        } catch {
          payload = undefined;
        }
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(payload as T);
        return;
      }
      const failure = parseApiError(request.status, payload);
      reportEndedSession(failure, token);
      reject(failure);
    };
    request.onerror = () => reject(new ApiError(0, 'UNKNOWN_ERROR'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

/** Shorthands for `apiRequest`, e.g. `api.get<Page<Material>>('/materials', { query: { page: 1 } })`. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('DELETE', path, options),
  /** A file the server keeps behind the bearer token (an `<img src>` could not send the token). */
  blob: (path: string, options?: Omit<RequestOptions, 'body' | 'responseType'>) => apiRequest<Blob>('GET', path, { ...options, responseType: 'blob' }),
};

/** The list answer of every paged resource: `GET /api/<things>?page=1&limit=10&q=&sort=`. */
export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}
