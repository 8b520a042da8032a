import { ApiError } from './api-client';

/** The text the server gave for a failed call, else the screen's own fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}
