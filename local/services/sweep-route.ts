import type { LocalModule } from '../modules';

type Route = NonNullable<Awaited<ReturnType<LocalModule['start']>>['routes']>[number];

/**
 * `POST <prefix>` with `{ "time": "<ISO>" }` (or no body: now) fires a periodic job as of that time
 * and answers what it did: how tests and the e2e flow run the analytics and recurrence sweeps after
 * moving the clock. Anything else is a 400.
 */
export function sweepRoute(prefix: string, sweepAt: (time: string) => Promise<unknown>): Route {
  return {
    prefix,
    async handle(req, res, body) {
      let time: unknown;
      try {
        time = body.length ? (JSON.parse(body.toString('utf8')) as { time?: unknown }).time : undefined;
      } catch {
        time = undefined;
      }
      if (req.method !== 'POST' || (time !== undefined && (typeof time !== 'string' || Number.isNaN(Date.parse(time))))) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'POST { "time": "<ISO date>" }' }));
        return;
      }
      const result = await sweepAt(typeof time === 'string' ? new Date(time).toISOString() : new Date().toISOString());
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    },
  };
}
