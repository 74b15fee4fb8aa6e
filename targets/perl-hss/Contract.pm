# The zoo contract (targets/README.md) for the perl-hss target: the ZOO_* environment read once (exit 2 on what
# it cannot run), the seed with exact int64 ids, the client a request is charged to, and the "ZOO ..." lines on
# the process's own stdout (HTTP::Server::Simple points STDOUT at the client while it serves). Never prints a key.
package Contract;
use strict;
use warnings;
use IO::Handle;
use JSON::PP ();

my $TOKEN68 = qr/[A-Za-z0-9\-._~+\/]+=*/;

# HTTP::Server::Simple selects each client's socket as STDOUT: the event lines go to a copy of the real one.
open(my $ZOO_OUT, '>&', \*STDOUT) or die "cannot dup stdout: $!";
$ZOO_OUT->autoflush(1);

sub say_zoo { print {$ZOO_OUT} "ZOO @_\n" }

sub load {
    my (@misconfigs) = @_;
    my $fail = sub { print STDERR "perl-hss target: $_[0]\n"; exit 2 };
    my $whole = sub {
        my ($name, $default, $least) = @_;
        my $raw = (defined $ENV{$name} && length $ENV{$name}) ? $ENV{$name} : $default;
        $fail->("$name must be a whole number >= $least") unless $raw =~ /\A[0-9]+\z/ && $raw >= $least;
        return 0 + $raw;
    };
    my $misconfig = $ENV{ZOO_MISCONFIG} // '';
    if (length $misconfig && !grep { $_ eq $misconfig } @misconfigs) {
        $fail->("unknown ZOO_MISCONFIG '$misconfig'; known: " . join(', ', @misconfigs));
    }
    my $host = $ENV{ZOO_HOST} || '127.0.0.1';
    $fail->('ZOO_HOST must be a loopback address (127.0.0.1 or ::1)') unless $host eq '127.0.0.1' || $host eq '::1';
    my $base = $ENV{ZOO_BASE_PATH} || '/v1';
    $fail->('ZOO_BASE_PATH must be a path ending in /v1') unless $base =~ m{\A(?:/[A-Za-z0-9._~-]+)*/v1\z};
    my @keys = grep { length } split /,/, ($ENV{ZOO_KEYS} // '');
    $fail->('ZOO_KEYS must list one or more token68 keys') if !@keys || grep { !/\A$TOKEN68\z/ } @keys;
    my $seed = $ENV{ZOO_SEED} or $fail->('ZOO_SEED must name the seed file');
    return {
        host => $host,
        port => $whole->('ZOO_PORT', 0, 0),
        base_path => $base,
        keys => \@keys,
        seed_file => $seed,
        rate_limit => $whole->('ZOO_RATE_LIMIT', 60, 1),
        window => $whole->('ZOO_RATE_WINDOW', 60, 1),
        ban_seconds => $whole->('ZOO_BAN_SECONDS', 60, 1),
        ban_after => $whole->('ZOO_BAN_AFTER', 1, 1),
        misconfig => $misconfig,
    };
}

# The seed's orders in its order; ids and petIds numified from their decimal strings: Perl's 64-bit integers
# (IV) hold every int64 exactly, and JSON::PP writes a pure integer as a JSON number.
sub read_seed {
    my ($file) = @_;
    open(my $fh, '<:raw', $file) or die "cannot read $file: $!";
    my $orders = JSON::PP->new->decode(do { local $/; <$fh> });
    return [map { +{ %$_, id => 0 + $_->{id}, petId => 0 + $_->{petId} } } @$orders];
}

# RFC 6750 §2.1: "Bearer" 1*SP b64token, the scheme in any case (RFC 9110 §11.1).
sub bearer_token {
    my ($header) = @_;
    return undef unless defined $header && $header =~ /\A[Bb][Ee][Aa][Rr][Ee][Rr] +($TOKEN68)\z/;
    return $1;
}

# A valid key's label, key#N by its place in ZOO_KEYS, else the client address.
sub client_of {
    my ($keys, $token, $address) = @_;
    if (defined $token) {
        for my $i (0 .. $#$keys) {
            return 'key#' . ($i + 1) if same_text($token, $keys->[$i]);
        }
    }
    return $address // 'unknown';
}

# Compared in time that does not depend on where the first difference is.
sub same_text {
    my ($a, $b) = @_;
    return 0 unless length $a == length $b;
    my $diff = 0;
    $diff |= ord(substr $a, $_, 1) ^ ord(substr $b, $_, 1) for 0 .. length($a) - 1;
    return $diff == 0;
}

1;
