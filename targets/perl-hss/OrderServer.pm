# The perl-hss target: the Order Store Service v1 as an HTTP::Server::Simple subclass (the base class, not its
# CGI one): setup() and headers() keep the request, handler() prints the whole response, as the module asks.
# Limits, then the key, then the route. One switch per misconfiguration; never writes a key.
package OrderServer;
use strict;
use warnings;
use parent 'HTTP::Server::Simple';
use JSON::PP ();
use Math::BigInt;
use Scalar::Util qw(looks_like_number);
use Socket qw(AF_INET6 unpack_sockaddr_in unpack_sockaddr_in6);
use Time::HiRes ();
use Contract;
use Limits;

our @MISCONFIGS = qw(no-date-header dollar-anchor looks-like-number);
my $JSON = JSON::PP->new->canonical;
my $DEPRECATION = '@1767225600';    # RFC 9745: 2026-01-01T00:00:00Z
my $SUNSET = 'Thu, 01 Jul 2027 00:00:00 GMT';
my %REASON = (200 => 'OK', 204 => 'No Content', 400 => 'Bad Request', 401 => 'Unauthorized',
    404 => 'Not Found', 405 => 'Method Not Allowed', 409 => 'Conflict', 429 => 'Too Many Requests', 500 => 'Internal Server Error');
my @DAYS = qw(Sun Mon Tue Wed Thu Fri Sat);
my @MONTHS = qw(Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec);
my ($INT64_MIN, $INT64_MAX) = (Math::BigInt->new('-9223372036854775808'), Math::BigInt->new('9223372036854775807'));

sub configure {
    my ($self, $env) = @_;
    $self->{env} = $env;
    $self->{limits} = Limits->new($env);
    $self->{orders} = {};
    $self->{order_ids} = [];
    for my $order (@{ Contract::read_seed($env->{seed_file}) }) {
        my %public = map { $_ => $order->{$_} } qw(id petId quantity shipDate complete);
        $self->{orders}{ $order->{id} } = { public => \%public, status => $order->{status} };
        push @{ $self->{order_ids} }, $order->{id};
        $self->{pets}{ $order->{petId} } = 1;    # pets outlive cancelled orders
    }
    return $self;
}

# "ZOO listening" once the socket listens: HTTP::Server::Simple prints its banner just before it accepts.
sub print_banner {
    my ($self) = @_;
    my $name = getsockname(HTTP::Server::Simple::HTTPDaemon);
    my ($port) = $self->family == AF_INET6 ? unpack_sockaddr_in6($name) : unpack_sockaddr_in($name);
    my $host = $self->{env}{host} =~ /:/ ? "[$self->{env}{host}]" : $self->{env}{host};
    Contract::say_zoo("listening http://$host:$port$self->{env}{base_path}");
}

# setup() is called with method, path, peeraddr and the rest; the default calls a method per item.
sub setup {
    my ($self, %request) = @_;
    $self->{request} = { %request, headers => {} };
}

# Header lines as name => value pairs, names in any case; of a repeated field the last line is kept.
sub headers {
    my ($self, $pairs) = @_;
    my @pairs = @$pairs;
    while (my ($name, $value) = splice @pairs, 0, 2) {
        $self->{request}{headers}{ lc $name } = $value;
    }
}

# The module calls handler() with nothing around it: a die in it would end the whole server.
sub handler {
    my ($self) = @_;
    return if eval { $self->serve; 1 };
    warn "perl-hss target: uncaught error: $@";
    $self->respond(500, [], $JSON->encode({ code => 'internal_error', message => 'Internal error.', status => 500 }));
}

