// The named faults of how HTTP carries the answers: a realistic deviation each, with where it acts and the rule
// it breaks. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { fault, faultsOf } from './fault-info.ts';

export const HTTP_FAULTS = faultsOf('http', [
  fault(
    'http-no-date',
    'any response',
    'RFC 9110 §6.6.1',
    'No Date header field on any response (a server whose framework writes none, as Rack servers without Rack::Date).',
  ),
  fault(
    'http-date-iso',
    'any response',
    'RFC 9110 §5.6.7',
    'Date is written as an ISO 8601 timestamp (toISOString) instead of an IMF-fixdate.',
  ),
  fault(
    'http-content-type-comma',
    'any response',
    'RFC 9110 §8.3',
    'JSON responses say Content-Type: application/json, charset=utf-8 (a comma where the parameter needs a semicolon).',
  ),
]);
