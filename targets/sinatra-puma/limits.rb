# Spec §8 on the sinatra-puma target with Rack::Attack: a throttle per client (epoch-aligned fixed window in an
# ActiveSupport MemoryStore), its responders made Error bodies with Retry-After, Allow2Ban for the ban of
# rule 5, a middleware that writes X-RateLimit-* from the throttle data Rack::Attack leaves in the env, and one
# that adds the Date Puma does not write.
require 'active_support'
require 'active_support/cache'
require 'json'
require 'rack/attack'
require 'time'

module Zoo
  THROTTLE = 'api'

  # Outermost: every response the throttle saw gets its count; a banned client's answer brings its own.
  # Puma writes no Date header and Sinatra adds none: an origin server with a clock must send one on 2xx, 3xx
  # and 4xx answers (RFC 9110 §6.6.1), so the outermost middleware adds it where the app did not.
  class DateHeader
    def initialize(app)
      @app = app
    end

    def call(env)
      status, headers, body = @app.call(env)
      headers['Date'] ||= Time.now.httpdate
      [status, headers, body]
    end
  end

  class RateLimitHeaders
    def initialize(app)
      @app = app
    end

    def call(env)
      status, headers, body = @app.call(env)
      data = env.dig('rack.attack.throttle_data', THROTTLE)
      if data
        headers['X-RateLimit-Limit'] = data[:limit].to_s
        headers['X-RateLimit-Remaining'] = [data[:limit] - data[:count], 0].max.to_s
        headers['X-RateLimit-Reset'] = ((data[:epoch_time] / data[:period] + 1) * data[:period]).to_s
      end
      [status, headers, body]
    end
  end

  def self.error_body(status, code, message)
    [JSON.generate(code: code, message: message, status: status)]
  end

  def self.configure_limits(zoo)
    cache = Rack::Attack.cache
    cache.store = ActiveSupport::Cache::MemoryStore.new
    client = ->(req) { key_label(zoo.keys, req.get_header('HTTP_AUTHORIZATION')) || req.ip }

    Rack::Attack.throttle(THROTTLE, limit: zoo.rate_limit, period: zoo.window_seconds) { |req| client.call(req) }

    # Rule 5: Allow2Ban lets early requests through until ban_after of them, then bans the client.
    Rack::Attack.blocklist('sent inside Retry-After') do |req|
      who = client.call(req)
      now = Time.now.to_f
      early = now < (cache.read("retry:#{who}") || 0)
      say("early #{who}") if early
      was = Rack::Attack::Allow2Ban.banned?(who)
      banned = Rack::Attack::Allow2Ban.filter(who, maxretry: zoo.ban_after, findtime: zoo.ban_seconds, bantime: zoo.ban_seconds) { early }
      if !was && Rack::Attack::Allow2Ban.banned?(who)
        cache.write("banned-until:#{who}", now + zoo.ban_seconds, zoo.ban_seconds)
        say("ban #{who} #{zoo.ban_seconds}")
      end
      banned
    end

    # Its default is 403 "Forbidden\n"; a banned client is told 429 and when to come back.
    Rack::Attack.blocklisted_responder = lambda do |req|
      who = client.call(req)
      now = Time.now.to_f
      until_at = cache.read("banned-until:#{who}") || (now + zoo.ban_seconds)
      wait = [(until_at - now).ceil, 1].max
      cache.write("retry:#{who}", now + wait, wait + 1)
      headers = { 'Content-Type' => 'application/json', 'Retry-After' => wait.to_s,
                  'X-RateLimit-Limit' => zoo.rate_limit.to_s, 'X-RateLimit-Remaining' => '0',
                  'X-RateLimit-Reset' => until_at.ceil.to_s }
      [429, headers, error_body(429, 'banned', 'This client kept sending inside Retry-After: banned for a while.')]
    end

    return if zoo.misconfig == 'default-throttled-responder' # "Retry later\n", text/plain, no Retry-After

    Rack::Attack.throttled_responder = lambda do |req|
      data = req.env['rack.attack.match_data']
      now = data[:epoch_time]
      retry_after = data[:period] - (now % data[:period]) # to the window's end, from a whole-second now
      cache.write("retry:#{data[:discriminator]}", now + retry_after, retry_after + 1)
      headers = { 'Content-Type' => 'application/json', 'Retry-After' => retry_after.to_s }
      if zoo.misconfig == 'readme-headers'
        # The README's example, on the 429 only, without the X- prefix the spec names.
        headers.merge!('RateLimit-Limit' => data[:limit].to_s, 'RateLimit-Remaining' => '0',
                       'RateLimit-Reset' => (now + retry_after).to_s)
      end
      [429, headers, error_body(429, 'rate_limited', 'Request rate limit exceeded; wait for Retry-After.')]
    end
  end
end
