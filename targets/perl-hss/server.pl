#!/usr/bin/perl
# Starts the perl-hss target: OrderServer (an HTTP::Server::Simple subclass) on ZOO_HOST:ZOO_PORT, one request
# at a time, one connection per request, as the module's own run loop serves them. SIGTERM ends the process
# (Perl's default for it); "ZOO listening <url>" is printed once the socket listens.
use strict;
use warnings;
use File::Basename qw(dirname);
use lib dirname(__FILE__);
use Socket qw(AF_INET AF_INET6);
use Contract;
use OrderServer;

my $env = Contract::load(@OrderServer::MISCONFIGS);
my $server = OrderServer->new(undef, $env->{host} =~ /:/ ? AF_INET6 : AF_INET)->configure($env);
$server->host($env->{host});
$server->port($env->{port});    # new() reads a false port as 8080: 0 (a free port) is set here
$server->run;
