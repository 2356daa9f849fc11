/**
 * Capacity on paper (docs/capacity.md): the AWS quotas the publishing design meets as it grows, and
 * what it costs per month. Pure arithmetic over the inputs below: no AWS, no clock, no randomness,
 * so the same inputs always print the same table, and the document quotes this output verbatim.
 *
 *   npm run capacity            (or: npx tsx scripts/capacity-sim.ts)
 *
 * The per-post operation counts (ENGINE_PORT_CALLS) are what the engine does for one post, as
 * counted on its ports by test/unit/scripts/capacity-sim.test.ts; PORT_AWS maps each port call to
 * the AWS requests its production adapter makes (functions/publishing/adapters/dynamo-store.ts and friends).
 */

/**
 * One load scenario. BASE_LOAD is today's largest plausible load; the scales multiply its
 * workspaces, so 1,000× is the issue's example of 100,000 workspaces posting 30 times a day.
 */
export interface Load {
  readonly workspaces: number;
  readonly postsPerWorkspacePerDay: number;
  /** Social accounts (targets) per post, on average. */
  readonly targetsPerPost: number;
  /** Share of a day's posts that fall in its busiest hour (posts cluster in waking hours of a few time zones). */
  readonly busiestHourShare: number;
  /** Share of an hour's posts due in its first minute (people pick round times). */
  readonly topOfHourShare: number;
  /** How many days ahead a post is scheduled, on average: the pending schedules are this many days of posts. */
  readonly daysScheduledAhead: number;
  /** Browser tabs subscribed to a workspace's live events while a post settles. */
  readonly liveTabsPerWorkspace: number;
}

export const BASE_LOAD: Load = {
  workspaces: 100,
  postsPerWorkspacePerDay: 30,
  targetsPerPost: 2,
  busiestHourShare: 1 / 12,
  topOfHourShare: 0.2,
  daysScheduledAhead: 7,
  liveTabsPerWorkspace: 1,
};

export const SCALES = [1, 10, 100, 1_000] as const;

/**
 * What the engine calls on its ports for one post with one target that posts at the first try,
 * from scheduling to the notification. Counted, not assumed: the unit test runs scheduleDispatch,
 * dispatchPost and publishTarget over the in-memory ports and fails when these drift.
 */
export const ENGINE_PORT_CALLS = {
  /** Once per post. */
  perPost: { 'scheduler.put': 1, 'store.getPost': 1, 'store.markQueued': 1, 'store.settlePost': 1 },
  /** Once per target (social account) of the post. */
  perTarget: {
    'queue.send': 1,
    // The step's first read: the post, its account's gate, the plan and the connection.
    readDelivery: 1,
    // The post and its account's gate again right before the public call (a post deleted or an
    // account closed meanwhile publishes nothing).
    'store.getPostAndUserClosed': 1,
    'store.takeLease': 1,
    'store.saveCheckpoint': 1,
    'store.settleTarget': 1,
    withFreshTokens: 1,
    notify: 1,
    recordOutcome: 1,
  },
} as const;

type PortCall = keyof typeof ENGINE_PORT_CALLS.perPost | keyof typeof ENGINE_PORT_CALLS.perTarget;

/**
 * The AWS requests behind each port call on AWS. `openIndexWrites`: the write changes an item that
 * sits in the OPEN index (gsi2, projection ALL), so DynamoDB writes the index entry too, and every
 * such entry has the same partition key, `OPEN`.
 */
const PORT_AWS: Record<
  PortCall,
  { dynamoReads?: number; dynamoWrites?: number; openIndexWrites?: number; sqs?: number; appsync?: number; scheduler?: number }
