// The grammar of the response fields the suite knows, each by the RFC that defines it (RFC 9110 §5.6 for the
// common rules): what is wrong with one field line, or nothing. Pure readings; the checks in field-checks.ts
// decide what they mean and over which responses.
import { listElements } from '../../lib/formats/field-list.ts';
import { notImfFixdate } from '../../lib/formats/http-date.ts';

/** RFC 9110 §5.6.2: token = 1*tchar. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/** RFC 9110 §5.6.4: quoted-string, with quoted-pairs and obs-text. */
const QUOTED = '"(?:[\\t \\x21\\x23-\\x5B\\x5D-\\x7E\\x80-\\xFF]|\\\\[\\t \\x21-\\x7E\\x80-\\xFF])*"';
const OWS = '[ \\t]*';
const PARAMETER = `${TOKEN}=(?:${TOKEN}|${QUOTED})`;
/** RFC 9110 §5.6.6: parameters = *( OWS ";" OWS [ parameter ] ). */
const PARAMETERS = `(?:${OWS};${OWS}(?:${PARAMETER})?)*`;
/** RFC 9110 §11.2: token68. */
const TOKEN68 = '[A-Za-z0-9._~+/-]+=*';
/** RFC 9110 §11.2: auth-param = token BWS "=" BWS ( token / quoted-string ). */
const AUTH_PARAM = `${TOKEN}${OWS}=${OWS}(?:${TOKEN}|${QUOTED})`;

const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);
const MEDIA_TYPE = whole(`${TOKEN}/${TOKEN}${PARAMETERS}`);
const DIGITS = /^\d+$/;
const CODING = whole(`${TOKEN}${PARAMETERS}`);
const DIRECTIVE = whole(`${TOKEN}(?:=(?:${TOKEN}|${QUOTED}))?`);
const TOKEN_ONLY = whole(TOKEN);
const CHALLENGE_START = whole(`${TOKEN}(?: +(?:${TOKEN68}|${AUTH_PARAM}))?`);
const AUTH_PARAM_ONLY = whole(AUTH_PARAM);
/** RFC 8288 §3: link-value, its URI-Reference read loosely (no space, no angle bracket). */
const LINK_VALUE = whole(`<[^<>\\s]*>(?:${OWS};${OWS}${TOKEN}${OWS}(?:=${OWS}(?:${TOKEN}|${QUOTED}))?)*`);
/** RFC 9110 §8.8.3: entity-tag = [ weak ] opaque-tag. */
const ENTITY_TAG = /^(?:W\/)?"[\x21\x23-\x7E\x80-\xFF]*"$/;

/**
 * RFC 9110 §5.6.1.1: a sender generates lists without empty elements. The elements of a list field line, or
 * the reason it is no list (an empty element).
 */
function elements(value: string, allowEmptyList = false): string[] | string {
  if (value.trim() === '') return allowEmptyList ? [] : 'an empty value';
  const list = listElements(value);
  return list.some((e) => e === '') ? 'an empty list element' : list;
}

/** Each element must match `re`; the first that does not is the problem. */
function eachMatches(value: string, re: RegExp, what: string, allowEmptyList = false): string | undefined {
  const list = elements(value, allowEmptyList);
  if (typeof list === 'string') return list;
  const bad = list.find((e) => !re.test(e));
  return bad === undefined ? undefined : `${JSON.stringify(bad)} is no ${what}`;
}

/** RFC 9110 §11.6.1: WWW-Authenticate = #challenge, each challenge a scheme and its token68 or auth-params. */
function challenges(value: string): string | undefined {
  const list = elements(value);
  if (typeof list === 'string') return list;
  let open = false;
  for (const e of list) {
    if (CHALLENGE_START.test(e) && !(open && AUTH_PARAM_ONLY.test(e))) open = true;
    else if (!(open && AUTH_PARAM_ONLY.test(e)))
      return `${JSON.stringify(e)} is neither a challenge nor one's auth-param`;
  }
  return undefined;
}

export interface FieldGrammar {
  /** The field's name as it reads in a finding. */
  name: string;
  /** Where its grammar stands. */
  rfc: string;
  /** A single value (repeating it is the RFC 9110 §5.3 error), not a list. */
  singleton: boolean;
  /** What is wrong with one field line's value, or undefined. */
  wrong(value: string): string | undefined;
}

/** An HTTP-date the server generates: only the IMF-fixdate (the obsolete forms are named as such). */
const date = (v: string) => notImfFixdate(v.trim());

/** The fields judged by their grammar, in the order findings list them. */
export const FIELD_GRAMMARS: readonly FieldGrammar[] = [
  { name: 'Date', rfc: 'RFC 9110 §6.6.1', singleton: true, wrong: date },
  {
    name: 'Content-Type',
    rfc: 'RFC 9110 §8.3',
    singleton: true,
    wrong: (v) => (MEDIA_TYPE.test(v.trim()) ? undefined : `${JSON.stringify(v)} is no media-type`),
  },
  {
    name: 'Content-Length',
    rfc: 'RFC 9110 §8.6',
    singleton: true,
    wrong: (v) => (DIGITS.test(v.trim()) ? undefined : `${JSON.stringify(v)} is not 1*DIGIT`),
  },
  {
    name: 'Transfer-Encoding',
    rfc: 'RFC 9112 §6.1',
    singleton: false,
    wrong: (v) => eachMatches(v, CODING, 'transfer-coding'),
  },
  { name: 'WWW-Authenticate', rfc: 'RFC 9110 §11.6.1', singleton: false, wrong: challenges },
  {
    name: 'Cache-Control',
    rfc: 'RFC 9111 §5.2',
    singleton: false,
    wrong: (v) => eachMatches(v, DIRECTIVE, 'cache-directive'),
  },
  {
    name: 'Allow',
    rfc: 'RFC 9110 §10.2.1',
    singleton: false,
    wrong: (v) => eachMatches(v, TOKEN_ONLY, 'method', true),
  },
  {
    name: 'Vary',
    rfc: 'RFC 9110 §12.5.5',
    singleton: false,
    wrong: (v) => (v.trim() === '*' ? undefined : eachMatches(v, TOKEN_ONLY, 'field-name')),
  },
  {
    name: 'Link',
    rfc: 'RFC 8288 §3',
    singleton: false,
    wrong: (v) => eachMatches(v, LINK_VALUE, 'link-value'),
  },
  { name: 'Last-Modified', rfc: 'RFC 9110 §8.8.2', singleton: true, wrong: date },
  { name: 'Expires', rfc: 'RFC 9111 §5.3', singleton: true, wrong: date },
  {
    name: 'ETag',
    rfc: 'RFC 9110 §8.8.3',
    singleton: true,
    wrong: (v) => (ENTITY_TAG.test(v.trim()) ? undefined : `${JSON.stringify(v)} is no entity-tag`),
  },
];
