// Whether a URL's host is this machine: what may see the live key in a URL without an explicit opt-in.
// A name only (no DNS): "localhost", 127.0.0.0/8 and ::1.

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

export function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK.test(new URL(url).hostname);
  } catch {
    return false;
  }
}
