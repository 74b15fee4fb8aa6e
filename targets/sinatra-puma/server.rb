# Starts the sinatra-puma target: Rack::Attack and the X-RateLimit-* middleware in front of the Sinatra app,
# served by Puma's launcher (its defaults: single mode, 0-5 threads) on ZOO_HOST:ZOO_PORT, and prints
# "ZOO listening <url>" once booted. Puma stops on SIGTERM. It never prints a key.
ENV['RACK_ENV'] = 'production' # what a deployment sets: no development error pages
$LOAD_PATH.unshift(__dir__)
require 'set'
require 'puma'
require 'puma/configuration'
require 'puma/launcher'
require 'contract'
require 'limits'
require 'orders'
require 'app'

zoo = Zoo.load
Zoo.configure_limits(zoo)
api = OrderStoreApp.serving(zoo, OrderStore.new(Zoo.seed(zoo.seed_file)))
rack = Rack::Builder.new do
  use Zoo::DateHeader
  use Zoo::RateLimitHeaders unless zoo.misconfig == 'readme-headers'
  use Rack::Attack
  run api
end

host = zoo.host.include?(':') ? "[#{zoo.host}]" : zoo.host
conf = Puma::Configuration.new do |c|
  c.bind "tcp://#{host}:#{zoo.port}"
  c.app rack
  c.environment 'production'
end
launcher = Puma::Launcher.new(conf, events: Puma::Events.new($stderr, $stderr))
launcher.events.on_booted do
  $stdout.puts "ZOO listening http://#{host}:#{launcher.connected_ports.first}#{zoo.base_path}"
  $stdout.flush
end
launcher.run
