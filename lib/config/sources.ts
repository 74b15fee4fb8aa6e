// Where a setting's value comes from, for every command alike (a run, `judge`, `proxy`, the API): flags (or the
// API's object) over ORDER_STORE_* variables over the dotenv file, and the settings every command reads the
// same way. One reader, so a mistake in a source reads the same whichever command met it (exit code 2).
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { UsageError } from '../errors.ts';
import { FAIL_ON, type FailOn, PLANS, type Plan } from './config.ts';
import { unknownVariables } from './environment.ts';
import { rawFromObject } from './object.ts';
import { envAndFlag, type SettingKey, settingOf } from './settings.ts';
import { bool, choice, ids, list, type Raw, readEnv, str } from './values.ts';

export interface SourceOptions {
  env: Record<string, string | undefined>;
  cwd: string;
  /** The settings as an object (the API): no ORDER_STORE_* variable is read, nor a dotenv file unless named. */
  settings?: Readonly<Record<string, unknown>>;
}

export interface Sources {
  raw: Raw;
  /** The flags (or the API's object) alone. */
  flags: Raw;
  fromObject: boolean;
  /** The dotenv file read, when one was. */
  envFile?: string;
  /** Variables of the file or the environment that name no setting (a typo), one line each. */
  unknown: string[];
}

/** Reads the sources of one command, `readFlags` turning its argv into settings. */
export function readSources(
  argv: string[],
  options: SourceOptions,
  readFlags: (argv: string[]) => Raw,
): Sources {
  const fromObject = options.settings !== undefined;
  const flags = fromObject ? rawFromObject(options.settings!) : readFlags(argv);
  const fromEnv = fromObject ? {} : readEnv(options.env);
  // The dotenv file is the weakest source: real environment variables and flags win over it.
  const envFileGiven = str(flags.envFile) ?? str(fromEnv.envFile);
  const envFilePath = resolve(options.cwd, envFileGiven ?? '.env');
  const unknown: string[] = [];
  let fromFile: Raw = {};
  let envFile: string | undefined;
  if (existsSync(envFilePath) && (!fromObject || envFileGiven !== undefined)) {
    let fileVars: Record<string, string>;
    try {
      fileVars = parseDotenv(readFileSync(envFilePath));
    } catch (e) {
      const why = (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
      throw new UsageError(
        `cannot read the env file ${envFileGiven ?? '.env'} (${why}); fix ${envAndFlag('envFile')} or the file's permissions`,
      );
    }
    fromFile = readEnv(fileVars);
    envFile = envFilePath;
    unknown.push(...unknownVariables(fileVars, envFileGiven ?? '.env'));
  } else if (envFileGiven !== undefined) {
    throw new UsageError(
      `the env file ${envFileGiven} does not exist; fix ${envAndFlag('envFile')} or create the file`,
    );
  }
  if (!fromObject) unknown.push(...unknownVariables(options.env, 'environment'));
  return {
    raw: { ...fromFile, ...fromEnv, ...flags },
    flags,
    fromObject,
    ...(envFile !== undefined ? { envFile } : {}),
    unknown,
  };
}

/** A path setting as an absolute path, relative ones from the working directory. */
export const pathOf = (text: string, cwd: string): string => (isAbsolute(text) ? text : resolve(cwd, text));

/** The settings every command reads alike: the fixtures, the selection, the gate, the plan. */
export interface CommonSettings {
  cancellableOrderIds: string[];
  shippedOrderIds: string[];
  trustOrderList: boolean;
  plan?: Plan;
  only: string[];
  skip: string[];
  reportDir: string;
  failOn: FailOn;
  baseline?: string;
  allowStaleBaseline: boolean;
}

export function commonSettings(get: (key: SettingKey) => Raw[SettingKey], cwd: string): CommonSettings {
  const planText = str(get('plan'))?.toLowerCase();
  if (planText !== undefined && !(PLANS as readonly string[]).includes(planText))
    throw new UsageError(
      `${envAndFlag('plan')} must be one of ${PLANS.join(', ')}, got ${JSON.stringify(planText)}`,
    );
  const baselineText = str(get('baseline'));
  return {
    cancellableOrderIds: ids(settingOf('cancellableOrderIds'), get('cancellableOrderIds')),
    shippedOrderIds: ids(settingOf('shippedOrderIds'), get('shippedOrderIds')),
    trustOrderList: bool(settingOf('trustOrderList'), get('trustOrderList')),
    ...(planText !== undefined ? { plan: planText as Plan } : {}),
    only: list(get('only')).map((p) => p.toUpperCase()),
    skip: list(get('skip')).map((p) => p.toUpperCase()),
    reportDir: pathOf(str(get('reportDir')) ?? settingOf('reportDir').default, cwd),
    failOn: choice('failOn', get('failOn'), FAIL_ON),
    ...(baselineText !== undefined ? { baseline: pathOf(baselineText, cwd) } : {}),
    allowStaleBaseline: bool(settingOf('allowStaleBaseline'), get('allowStaleBaseline')),
  };
}
