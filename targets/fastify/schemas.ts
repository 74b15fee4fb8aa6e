// JSON schemas of the Fastify target's routes: the path parameters Ajv validates and the list that
// fast-json-stringify writes (it writes a bigint as a JSON integer, so int64 ids stay exact).

/** An id path parameter: decimal digits with an optional minus, or (the 'integer-id-schema' misconfig) an integer. */
export function idParams(type: 'string' | 'integer', name = 'orderId') {
  return {
    type: 'object',
    properties: {
      [name]: type === 'string' ? { type: 'string', pattern: '^-?[0-9]+$' } : { type: 'integer' },
    },
    required: [name],
  } as const;
}

const order = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    petId: { type: 'integer' },
    quantity: { type: 'integer' },
    shipDate: { type: 'string' },
    complete: { type: 'boolean' },
    status: { type: 'string' },
  },
} as const;

export const orderList = { type: 'array', items: order } as const;

export const pet = { type: 'object', properties: { id: { type: 'integer' } } } as const;