> = {
  'scheduler.put': { scheduler: 1 },
  'store.getPost': { dynamoReads: 1 },
  // One BatchGetItem of five items (post, account gate, subscription, social account, tokens):
  // one request, five read units.
  readDelivery: { dynamoReads: 5 },
  // One BatchGetItem of two items: one request, two read units.
  'store.getPostAndUserClosed': { dynamoReads: 2 },
  'store.markQueued': { dynamoWrites: 1, openIndexWrites: 1 },
  'store.takeLease': { dynamoWrites: 1, openIndexWrites: 1 },
  'store.saveCheckpoint': { dynamoWrites: 1, openIndexWrites: 1 },
  'store.settleTarget': { dynamoWrites: 1, openIndexWrites: 1 },
  // Settling the post removes it from the OPEN index: a delete of its entry.
  'store.settlePost': { dynamoWrites: 1, openIndexWrites: 1 },
  'queue.send': { sqs: 1 },
  // The account and tokens came with readDelivery; only a refresh (rare) writes the tokens.
  withFreshTokens: {},
  // A notification row, then the publish mutation AppSync fans out to the user's tabs.
  notify: { dynamoWrites: 1, appsync: 1 },
  // The timezone and a counted failure (one BatchGetItem), then the analytics tracker and one
  // UpdateItem of its rollup counter (docs/analytics.md#recording).
  recordOutcome: { dynamoReads: 2, dynamoWrites: 2 },
};

/** A post item with its targets, in 1 KB write units (a post of two targets with captions is 2–3 KB). */
const POST_ITEM_WRITE_UNITS = 3;
/** The API creates the post (post item, usage counter, tab counter) before the schedule. */
const API_WRITES_PER_POST = 3;
/** API requests per post: compose loads, the create, the list refetches a live event triggers per tab. */
const API_REQUESTS_PER_POST = 6;
/** An SQS message is sent, received (in batches of 10) and deleted: requests per target message. */
const SQS_REQUESTS_PER_MESSAGE = 1 + 0.1 + 1;
/** Seconds a publisher invocation lives: PUBLISH_LEAD_SECONDS (3) of waiting, then the call (~1 s). */
const PUBLISHER_SECONDS = 4;
const PUBLISHER_BATCH = 10;
const PUBLISHER_MEMORY_GB = 0.5;
const DISPATCHER_SECONDS = 0.2;
const API_FUNCTION_SECONDS = 0.15;
const SMALL_FUNCTION_MEMORY_GB = 0.25;
/** infra/constructs/publishing.ts: SQS event source maxConcurrency per platform queue. */
const PUBLISHER_CONCURRENCY = 50;
const PLATFORM_COUNT = 5;
/** infra/constructs/api.ts: the stage's default throttle (no deployment setting overrides it today). */
const STAGE_THROTTLE = { rateLimit: 50, burstLimit: 100 };
/** Seconds over which the writes of posts due in the same second land (lead, call, settle). */
const DUE_SECOND_SPREAD = 5;
/** Creation is spread over the working day: peak creation rate / average creation rate. */
const CREATION_PEAK_FACTOR = 4;

/**
 * Quotas, each with its source page (docs/capacity.md#sources). Defaults of a primary Region
 * (us-east-1); all but the partition limits are adjustable.
 */
export const QUOTAS = {
  pendingSchedules: 10_000_000,
  createScheduleRps: 5_000,
  schedulerInvocationsRps: 1_000,
  lambdaAccountConcurrency: 1_000,
  sqsInFlightPerQueue: 120_000,
  sqsMaxDelaySeconds: 900,
  dynamoPartitionWcu: 1_000,
  dynamoPartitionRcu: 3_000,
  apiGatewayAccountRps: 10_000,
  apiGatewayAccountBurst: 5_000,
} as const;

/** US East (N. Virginia) prices in USD, each with its source page (docs/capacity.md#sources). */
export const PRICES = {
  lambdaPerMillionRequests: 0.2,
  lambdaPerGbSecond: 0.0000166667,
  dynamoPerMillionWrites: 0.625,
  dynamoPerMillionReads: 0.125,
  sqsPerMillionRequests: 0.4,
  schedulerPerMillionInvocations: 1.0,
  appsyncPerMillionMutations: 4.0,
  appsyncPerMillionRealtimeMessages: 2.0,
  apiGatewayHttpPerMillion: 1.0,
} as const;

export interface Check {
  readonly service: string;
  readonly limit: string;
  /** Demand at the peak (per second unless the limit is a count). */
  readonly demand: number;
  readonly quota: number;
  /** quota / demand: below 1 the limit is broken. */
  readonly headroom: number;
}

export interface ScaleResult {
  readonly scale: number;
  readonly postsPerMonth: number;
  readonly peakMinutePosts: number;
  readonly checks: readonly Check[];
  /** The checks whose headroom is below 1, tightest first. */
  readonly broken: readonly Check[];
  readonly monthlyCost: Readonly<Record<string, number>>;
  readonly monthlyTotal: number;
}

