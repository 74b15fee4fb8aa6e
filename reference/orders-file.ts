// Reads an --orders FILE: a JSON array of {id, petId, quantity, shipDate, complete, status}, ids exact.
// Must not round any number through a JS number before it is known to be a safe integer.

import { readFileSync } from 'node:fs';
import { isLosslessNumber, LosslessNumber, parse } from 'lossless-json';
import { normalizeSeed, type SeedOrder } from './seed.ts';

const FIELDS = new Set(['id', 'petId', 'quantity', 'shipDate', 'complete', 'status']);

/** 1.0 is 1 to JS, so the raw text decides whether the quantity was written as an integer. */
function quantityOf(value: unknown): number {
  if (!isLosslessNumber(value)) return value as number;
  const raw = value.toString();
  return /^-?(0|[1-9][0-9]*)$/.test(raw) ? Number(raw) : Number.NaN;
}

/** Ids become canonical decimal strings (normalizeSeed checks int64); quantity a number only if safe. */
function toSeed(entry: unknown, where: string): SeedOrder {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry) || isLosslessNumber(entry)) {
    throw new Error(`${where} must be an object`);
  }
  const record = entry as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    if (!FIELDS.has(name)) throw new Error(`${where} has unknown field "${name}"`);
  }
  // normalizeSeed then checks the raw digits against the canonical int64 form.
  const int = (name: string): string => {
    const value = record[name];
    if (!isLosslessNumber(value)) throw new Error(`${where}.${name} must be a JSON integer`);
    return value.toString();
  };
  return {
    id: int('id'),
    petId: int('petId'),
    quantity: quantityOf(record.quantity),
    shipDate: record.shipDate as string,
    complete: record.complete as boolean,
    status: record.status as SeedOrder['status'],
  };
}

export function parseOrdersJson(text: string, label = 'orders file'): SeedOrder[] {
  let data: unknown;
  try {
    data = parse(text, null, (raw) => new LosslessNumber(raw));
  } catch (error) {
    throw new Error(`${label} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(data)) throw new Error(`${label} must be a JSON array of orders`);
  const seed = data.map((entry, i) => toSeed(entry, `${label}[${i}]`));
  normalizeSeed(seed, label);
  return seed;
}

export function loadOrdersFile(path: string): SeedOrder[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(
      `cannot read orders file ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  return parseOrdersJson(text, path);
}
