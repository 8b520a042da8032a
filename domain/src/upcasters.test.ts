import { EVENT_SCHEMA_VERSIONS } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { callbackData } from './testing/callback-fixtures';
import { EVENT_UPCASTERS, upcastEventData } from './upcasters';

describe('event upcasters', () => {
  it('reach the declared version of every event type from version 1', () => {
    for (const [type, version] of Object.entries(EVENT_SCHEMA_VERSIONS)) {
      for (let from = 1; from < version!; from++) expect(EVENT_UPCASTERS[type]?.[from], `${type} from v${from}`).toBeTypeOf('function');
    }
  });

  it('give a v1 CallbackReceived its sender: none when it had none, the admin when it named one', () => {
    const { triggeredBy: _, ...v1 } = callbackData();
    expect(upcastEventData('CallbackReceived', 1, v1)).toEqual({ ...v1, triggeredBy: null });
    expect(upcastEventData('CallbackReceived', 1, { ...v1, triggeredBy: 'admin@playquid.test' })).toEqual({ ...v1, triggeredBy: 'admin@playquid.test' });
  });

  it('leave data at the current version, and types that never changed, as they are', () => {
    const current = callbackData({ triggeredBy: 'admin@playquid.test' });
    expect(upcastEventData('CallbackReceived', 2, current)).toBe(current);
    const signedIn = { uid: 'u1', signedInAt: '2026-11-22T10:00:00.000Z' };
    expect(upcastEventData('UserSignedIn', 1, signedIn)).toBe(signedIn);
  });

  it('refuse data older than the upcasters reach (a declared version without its upcaster)', () => {
    expect(() => upcastEventData('CallbackReceived', 1, {}, {})).toThrow('No upcaster for CallbackReceived from schema version 1');
  });
});
