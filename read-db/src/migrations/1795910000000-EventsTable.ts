/**
 * Once the step that created the Postgres event store's `events` table. The table now belongs to
 * the event store, which creates it on first use (server/src/event-store/postgres-schema.ts); this
 * step stays, empty, because databases that ran it list it among their executed migrations.
 */
export async function up(): Promise<void> {}

/** The event log is the source of truth: stepping the read model down never drops it. */
export async function down(): Promise<void> {}
