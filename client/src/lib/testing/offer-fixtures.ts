import type { CallbackRecord, Offer } from '@playquid/contracts';

/** A complete active offer for tests; override what the test is about. */
export function makeOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 'o1',
    api_id: 'b1',
    title: 'Dragon Quest',
    name: '',
    product_name: '',
    description: 'Reach level 10',
    icon_url: null,
    reward_amount: 1,
    reward_pence: 100,
    total_max_payout: 1,
    category: 'RPG',
    categories: [],
    difficulty: 'Easy',
    time_to_complete: '2 days',
    featured: false,
    click_url: null,
    device_platform: 1,
    anchor: null,
    created_at: '2025-01-01T00:00:00Z',
    requirements: [],
    instructions: [],
    things_to_know: [],
    events: [],
    completed_tasks_count: 0,
    total_completions: 0,
    members_completed: 0,
    source: 'bitlabs',
    status: 'active',
    confirmation_time: null,
    disclaimer: null,
    support_url: null,
    ...overrides,
  };
}

/** A processed, completed callback for tests. */
export function makeCallback(overrides: Partial<CallbackRecord> = {}): CallbackRecord {
  return {
    id: 'cb1',
    transaction_id: 'tx-1',
    user_id: 'user-1',
    offer_id: 'offer-1',
    offer_name: 'Dragon Quest',
    task_id: 'task-1',
    user_reward: 0.29,
    user_reward_raw: '0.29',
    raw_payment_usd: 0.5,
    offer_state: 'COMPLETED',
    is_processed: true,
    processed_at: '2025-01-01T00:00:01Z',
    processing_error: null,
    accepted: true,
    rejection_reason: null,
    source_ip: '203.0.113.5',
    callback_hash: 'abc',
    raw_parameters: { uid: 'user-1', tx: 'tx-1' },
    created_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}
