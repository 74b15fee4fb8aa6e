# Spec §8 on the perl-hss target: HTTP::Server::Simple has no limiter, so a fixed window aligned on the epoch
# (window n covers [nW, (n+1)W)) per client, and the ban of spec §8 rule 5 with its "ZOO early" / "ZOO ban"
# lines. One request at a time (the server is sequential): no lock. Decides; writes no header.
package Limits;
use strict;
use warnings;
use POSIX qw(ceil floor);
use Contract;

sub new {
    my ($class, $env) = @_;
    return bless {
        limit => $env->{rate_limit}, window => $env->{window},
        ban_after => $env->{ban_after}, ban_seconds => $env->{ban_seconds},
        counts => {},    # client -> [window start, requests counted in it]
        book => {},      # client -> [wait until, early requests, banned until]
    }, $class;
}

# Counts one request of $client at $now: { limit, remaining, reset, refusal ('' or the 429's code), retry_after }.
sub charge {
    my ($self, $client, $now) = @_;
    $self->arrive($client, $now);
    my $start = floor($now / $self->{window}) * $self->{window};
    my $count = $self->{counts}{$client};
    $count = $self->{counts}{$client} = [$start, 0] if !$count || $count->[0] != $start;
    $count->[1]++;
    my $reset = $start + $self->{window};
    my $remaining = $self->{limit} - $count->[1];
    $remaining = 0 if $remaining < 0;
    my $banned_until = $self->banned_until($client, $now);
    my %quota = (limit => $self->{limit}, remaining => $remaining, reset => $reset, refusal => '');
    return \%quota if !defined $banned_until && $count->[1] <= $self->{limit};
    my $until = defined $banned_until && $banned_until > $reset ? $banned_until : $reset;
    my $wait = ceil($until - $now);
    $wait = 1 if $wait < 1;    # delay-seconds, rounded up (RFC 9110 §10.2.3)
    $self->refused($client, $now + $wait);
    return { %quota, reset => ceil($until), refusal => defined $banned_until ? 'banned' : 'rate_limited',
        retry_after => $wait };
}

# Spec §8 rule 5: a request before the moment a 429 named is early; the ban_after-th one bans the client.
sub arrive {
    my ($self, $client, $now) = @_;
    my $state = $self->{book}{$client} or return;
    if ($now >= $state->[0]) { $state->[1] = 0; return }
    Contract::say_zoo("early $client");
    $state->[1]++;
    if ($state->[1] >= $self->{ban_after} && $now >= $state->[2]) {
        $state->[2] = $now + $self->{ban_seconds};
        $state->[0] = $state->[2] if $state->[2] > $state->[0];
        Contract::say_zoo("ban $client $self->{ban_seconds}");
    }
}

sub banned_until {
    my ($self, $client, $now) = @_;
    my $state = $self->{book}{$client};
    return $state && $state->[2] > $now ? $state->[2] : undef;
}

sub refused {
    my ($self, $client, $until) = @_;
    my $state = $self->{book}{$client} ||= [0, 0, 0];
    $state->[0] = $until if $until > $state->[0];
}

1;
