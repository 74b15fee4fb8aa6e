// XML 1.0 text and attribute escaping. Bodies from a target can hold any character, and XML 1.0 forbids
// most control characters outright (§2.2 Char), so those are replaced rather than escaped.

const INVALID = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(text: string): string {
  return text.replace(INVALID, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function xmlAttr(text: string): string {
  return xmlText(text)
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}
