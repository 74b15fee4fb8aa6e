// The perl-hss zoo target: an HTTP::Server::Simple subclass (Debian's libhttp-server-simple-perl, Perl 5.36,
// JSON::PP and Math::BigInt from core), with its limiter in its own module. Found by a blind red team (issue 37
// item 8), which wrote it as conformant. Describes how to start it and its misconfigurations; judges nothing.
import { fileURLToPath } from 'node:url';
import { defineTarget } from '../zoo-target.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

export const target = defineTarget({
  id: 'perl-hss',
  stack: 'HTTP::Server::Simple 0.52 (its own sequential run loop), Perl 5.36 with JSON::PP (Debian)',
  requires: [
    {
      command: 'perl',
      versionArgs: ['-MHTTP::Server::Simple', '-MJSON::PP', '-MMath::BigInt', '-e', '1'],
      what: 'Perl with HTTP::Server::Simple',
      hint: 'install it (apt-get install libhttp-server-simple-perl)',
    },
  ],
  launch: async () => ({ file: 'perl', args: [`${HERE}server.pl`], cwd: HERE }),
  misconfigs: {
    'no-date-header': {
      description:
        "handler() prints the status line and its own fields only, as the module's SYNOPSIS does " +
        '("HTTP/1.0 200 OK", then the CGI header): HTTP::Server::Simple writes no field of its own, so no Date.',
      fails: ['HTTP-REQUIRED-FIELDS'],
      args: ['--only', 'HTTP-REQUIRED-FIELDS,LIST-STATUS-200'],
    },
    'dollar-anchor': {
      description:
        'The id checked with /^-?[0-9]{1,19}$/ (as the red team wrote it): "$" also matches before a final ' +
        'newline, and Math::BigInt->new reads "2\\n" as 2, so DELETE /store/orders/2%0A cancels order 2.',
      warns: ['ID-CANCEL-SPELLING'],
      // Every spelling, so the finding does not hang on the seed's sample (seeds 7 and 19 try %0A anyway).
      args: ['--only', 'ID-CANCEL-SPELLING', '--exhaustive'],
    },
    'looks-like-number': {
      description:
        "The id checked with Scalar::Util's looks_like_number and read with 0 + $id: Perl's numeric reading " +
        'takes "+2", " 2", "2.0", "2e0" and "2\\n" as 2.',
      warns: ['ID-CANCEL-SPELLING'],
      args: ['--only', 'ID-CANCEL-SPELLING', '--exhaustive'],
    },
  },
});
