// Every response, not the first: the requirements on a kind of response judged on every response of that
// kind in the whole run, with the first offending exchange as evidence and the count judged. Runs with the
// whole-run suites, last; sends nothing.
import { suite } from '../shared/context.ts';
import { everyHeaderChecks } from './headers.ts';
import { everyListChecks } from './lists.ts';

export const everyResponse = suite({
  id: 'EVERY',
  title: 'Every response (whole run)',
  spec: 'spec §1, §2, §4 listOrders, §8 rule 1; RFC 9110 §5.3, §8.3',
  checks: [...everyListChecks, ...everyHeaderChecks],
});