/** Per-target or per-post sums of one AWS request kind over the engine's port calls. */
function perPostAws(kind: keyof (typeof PORT_AWS)[PortCall], targets: number): number {
  let total = 0;
  for (const [call, n] of Object.entries(ENGINE_PORT_CALLS.perPost)) total += n * (PORT_AWS[call as PortCall][kind] ?? 0);
  for (const [call, n] of Object.entries(ENGINE_PORT_CALLS.perTarget)) total += targets * n * (PORT_AWS[call as PortCall][kind] ?? 0);
  return total;
}

export function simulate(scale: number, load: Load = BASE_LOAD): ScaleResult {
  const workspaces = load.workspaces * scale;
  const postsPerDay = workspaces * load.postsPerWorkspacePerDay;
  const postsPerMonth = postsPerDay * 30;
  const targets = load.targetsPerPost;
  const peakMinutePosts = postsPerDay * load.busiestHourShare * load.topOfHourShare;
  const peakTargets = peakMinutePosts * targets;

  const openWritesPerPost = perPostAws('openIndexWrites', targets);
  const writesPerPost = perPostAws('dynamoWrites', targets);
  const readsPerPost = perPostAws('dynamoReads', targets);
  const appsyncPerPost = perPostAws('appsync', targets);

  // Posts due at the top of the minute: their schedules fire across the minute before it, their
  // publishers all wake for the same due second, their writes land within a few seconds of it.
  const dispatchRps = peakMinutePosts / 60;
  const openIndexWcu = (peakMinutePosts * openWritesPerPost * POST_ITEM_WRITE_UNITS) / DUE_SECOND_SPREAD;
  const perPlatformTargets = peakTargets / PLATFORM_COUNT;
  // Every message of the due second is received at once when it can be: in flight per queue.
  const inFlightPerQueue = Math.min(perPlatformTargets, PUBLISHER_CONCURRENCY * PUBLISHER_BATCH);
  // Concurrency the publishers would need to post every target in its second (what the caps hold back).
  const publisherConcurrencyWanted = Math.ceil(perPlatformTargets / PUBLISHER_BATCH) * PLATFORM_COUNT;
  const lambdaConcurrency = publisherConcurrencyWanted + dispatchRps * DISPATCHER_SECONDS;
  const onTimePerPlatformPerSecond = PUBLISHER_CONCURRENCY * PUBLISHER_BATCH;
  // Each settled target pushes a live event; each tab refetches the post list (one request).
  const apiRpsAtDueSecond = (peakTargets * load.liveTabsPerWorkspace) / DUE_SECOND_SPREAD;
  const createRps = (postsPerDay / 86_400) * CREATION_PEAK_FACTOR;
  const pendingSchedules = postsPerDay * load.daysScheduledAhead;

  const check = (service: string, limit: string, demand: number, quota: number): Check => ({
    service,
    limit,
    demand,
    quota,
    headroom: demand === 0 ? Infinity : quota / demand,
  });
  const checks: Check[] = [
    check('Scheduler', 'pending schedules (count)', pendingSchedules, QUOTAS.pendingSchedules),
    check('Scheduler', 'CreateSchedule/UpdateSchedule rps', createRps, QUOTAS.createScheduleRps),
    check('Scheduler', 'invocations rps (peak minute)', dispatchRps, QUOTAS.schedulerInvocationsRps),
    check('Lambda', 'account concurrency (due second)', lambdaConcurrency, QUOTAS.lambdaAccountConcurrency),
    check('Lambda', 'publisher cap: on-time posts/s per platform', perPlatformTargets, onTimePerPlatformPerSecond),
    check('SQS', 'in-flight messages per queue', inFlightPerQueue, QUOTAS.sqsInFlightPerQueue),
    check('DynamoDB', 'OPEN index partition WCU', openIndexWcu, QUOTAS.dynamoPartitionWcu),
    check('API Gateway', 'stage throttle rps (infra default)', apiRpsAtDueSecond, STAGE_THROTTLE.rateLimit),
    check('API Gateway', 'account throttle rps', apiRpsAtDueSecond, QUOTAS.apiGatewayAccountRps),
  ];
  const broken = checks.filter((c) => c.headroom < 1).sort((a, b) => a.headroom - b.headroom);

  const million = 1_000_000;
  const lambdaInvocations = postsPerMonth * (1 + API_REQUESTS_PER_POST + targets / PUBLISHER_BATCH);
  const gbSeconds =
    postsPerMonth *
    (API_REQUESTS_PER_POST * API_FUNCTION_SECONDS * SMALL_FUNCTION_MEMORY_GB +
      DISPATCHER_SECONDS * SMALL_FUNCTION_MEMORY_GB +
      (targets / PUBLISHER_BATCH) * PUBLISHER_SECONDS * PUBLISHER_MEMORY_GB);
  const dynamoWrites = postsPerMonth * ((writesPerPost + API_WRITES_PER_POST) * POST_ITEM_WRITE_UNITS + openWritesPerPost * POST_ITEM_WRITE_UNITS);
  const dynamoReads = postsPerMonth * (readsPerPost + API_REQUESTS_PER_POST);
  const monthlyCost: Record<string, number> = {
    Lambda: (lambdaInvocations / million) * PRICES.lambdaPerMillionRequests + gbSeconds * PRICES.lambdaPerGbSecond,
    DynamoDB: (dynamoWrites / million) * PRICES.dynamoPerMillionWrites + (dynamoReads / million) * PRICES.dynamoPerMillionReads,
    SQS: ((postsPerMonth * targets * SQS_REQUESTS_PER_MESSAGE) / million) * PRICES.sqsPerMillionRequests,
    Scheduler: (postsPerMonth / million) * PRICES.schedulerPerMillionInvocations,
    AppSync:
      ((postsPerMonth * appsyncPerPost) / million) * PRICES.appsyncPerMillionMutations +
      ((postsPerMonth * appsyncPerPost * load.liveTabsPerWorkspace) / million) * PRICES.appsyncPerMillionRealtimeMessages,
    'API Gateway': ((postsPerMonth * API_REQUESTS_PER_POST) / million) * PRICES.apiGatewayHttpPerMillion,
  };
  const monthlyTotal = Object.values(monthlyCost).reduce((a, b) => a + b, 0);
  return { scale, postsPerMonth, peakMinutePosts, checks, broken, monthlyCost, monthlyTotal };
}

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 1 }));
const headroom = (h: number) => (h === Infinity ? '∞' : h >= 100 ? `${Math.round(h)}×` : `${h.toFixed(h < 1 ? 3 : 1)}×`);

