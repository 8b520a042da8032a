import { type BitlabsStandin, startBitlabsStandin } from '@playquid/standins';
import { eventually, type Stack, startStack } from './stack';

export interface OffersStack {
  stack: Stack;
  standin: BitlabsStandin;
  close(): Promise<void>;
}

/**
 * The whole back end with the BitLabs stand-in in this process, the API's sync pointed at it, and
 * the stand-in's catalogue synced into the read model before the tests start.
 */
export async function startOffersStack(options: Parameters<typeof startStack>[0] = {}): Promise<OffersStack> {
  const standin = await startBitlabsStandin({ port: 0, apiToken: 'test-bitlabs-token' });
  Object.assign(process.env, { BITLABS_API_URL: standin.url, BITLABS_API_TOKEN: 'test-bitlabs-token', OFFER_SYNC: 'true' });
  const stack = await startStack(options);
  await catalogueCount(stack, standin.offers.length);
  return {
    stack,
    standin,
    async close() {
      await stack.close();
      await standin.close();
    },
  };
}

const countOf = async (stack: Stack, status?: string) =>
  Number(
    (
      await stack.db
        .selectFrom('offers')
        .$if(status !== undefined, (qb) => qb.where('status', '=', status!))
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Waits until the read model holds exactly `count` offers (of a status, when given). */
export const catalogueCount = (stack: Stack, count: number, status?: string) =>
  eventually(async () => ((await countOf(stack, status)) === count ? true : undefined), 30_000);

/** Waits until an offer's read row satisfies `check`. */
export const offerRowWhere = (stack: Stack, id: string, check: (row: Record<string, any>) => boolean) =>
  eventually(async () => {
    const row = await stack.db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst();
    return row && check(row) ? row : undefined;
  });

/** Our offer id of a BitLabs offer, from the read model. */
export async function offerIdOf(stack: Stack, apiId: string | number): Promise<string> {
  return (await stack.db.selectFrom('offers').select('id').where('api_id', '=', String(apiId)).executeTakeFirstOrThrow()).id;
}

export const streamTypes = async (stack: Stack, streamId: string) => (await stack.store.readStream(streamId)).map((e) => e.type);

export const OFFER_KEYS = [
  'anchor',
  'api_id',
  'categories',
  'category',
  'click_url',
  'completed_tasks_count',
  'confirmation_time',
  'created_at',
  'description',
  'device_platform',
  'difficulty',
  'disclaimer',
  'events',
  'featured',
  'icon_url',
  'id',
  'instructions',
  'members_completed',
  'name',
  'product_name',
  'requirements',
  'reward_amount',
  'reward_pence',
  'source',
  'status',
  'support_url',
  'things_to_know',
  'time_to_complete',
  'title',
  'total_completions',
  'total_max_payout',
];
