/** Only same-site paths: an open redirect would turn sign-in into a phishing aid. */
export function safeCallback(url: string | undefined): string {
  return url?.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : '/';
}
