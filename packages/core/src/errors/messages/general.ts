// Failures of any request, whatever it asks for.
export const GENERAL_ERRORS = {
  'general/argument_error': 'Argument(s) contains error',
  'general/unknown_error': 'Unknown error, message: {0}',
  'general/missing_argument': 'Missing argument {0}',
  'general/not_found': 'The page or item you are looking for is not found',
  'general/payload_too_large': 'The request is too large; the limit is {0} bytes',
  'general/malformed_json': 'The request body is not valid JSON',
  'general/unsupported_media_type': 'The request content type is not supported',
  'general/rate_limited': 'Too many requests, please try again in {0} seconds',
} as const;
