// The sinatra-puma zoo target: a Sinatra app behind Rack::Attack, served by Puma, all Debian's Ruby packages
// (ActiveSupport's MemoryStore as Rack::Attack's cache). Describes how to start it (ruby server.rb) and its
// misconfigurations; judges nothing.
import { fileURLToPath } from 'node:url';
import { defineTarget } from '../zoo-target.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

export const target = defineTarget({
  id: 'sinatra-puma',
  stack: 'Sinatra 3.0 + Rack::Attack 6.6 (ActiveSupport 6.1 MemoryStore) on Puma 5.6, Ruby 3.1 (Debian)',
  requires: [
    {
      command: 'ruby',
      versionArgs: [
        '-e',
        'require "sinatra/base"; require "puma"; require "rack/attack"; require "active_support"',
      ],
      what: 'Ruby with Sinatra, Puma, Rack::Attack and ActiveSupport',
      hint: 'install them (apt-get install ruby-sinatra puma ruby-rack-attack ruby-activesupport)',
    },
  ],
  launch: async () => ({ file: 'ruby', args: [`${HERE}server.rb`], cwd: HERE }),
  // Puma's five threads serve the burst's 61 concurrent requests in about 2.5 s: a 3 s window ends inside it,
  // and the burst (RL-PROBE-BURST) judges nothing. A 10 s window leaves it room.
  windowSeconds: 10,
  misconfigs: {
    'default-throttled-responder': {
      description:
        'Rack::Attack\'s throttled_responder left at its default: 429 with the text "Retry later\\n" ' +
        '(text/plain), and no Retry-After while throttled_response_retry_after_header is false, its default.',
      fails: ['RL-PROBE-429-BODY', 'ERR-BODY-SCHEMA'],
    },
    'readme-headers': {
      description:
        "Rate-limit headers as Rack::Attack's README example writes them: RateLimit-Limit, -Remaining and " +
        '-Reset, without the X- prefix, and on the throttled 429 only.',
      fails: ['RL-HEADERS-PRESENT', 'ID-ABSENT-404'],
      args: ['--skip-rate-limit-probe', '--only', 'ID-ABSENT-404,RL-HEADERS-PRESENT'],
    },
    'to-i-ids': {
      description:
        "The id read with params['order_id'].to_i, the Ruby habit: String#to_i stops at the first non-digit, " +
        'so "2abc" and "2.5" cancel order 2 (and "abc" is 0).',
      fails: ['ID-CANCEL-MISREAD'],
      warns: ['ID-CANCEL-SPELLING'],
      args: ['--skip-rate-limit-probe', '--only', 'ID-CANCEL-MISREAD,ID-CANCEL-SPELLING'],
    },
  },
});
