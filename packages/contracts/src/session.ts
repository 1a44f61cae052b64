/** Cookie, header and storage names shared by server and web (section 9: named cookies exist). */
export const SESSION_COOKIE = 'clearway.sid';
/** In production the session cookie is `__Host-` prefixed (Secure, host-only, Path=/). */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
/** Readable by the web app: the CSRF token it echoes in a header. */
export const CSRF_COOKIE = 'clearway.csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** Readable by the web app: when the session expires (epoch seconds); absent → no session. */
export const SESSION_VALID_COOKIE = 'clearway.session-valid';
export const SELECTED_ENTITY_STORAGE_KEY = 'clearway.selected-entity';
/** Tells other tabs to log out (storage event). */
export const LOGOUT_BROADCAST_KEY = 'clearway.logout';

export const INVALID_PASSWORD_MESSAGE = 'Invalid username, or password.';
export const INVALID_TOTP_MESSAGE = 'Invalid username, password, or two factor token.';
