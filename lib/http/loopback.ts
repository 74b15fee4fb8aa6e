// Whether a URL's host is this machine (a name only, no DNS: "localhost", 127.0.0.0/8 and ::1): a loopback
// target is never reached through a proxy the environment names (dispatcher.ts).

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

export function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK.test(new URL(url).hostname);
  } catch {
    return false;
  }
}
