// Fixtures minted per run: the user's command (--fixtures-command) or the API's function is asked, before the
// first request, for as many pending orders as the plan needs, and prints {"cancellable": [...], "shipped": [...]}.
// A failure or a malformed answer is a usage error (exit 2) with nothing sent; it never adds the key to the
// command's environment.
import { spawn } from 'node:child_process';
import type { FixturesCommand } from '../lib/config/config.ts';
import { envAndFlag } from '../lib/config/settings.ts';
import { UsageError } from '../lib/errors.ts';
import { isCanonicalInt64 } from '../lib/formats/int64.ts';
import { parseBytes } from '../lib/formats/json-parse.ts';
import { KEY_VARIABLE } from '../lib/http/redact.ts';
import { visible } from '../lib/report/text/inert.ts';

/** What a fixtures source hands over: ids as decimal strings; a list left out keeps the ids given. */
export interface MintedFixtures {
  cancellable?: string[];
  shipped?: string[];
}

/** Asked once per run with how many pending orders the plan needs; what it answers is checked (mintedOf). */
export type FixtureSource = (needed: number) => Promise<unknown>;

/** The variable the command reads the number from, besides its first argument. */
export const NEEDED_VARIABLE = 'ORDER_STORE_FIXTURES_NEEDED';
/** The longest a command may take, and the most it may print. */
const COMMAND_TIMEOUT_MS = 120_000;
const MAX_STDOUT_BYTES = 1024 * 1024;
const MAX_STDERR_BYTES = 64 * 1024;

/** One line of what the command said, bounded, every control written out: data, never a terminal's command. */
const quoted = (text: string) => {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  return JSON.stringify(visible(line.length > 200 ? `${line.slice(0, 200)}…` : line));
};

/**
 * Checks what a source answered: an object whose `cancellable` and `shipped` (each optional) are arrays of
 * int64 ids, as integers or decimal strings. `where` names the source in the message.
 */
export function mintedOf(value: unknown, where: string): MintedFixtures {
  const bad = (why: string) =>
    new UsageError(
      `${where} ${why}; it must print JSON {"cancellable": [ids], "shipped": [ids]} (int64 ids, as integers or strings)`,
    );
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw bad('gave no JSON object');
  const out: MintedFixtures = {};
  for (const key of ['cancellable', 'shipped'] as const) {
    const list = (value as Record<string, unknown>)[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw bad(`gave "${key}" that is no array`);
    out[key] = list.map((id) => {
      const text = typeof id === 'bigint' || typeof id === 'number' ? String(id) : id;
      if (typeof text !== 'string' || !isCanonicalInt64(text))
        throw bad(
          `gave ${quoted(JSON.stringify(id, (_k, v) => (typeof v === 'bigint' ? String(v) : v)) ?? String(id))} in "${key}", no int64 id`,
        );
      return text;
    });
  }
  if (out.cancellable === undefined && out.shipped === undefined)
    throw bad('gave neither "cancellable" nor "shipped"');
  return out;
}

/**
 * The source that runs the user's command with /bin/sh, the number as an argument after the command's own ($1 for
 * a command given alone) and in the environment.
 */
export function commandSource(command: FixturesCommand, secrets: readonly string[] = []): FixtureSource {
  // What the command wrote is quoted in the error: a key it echoed (its environment holds the run's) is not.
  const scrub = (text: string) =>
    secrets.filter((k) => k.length > 0).reduce((t, k) => t.split(k).join(`$${KEY_VARIABLE}`), text);
  const name = `the fixtures command (${envAndFlag('fixturesCommand')})`;
  return (needed) =>
    new Promise<unknown>((resolve, reject) => {
      const child = spawn('/bin/sh', ['-c', `${command.command} "$@"`, 'sh', String(needed)], {
        cwd: command.cwd,
        env: { ...command.env, [NEEDED_VARIABLE]: String(needed) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const out: Buffer[] = [];
      let outBytes = 0;
      let err = '';
      let failed: string | undefined;
      const timer = setTimeout(() => {
        failed = `did not finish within ${COMMAND_TIMEOUT_MS / 1000} s`;
        child.kill('SIGKILL');
      }, COMMAND_TIMEOUT_MS);
      child.stdout.on('data', (d: Buffer) => {
        outBytes += d.length;
        if (outBytes > MAX_STDOUT_BYTES && failed === undefined) {
          failed = `printed more than ${MAX_STDOUT_BYTES} bytes`;
          child.kill('SIGKILL');
        } else out.push(d);
      });
      child.stderr.on('data', (d: Buffer) => {
        if (err.length < MAX_STDERR_BYTES) err += d.toString('utf8');
      });
      child.on('error', (e) => {
        clearTimeout(timer);
        reject(new UsageError(`${name} could not start: ${quoted(e.message)}`));
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        const said = err.trim() === '' ? 'it wrote nothing on stderr' : `stderr: ${quoted(scrub(err))}`;
        if (failed !== undefined)
          return reject(new UsageError(`${name} ${failed} (${said}); nothing was sent`));
        if (code !== 0)
          return reject(
            new UsageError(
              `${name} failed (${code === null ? `killed by ${signal}` : `exit ${code}`}; ${said}); nothing was sent`,
            ),
          );
        const text = Buffer.concat(out);
        let parsed: unknown;
        try {
          parsed = parseBytes(text);
        } catch {
          return reject(
            new UsageError(
              `${name} printed no JSON (${text.length === 0 ? 'nothing' : quoted(scrub(text.toString('utf8')))}); it must print {"cancellable": [ids], "shipped": [ids]}; nothing was sent`,
            ),
          );
        }
        try {
          resolve(mintedOf(parsed, name));
        } catch (e) {
          reject(e);
        }
      });
    });
}