sub serve {
    my ($self) = @_;
    my ($env, $request) = ($self->{env}, $self->{request});
    $self->discard_body;
    my $token = Contract::bearer_token($request->{headers}{authorization});
    my $client = Contract::client_of($env->{keys}, $token, $request->{peeraddr});
    my $quota = $self->{limits}->charge($client, Time::HiRes::time());
    my @fields = (['X-RateLimit-Limit', $quota->{limit}], ['X-RateLimit-Remaining', $quota->{remaining}],
        ['X-RateLimit-Reset', $quota->{reset}]);
    if ($quota->{refusal}) {
        push @fields, ['Retry-After', $quota->{retry_after}];
        return $self->error(429, \@fields, $quota->{refusal}, 'Request rate limit exceeded; wait for Retry-After.');
    }
    if ($client !~ /\Akey#/) {
        my $challenge = 'Bearer realm="order-store"';
        $challenge .= ', error="invalid_token"' if defined $request->{headers}{authorization};
        push @fields, ['WWW-Authenticate', $challenge];
        return $self->error(401, \@fields, 'unauthorized', 'A valid API key is required: Authorization: Bearer <key>.');
    }
    my ($method, $path, $base) = ($request->{method}, $request->{path}, quotemeta $env->{base_path});
    if ($path =~ m{\A$base/store/orders\z}) {
        return $self->not_allowed(\@fields, 'GET, HEAD') unless $method eq 'GET' || $method eq 'HEAD';
        my @list = map { $self->{orders}{$_}{public} } grep { $self->{orders}{$_} } @{ $self->{order_ids} };
        return $self->respond(200, \@fields, $JSON->encode(\@list));
    }
    if ($path =~ m{\A$base/store/orders/([^/]+)\z}) {
        my $raw = $1;
        return $self->not_allowed(\@fields, 'DELETE') unless $method eq 'DELETE';
        my $id = $self->int64($raw);
        return $self->error(400, \@fields, 'invalid_order_id', 'The orderId must be a 64-bit integer.')
            unless defined $id;
        my $order = $self->{orders}{$id};
        return $self->error(404, \@fields, 'order_not_found', 'No order has this orderId.') unless $order;
        return $self->error(409, \@fields, 'order_shipped', 'The order has already shipped.')
            if $order->{status} ne 'pending';
        delete $self->{orders}{$id};
        return $self->respond(204, \@fields);
    }
    if ($path =~ m{\A$base/pets/([^/]+)\z}) {
        my $raw = $1;
        return $self->not_allowed(\@fields, 'GET, HEAD') unless $method eq 'GET' || $method eq 'HEAD';
        push @fields, ['Deprecation', $DEPRECATION], ['Sunset', $SUNSET];
        my $id = $self->int64($raw);
        return $self->error(400, \@fields, 'invalid_pet_id', 'The petId must be a 64-bit integer.') unless defined $id;
        return $self->error(404, \@fields, 'pet_not_found', 'No pet has this petId.') unless $self->{pets}{$id};
        return $self->respond(200, \@fields, $JSON->encode({ id => $id }));
    }
    return $self->error(404, \@fields, 'not_found', 'No such resource.');
}

# The int64 a raw path segment names (percent-decoded here: the server hands the path over as sent), or undef.
sub int64 {
    my ($self, $raw) = @_;
    (my $text = $raw) =~ s/%([0-9A-Fa-f]{2})/chr hex $1/ge;
    my $misconfig = $self->{env}{misconfig};
    if ($misconfig eq 'looks-like-number') {
        return undef unless looks_like_number($text);    # also "+2", " 2", "2.0", "2e0", "2\n"
        no warnings 'numeric';
        return 0 + $text;
    }
    # $ also matches before a final newline (perlre): \z is the end of the text.
    my $shape = $misconfig eq 'dollar-anchor' ? qr/^-?[0-9]{1,19}$/ : qr/\A-?[0-9]{1,19}\z/;
    return undef unless $text =~ $shape;
    my $n = Math::BigInt->new($text);    # "2\n" reads as 2
    return undef if $n->is_nan || $n < $INT64_MIN || $n > $INT64_MAX;
    return 0 + $n->bstr;    # an IV: exact over the whole int64 range
}

sub not_allowed {
    my ($self, $fields, $allow) = @_;
    return $self->error(405, [@$fields, ['Allow', $allow]], 'method_not_allowed', 'Method not allowed.');
}

sub error {
    my ($self, $status, $fields, $code, $message) = @_;
    return $self->respond($status, $fields, $JSON->encode({ code => $code, message => $message, status => $status }));
}

# The whole response on the client's socket (selected as STDOUT); the connection closes after it.
sub respond {
    my ($self, $status, $fields, $body) = @_;
    my $out = "HTTP/1.1 $status $REASON{$status}\r\n";
    $out .= 'Date: ' . http_date(time) . "\r\n" unless $self->{env}{misconfig} eq 'no-date-header';
    $out .= "Connection: close\r\n";
    $out .= "$_->[0]: $_->[1]\r\n" for @$fields;
    $out .= "Content-Type: application/json\r\nContent-Length: " . length($body) . "\r\n" if defined $body;
    $out .= "\r\n";
    $out .= $body if defined $body && $self->{request}{method} ne 'HEAD';
    print $out;
}

# RFC 9110 §5.6.7 IMF-fixdate, by hand: strftime's %a and %b follow the locale.
sub http_date {
    my ($sec, $min, $hour, $mday, $mon, $year, $wday) = gmtime shift;
    return sprintf '%s, %02d %s %04d %02d:%02d:%02d GMT', $DAYS[$wday], $mday, $MONTHS[$mon], $year + 1900,
        $hour, $min, $sec;
}

# The server reads the request line and header section only: a body left unread would reset the connection
# when it closes, so a declared one is read and dropped (bounded).
sub discard_body {
    my ($self) = @_;
    my $length = $self->{request}{headers}{'content-length'} // 0;
    return unless $length =~ /\A[0-9]{1,7}\z/;
    while ($length > 0) {
        my $read = sysread(STDIN, my $chunk, $length < 65536 ? $length : 65536) or last;
        $length -= $read;
    }
}

1;
