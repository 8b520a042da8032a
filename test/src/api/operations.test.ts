import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { bearer, earn, makeAdmin } from '../support/money';
import { type Stack, startStack } from '../support/stack';

const METRICS_TOKEN = 'test-metrics-token';

let stack: Stack;
beforeAll(async () => {
  process.env.METRICS_TOKEN = METRICS_TOKEN;
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
  delete process.env.METRICS_TOKEN;
});

/** Every metric the runbook names (README, Operations). */
const METRICS = [
  'playquid_callbacks_received_total',
  'playquid_callbacks_refused_total',
  'playquid_callbacks_processed_total',
  'playquid_callbacks_failed_total',
  'playquid_callback_processing_seconds',
  'playquid_projection_lag_events',
  'playquid_projection_lag_seconds',
  'playquid_queue_depth',
  'playquid_callbacks_unprocessed',
  'playquid_payouts_stuck',
  'playquid_http_request_duration_seconds',
];

describe('operations: /metrics and Bull Board', () => {
  it('GET /metrics needs the metrics token, then lists every metric in Prometheus text', async () => {
    const member = await registeredMember(stack, { label: 'ops' });
    await earn(stack, member, '1.25', { tx: `ops-${Date.now()}` });
    await stack.http.get('/api/bitlabs/callback?uid=x&val=1&tx=forged&hash=00').expect((r) => expect(r.status).toBeGreaterThanOrEqual(400));

    expect((await stack.http.get('/metrics').expect(401)).body).toEqual({
      success: false,
      message: 'Missing or wrong metrics token',
      detail: 'Missing or wrong metrics token',
      data: null,
    });
    await stack.http.get('/metrics').set('authorization', 'Bearer wrong').expect(401);
    const scrape = await stack.http.get('/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
    expect(scrape.headers['content-type']).toMatch(/^text\/plain/);
    const types = new Set([...scrape.text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    expect(METRICS.filter((name) => !types.has(name))).toEqual([]);
    expect(scrape.text).toMatch(/^playquid_callbacks_received_total 1$/m);
    expect(scrape.text).toMatch(/^playquid_callbacks_processed_total\{outcome="processed"\} 1$/m);
    expect(scrape.text).toMatch(/^playquid_callbacks_refused_total\{status="\d+"\} 1$/m);
    expect(scrape.text).toMatch(/^playquid_projection_lag_seconds\{projection="wallet"\} /m);
    expect(scrape.text).toMatch(/^playquid_queue_depth\{queue="callback-processing",state="waiting"\} /m);
    expect(scrape.text).toMatch(/^playquid_http_request_duration_seconds_count\{method="GET",route="\/api\/bitlabs\/callback",status="200"\} 1$/m);
  });

  it('Bull Board at /api/admin/queues: 401 for visitors, 403 for members, open to admins', async () => {
    const member = await registeredMember(stack, { label: 'ops-member' });
    const admin = await registeredMember(stack, { label: 'ops-admin' });
    await makeAdmin(stack, admin);
    for (const path of ['/api/admin/queues', '/api/admin/queues/api/queues']) {
      expect((await stack.http.get(path).expect(401)).body).toMatchObject({ success: false, message: 'Missing bearer token' });
      expect((await stack.http.get(path).set('authorization', bearer(member)).expect(403)).body).toMatchObject({
        success: false,
        message: 'Admin access required',
      });
    }
    await stack.http.put('/api/admin/queues/api/queues/callback-processing/retry/failed').set('authorization', bearer(member)).expect(403);
    const page = await stack.http.get('/api/admin/queues').set('authorization', bearer(admin)).expect(200);
    expect(page.text).toContain('<html');
    const queues = await stack.http.get('/api/admin/queues/api/queues').set('authorization', bearer(admin)).expect(200);
    expect((queues.body.queues as { name: string }[]).map((q) => q.name).sort()).toEqual(['callback-processing', 'offer-sync', 'projections', 'referral-settlements', 'reward-orders']);
  });
});