/**
 * Every limit with the scale (× BASE_LOAD) at which it breaks, first first. Demand grows linearly
 * with the workspaces, so a limit breaks at its 1× headroom.
 */
export function breakpoints(load: Load = BASE_LOAD): { service: string; limit: string; breaksAtScale: number }[] {
  return simulate(1, load)
    .checks.map((c) => ({ service: c.service, limit: c.limit, breaksAtScale: c.headroom }))
    .sort((a, b) => a.breaksAtScale - b.breaksAtScale);
}

/** The report the document quotes. */
export function report(results: readonly ScaleResult[] = SCALES.map((s) => simulate(s))): string {
  const lines: string[] = ['## Where each limit breaks (× today)', ''];
  for (const b of breakpoints()) lines.push(`- ${headroom(b.breaksAtScale)} ${b.service}: ${b.limit}`);
  lines.push('');
  for (const r of results) {
    lines.push(`## ${r.scale}× — ${fmt(r.postsPerMonth)} posts/month, ${fmt(r.peakMinutePosts)} posts due in the peak minute`);
    lines.push('');
    lines.push('| Service | Limit | Peak demand | Quota | Headroom |');
    lines.push('| --- | --- | ---: | ---: | ---: |');
    for (const c of r.checks)
      lines.push(`| ${c.service} | ${c.limit} | ${fmt(c.demand)} | ${fmt(c.quota)} | ${headroom(c.headroom)}${c.headroom < 1 ? ' ✗' : ''} |`);
    lines.push('');
    lines.push(`First broken: ${r.broken.length ? `${r.broken[0]!.service} ${r.broken[0]!.limit}` : 'none'}`);
    lines.push(
      `Monthly cost (USD): ${Object.entries(r.monthlyCost)
        .map(([k, v]) => `${k} ${fmt(v)}`)
        .join(', ')}; total ${fmt(r.monthlyTotal)}`,
    );
    lines.push('');
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(report());
}
