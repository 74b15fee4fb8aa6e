# The sinatra-puma target's order store: the seed in memory, guarded by a Mutex (Puma serves on threads). A
# cancelled order is deleted: cancelling it again finds nothing. No HTTP in here.
class OrderStore
  PUBLIC = %w[id petId quantity shipDate complete].freeze

  def initialize(seed)
    @lock = Mutex.new
    @orders = seed.to_h { |o| [o['id'], o] } # insertion order is the seed's, which the list keeps
    @pets = seed.map { |o| o['petId'] }.to_set
  end

  def list
    @lock.synchronize { @orders.values.map { |o| o.slice(*PUBLIC) } }
  end

  # :cancelled, :shipped or :missing
  def cancel(id)
    @lock.synchronize do
      order = @orders[id]
      next :missing unless order
      next :shipped unless order['status'] == 'pending'

      @orders.delete(id)
      :cancelled
    end
  end

  def pet?(id)
    @pets.include?(id)
  end
end
