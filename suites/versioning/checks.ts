// spec §9 Versioning: the base address ends with the version segment /v1 and the API answers below it.
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check, suite } from '../kit/context.ts';
import { shares } from '../kit/sendings.ts';

export const versioning = suite({
  id: 'VER',
  title: 'Versioning',
  spec: 'spec §9',
  checks: [
    check({
      id: 'VER-BASE-PATH-V1',
      spec: 'spec §9 rule 1; spec §1',
      level: 'MUST',
      rules: ['9.r1', '1.base-v1'],
      requirement:
        'The current version is v1 and it is the last path segment of the base address, below which the operations answer.',
      basis: [SPEC.versionV1, SPEC.pathsRelative],
      title: 'Reads the base URL path and whether GET {base}/store/orders is routed',
      needs: { requests: 0, shared: shares('order list') },
      recorded: { shows: 'a GET /store/orders sent with the key and answered' },
      async judge(ctx: Ctx) {
        const path = new URL(ctx.config.baseUrl).pathname;
        ctx.require(path.endsWith('/v1'), `the base path ${path} does not end with /v1`);
        const { response } = await ctx.target.list();
        ctx.require(
          response.status !== 404,
          'GET {base}/store/orders answered 404: the operations do not answer below this base address',
          {
            exchange: response.exchange,
          },
        );
        ctx.observe(`base path ${path}; the list answers below it (${response.status})`, 1);
      },
    }),
  ],
});
