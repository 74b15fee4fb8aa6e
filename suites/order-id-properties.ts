// spec §4 cancelOrder path parameter orderId (int64): property-based checks with fast-check.
import { suite } from './support/context.ts';

export const orderIdProperties = suite({
  id: 'ID',
  title: 'orderId handling (property-based)',
  spec: 'spec §4 cancelOrder (orderId: int64)',
  checks: [],
});
