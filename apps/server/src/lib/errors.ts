/** The one error type of the server: a code that maps to an HTTP status, and a sentence a person can read. */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const unauthorized = (message = 'Please log in to continue.') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('TOO_MANY_REQUESTS', message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** A part the store depends on is out of reach for now; nothing was changed and the same call may simply be tried again. */
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new AppError('SERVICE_UNAVAILABLE', message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
