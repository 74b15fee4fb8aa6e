# The Sinatra app of the sinatra-puma target: the Order Store Service v1 routes at the base path, the key
# checked in a before filter (it runs for every request, routed or not), Error bodies for halts and for
# Sinatra's own errors. Sinatra's defaults stay (Rack::Protection, strict paths, HEAD for GET routes).
require 'json'
require 'openssl'
require 'sinatra/base'

class OrderStoreApp < Sinatra::Base
  DEPRECATION = '@1767225600' # RFC 9745: 2026-01-01T00:00:00Z
  SUNSET = 'Thu, 01 Jul 2027 00:00:00 GMT'
  INT64 = (-(2**63)...(2**63)).freeze

  # The app for one store: routes need the base path, so they are drawn here, once.
  def self.serving(zoo, store)
    set :zoo, zoo
    set :store, store
    draw(zoo.base_path)
    self
  end

  helpers do
    def fail_with(status, code, message, headers = {})
      halt status, headers.merge('Content-Type' => 'application/json'), Zoo.error_body(status, code, message)
    end

    # ASCII digits within int64 (Integer() alone takes "0x7", "0_7", "+7"; String#to_i takes "7abc").
    def id_param(name)
      text = params[name]
      return text.to_i if settings.zoo.misconfig == 'to-i-ids'

      # Sinatra hands the decoded segment over as UTF-8 even when it is not ("2%FF"), and matching a regexp
      # against invalid UTF-8 raises: only a valid string is matched.
      id = text.valid_encoding? && text.match?(/\A-?[0-9]{1,19}\z/) ? Integer(text, 10) : nil
      fail_with(400, 'invalid_id', "#{name} must be a 64-bit integer.") unless id && INT64.cover?(id)
      id
    end
  end

  before do
    next if Zoo.key_label(settings.zoo.keys, request.env['HTTP_AUTHORIZATION'])

    challenge = 'Bearer realm="order-store"'
    challenge += ', error="invalid_token"' if request.env['HTTP_AUTHORIZATION']
    fail_with(401, 'unauthorized', 'A valid API key is required: Authorization: Bearer <key>.', 'WWW-Authenticate' => challenge)
  end

  # Sinatra runs a status's handler after every response with that status, a halt's too; returning nil
  # keeps the halted body. Only a route miss (Sinatra::NotFound, in sinatra.error) gets this one.
  not_found do
    if env['sinatra.error']
      content_type :json
      Zoo.error_body(404, 'not_found', 'No operation is served at this path.')
    end
  end

  error Sinatra::BadRequest do
    content_type :json
    Zoo.error_body(400, 'bad_request', 'The request could not be read.')
  end

  error do
    content_type :json
    Zoo.error_body(500, 'internal_error', 'The server failed to answer this request.')
  end

  def self.draw(base)
    get "#{base}/store/orders" do
      content_type :json
      JSON.generate(settings.store.list)
    end

    delete "#{base}/store/orders/:order_id" do
      case settings.store.cancel(id_param('order_id'))
      when :cancelled then halt 204
      when :shipped then fail_with(409, 'order_shipped', 'The order has already shipped and cannot be cancelled.')
      else fail_with(404, 'order_not_found', 'No order has this orderId.')
      end
    end

    get "#{base}/pets/:pet_id" do
      headers 'Deprecation' => DEPRECATION, 'Sunset' => SUNSET
      pet_id = id_param('pet_id')
      fail_with(404, 'pet_not_found', 'No pet has this petId.') unless settings.store.pet?(pet_id)
      content_type :json
      JSON.generate(id: pet_id)
    end
  end
end
