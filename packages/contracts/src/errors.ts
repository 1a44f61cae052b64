/** The error catalogue of spec section 8: titles and messages by HTTP status. */
export type ErrorEntry = { title: string; message: string };

export const ERROR_CATALOGUE: Record<number, ErrorEntry> = {
  400: { title: 'Invalid Request', message: 'The request was not understood, check and retry' },
  401: { title: 'Unauthorized Access', message: 'Log in and try again' },
  403: { title: 'Access Denied', message: 'Contact your administrator' },
  404: { title: 'Resource Not Found', message: 'The requested resource was not found' },
  405: { title: 'Method Not Allowed', message: 'This operation is not allowed' },
  406: { title: 'Not Acceptable', message: 'The response format is not acceptable' },
  408: { title: 'Request Timed Out', message: 'The request took too long, please try again' },
  // The spec keeps this mislabel on purpose: 409 is titled 'Forbidden Access'.
  409: { title: 'Forbidden Access', message: 'You must authenticate to perform this action' },
  413: { title: 'Payload Too Large', message: 'The request payload is too large' },
  415: { title: 'Unsupported Data Format', message: 'The data format is not supported' },
  422: { title: 'Unprocessable Entity', message: 'The request could not be processed' },
  429: { title: 'Rate Limit Exceeded', message: 'Too many requests, please wait and try again' },
  500: { title: 'Internal Server Error', message: 'Something went wrong on our side' },
  502: { title: 'Server Communication Issue', message: 'A server could not be reached' },
  503: { title: 'Service Unavailable', message: 'The platform is under maintenance, please try again later' },
};

export const SUCCESS_ENTRY: ErrorEntry = { title: 'Success', message: 'Operation successful' };

export const REDIRECT_CATALOGUE: Record<number, ErrorEntry> = {
  301: { title: 'Moved Permanently', message: 'The resource has moved permanently' },
  302: { title: 'Found', message: 'The resource was found at another address' },
  303: { title: 'See Other', message: 'See the other address for this resource' },
  307: { title: 'Temporary Redirect', message: 'The resource is temporarily at another address' },
  308: { title: 'Permanent Redirect', message: 'The resource is permanently at another address' },
};

export const FALLBACK_ENTRY: ErrorEntry = {
  title: 'Something went wrong',
  message: 'Please try again later',
};

export const TOO_LARGE_MESSAGE =
  'The requested data is too large to be processed, please try again with a smaller date range.';

export const INVALID_LOGIN_MESSAGES = [
  'Invalid username, or password.',
  'Invalid username, password, or two factor token.',
] as const;

/** Title and message for a status: the catalogue, else the supplied ones, else the fallback. */
export function describeStatus(status: number, supplied?: Partial<ErrorEntry>): ErrorEntry {
  if (status === 200) return SUCCESS_ENTRY;
  const known = ERROR_CATALOGUE[status] ?? REDIRECT_CATALOGUE[status];
  return {
    title: known?.title || supplied?.title || FALLBACK_ENTRY.title,
    message: supplied?.message || known?.message || FALLBACK_ENTRY.message,
  };
}

/** The error body every API failure carries (spec section 8). */
export type ErrorBody = {
  status: number;
  title: string;
  message: string;
  errors?: Record<string, string>;
};
