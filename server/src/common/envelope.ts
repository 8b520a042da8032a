import type { ApiEnvelope } from '@playquid/contracts';

export const ok = <T>(data: T, message = 'OK'): ApiEnvelope<T> => ({ success: true, message, data });
