import { AppError } from './app-error.js';
import { formatErrorMessage, isErrorCode, UNKNOWN_ERROR_MESSAGE } from './error-codes.js';

type ApiErrorInit = {
  status: number;
  code?: string | undefined;
  params?: readonly (string | number)[] | undefined;
  body?: unknown;
  message?: string | undefined;
};

/** A failed call to our API as seen by the web client; `code` may be one this build does not know. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code?: string;
  readonly params: string[];
  readonly body?: unknown;

  constructor({ status, code, params = [], body, message }: ApiErrorInit) {
    super(message ?? `Request failed with status ${status}`);
    this.status = status;
    if (code !== undefined) this.code = code;
    this.params = params.map(String);
    if (body !== undefined) this.body = body;
  }

  /** Reads the code, params and text out of a response body, whatever shape it turned out to have. */
  static fromResponse(status: number, body: unknown): ApiError {
    const coded = codedPart(body);
    return new ApiError({
      status,
      code: coded?.code,
      params: coded?.params,
      body,
      message: responseText(body),
    });
  }
}

type CodedPart = { code: string; params: (string | number)[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// Plain guards rather than a schema: this module runs on every page in the browser, and must not pull
// a validation library into the first load.
function paramsOf(value: unknown): (string | number)[] {
  return Array.isArray(value) &&
    value.every((param) => typeof param === 'string' || typeof param === 'number')
    ? value
    : [];
}

function envelopeErrorOf(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) && isRecord(value.error) ? value.error : undefined;
}

function codedPart(value: unknown): CodedPart | undefined {
  const envelopeError = envelopeErrorOf(value);
  if (typeof envelopeError?.code === 'string') {
    return { code: envelopeError.code, params: paramsOf(envelopeError.params) };
  }
  return isRecord(value) && typeof value.code === 'string'
    ? { code: value.code, params: paramsOf(value.params) }
    : undefined;
}

function responseText(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  const message = envelopeErrorOf(body)?.message;
  return typeof message === 'string' ? message.trim() || undefined : undefined;
}

/**
 * What to show a shopper for any failure (docs/rules/api-and-errors.md): the catalogue message of a known code, else the
 * response's own error text, else the error's message, else 'Unknown error'.
 */
export function messageForError(error: unknown): string {
  const coded = error instanceof ApiError || error instanceof AppError ? error : codedPart(error);
  if (coded && isErrorCode(coded.code)) return formatErrorMessage(coded.code, coded.params);

  const text = error instanceof ApiError ? responseText(error.body) : responseText(error);
  if (text) return text;

  if (error instanceof Error && error.message.trim()) return error.message;
  return UNKNOWN_ERROR_MESSAGE;
}
