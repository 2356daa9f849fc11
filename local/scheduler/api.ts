import type { SchedulerEngine } from './engine';
import { SchedulerError, describeGroup, describeSchedule, key, scheduleArn, validation } from './model';

/**
 * The rest-json API @aws-sdk/client-scheduler speaks, over the engine: one request (method, URL,
 * parsed body) in, the response body out; errors are SchedulerErrors.
 */
export async function handleSchedulerRequest(engine: SchedulerEngine, method: string, url: URL, body: Record<string, unknown>): Promise<unknown> {
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [resource, name, ...rest] = parts;
  const query = url.searchParams;
  if (resource === '_control' && name === 'groups' && rest[1] === 'schedules' && rest[3] === 'fire' && method === 'POST') {
    await engine.fireNow(rest[2]!, rest[0]!);
    return {};
  }
  if (resource === 'schedules' && name && rest.length === 0) {
    switch (method) {
      case 'POST':
        return { ScheduleArn: arnOf(engine.create(name, body)) };
      case 'PUT':
        return { ScheduleArn: arnOf(engine.update(name, body)) };
      case 'GET':
        return describeSchedule(engine.find(name, query.get('groupName')));
      case 'DELETE':
        engine.delete(name, query.get('groupName'));
        return {};
    }
  }
  if (resource === 'schedules' && !name && method === 'GET') return listSchedules(engine, query);
  if (resource === 'schedule-groups' && name && rest.length === 0) {
    switch (method) {
      case 'POST':
        engine.createGroup(name);
        return { ScheduleGroupArn: describeGroup(engine.group(name)).Arn };
      case 'GET':
        return describeGroup(engine.group(name));
      case 'DELETE':
        engine.deleteGroup(name);
        return {};
    }
  }
  if (resource === 'schedule-groups' && !name && method === 'GET') {
    const prefix = query.get('NamePrefix') ?? '';
    const matching = [...engine.groups.values()]
      .filter((g) => g.Name.startsWith(prefix))
      .map((g) => ({ ...g, sortKey: g.Name }))
      .sort(bySortKey);
    const { items, NextToken } = page(matching, query);
    return { ScheduleGroups: items.map(describeGroup), ...(NextToken ? { NextToken } : {}) };
  }
  throw new SchedulerError('ValidationException', 400, `The local Scheduler does not support ${method} ${url.pathname}.`);
}

const arnOf = (s: { GroupName: string; Name: string }) => scheduleArn(s.GroupName, s.Name);
const bySortKey = (a: { sortKey: string }, b: { sortKey: string }) => (a.sortKey < b.sortKey ? -1 : 1);

function listSchedules(engine: SchedulerEngine, query: URLSearchParams) {
  const group = query.get('ScheduleGroup');
  const prefix = query.get('NamePrefix') ?? '';
  const state = query.get('State');
  const matching = [...engine.schedules.values()]
    .filter((s) => (!group || s.GroupName === group) && s.Name.startsWith(prefix) && (!state || s.State === state))
    .map((s) => ({ ...s, sortKey: key(s.GroupName, s.Name) }))
    .sort(bySortKey);
  const { items, NextToken } = page(matching, query);
  return {
    Schedules: items.map((s) => ({
      Arn: arnOf(s),
      Name: s.Name,
      GroupName: s.GroupName,
      State: s.State,
      CreationDate: s.CreationDate,
      LastModificationDate: s.LastModificationDate,
      Target: { Arn: s.Target.Arn },
    })),
    ...(NextToken ? { NextToken } : {}),
  };
}

/** One page of `items` (sorted by sortKey): MaxResults 1–100, NextToken = the last sortKey, base64url. */
function page<T extends { sortKey: string }>(items: T[], query: URLSearchParams): { items: T[]; NextToken?: string } {
  const max = query.has('MaxResults') ? Number(query.get('MaxResults')) : 100;
  if (!Number.isInteger(max) || max < 1 || max > 100) throw validation('MaxResults must be between 1 and 100.');
  let from = 0;
  const token = query.get('NextToken');
  if (token) {
    const after = Buffer.from(token, 'base64url').toString('utf8');
    from = items.findIndex((i) => i.sortKey > after);
    if (from < 0) from = items.length;
  }
  const slice = items.slice(from, from + max);
  const last = slice.at(-1);
  return { items: slice, ...(from + max < items.length && last ? { NextToken: Buffer.from(last.sortKey).toString('base64url') } : {}) };
}
