import { createApiClient } from './api-client';
import { markSuspended } from './auth/suspension';
import { currentUser } from './auth/current-user';

export { ApiError } from './api-client';

/** The app's API client, authenticated as the Firebase user currently signed in. */
export const api = createApiClient({ currentUser, onSuspended: markSuspended });
