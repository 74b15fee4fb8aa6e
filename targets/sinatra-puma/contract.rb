# The zoo contract (targets/README.md) for the sinatra-puma target: the ZOO_* environment read once (exit 2 on
# what it cannot run), the seed with exact Integer ids, and the client a request is charged to. It never
# prints a key: keys are named key#N by their place in ZOO_KEYS.
require 'json'
require 'openssl'

module Zoo
  MISCONFIGS = %w[default-throttled-responder readme-headers to-i-ids].freeze
  Env = Struct.new(:host, :port, :base_path, :keys, :seed_file, :rate_limit, :window_seconds,
                   :ban_seconds, :ban_after, :misconfig, keyword_init: true)

  def self.fail!(message)
    warn "sinatra-puma target: #{message}"
    exit 2
  end

  def self.whole(name, default, least)
    raw = ENV.fetch(name, '').empty? ? default.to_s : ENV[name]
    fail!("#{name} must be a whole number >= #{least}") unless raw.match?(/\A[0-9]+\z/) && raw.to_i >= least
    raw.to_i
  end

  def self.load
    misconfig = ENV.fetch('ZOO_MISCONFIG', '')
    fail!("unknown ZOO_MISCONFIG #{misconfig.inspect}; known: #{MISCONFIGS.join(', ')}") unless misconfig.empty? || MISCONFIGS.include?(misconfig)
    host = ENV.fetch('ZOO_HOST', '').empty? ? '127.0.0.1' : ENV['ZOO_HOST']
    fail!('ZOO_HOST must be 127.0.0.1 or ::1') unless ['127.0.0.1', '::1'].include?(host)
    base_path = ENV.fetch('ZOO_BASE_PATH', '').empty? ? '/v1' : ENV['ZOO_BASE_PATH']
    fail!('ZOO_BASE_PATH must be a path ending in /v1') unless base_path.match?(%r{\A(/[A-Za-z0-9._~-]+)*/v1\z})
    keys = ENV.fetch('ZOO_KEYS', '').split(',').reject(&:empty?)
    fail!('ZOO_KEYS must list token68 keys') if keys.empty? || !keys.all? { |k| k.match?(%r{\A[A-Za-z0-9\-._~+/]+=*\z}) }
    seed_file = ENV.fetch('ZOO_SEED', '')
    fail!('ZOO_SEED must name the seed file') if seed_file.empty?
    Env.new(host: host, port: whole('ZOO_PORT', 0, 0), base_path: base_path, keys: keys, seed_file: seed_file,
            rate_limit: whole('ZOO_RATE_LIMIT', 60, 1), window_seconds: whole('ZOO_RATE_WINDOW', 60, 1),
            ban_seconds: whole('ZOO_BAN_SECONDS', 60, 1), ban_after: whole('ZOO_BAN_AFTER', 1, 1),
            misconfig: misconfig)
  end

  # The seed's orders, ids read from their decimal strings: Ruby Integers, exact at any size.
  def self.seed(file)
    JSON.parse(File.read(file)).map do |o|
      o.merge('id' => Integer(o['id'], 10), 'petId' => Integer(o['petId'], 10))
    end
  end

  # RFC 6750 §2.1: "Bearer" 1*SP b64token; the scheme in any case (RFC 9110 §11.1).
  BEARER = %r{\A[Bb][Ee][Aa][Rr][Ee][Rr] +([A-Za-z0-9\-._~+/]+=*)\z}

  # "key#N" for a valid key, else nil. Every key is compared in constant time.
  def self.key_label(keys, authorization)
    token = BEARER.match(authorization.to_s)&.captures&.first
    return nil unless token

    index = keys.index { |k| k.bytesize == token.bytesize && OpenSSL.fixed_length_secure_compare(k, token) }
    index && "key##{index + 1}"
  end

  def self.say(line)
    $stdout.puts("ZOO #{line}")
    $stdout.flush
  end
end
