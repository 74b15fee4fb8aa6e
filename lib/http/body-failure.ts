// How a response body that could not be read as framed is described. Apart from the client so that code
// judging responses (and --list, which loads the suites) never loads undici.

/** What a body that could not be read as framed is, in words (not "not JSON at position 0"). */
export function bodyFailure(bodyError: { code: string; message: string }): string {
  return `the body could not be read as its headers framed it (${bodyError.code}: ${bodyError.message})`;
}
