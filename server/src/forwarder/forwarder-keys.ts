/** The forwarder's own Redis keys, under the BullMQ prefix. */
export const forwarderKeys = (bullPrefix: string) => ({
  /** The lease that makes one forwarder run at a time across every replica. */
  lease: `${bullPrefix}:forwarder:lease`,
  /**
   * The last event whose reactions (callback processing, reward orders) were queued, written only by
   * the lease holder: a standby taking over re-sends the projections from their checkpoint (harmless)
   * but queues reactions only after this, so no callback is queued twice when the holder dies.
   */
  reacted: `${bullPrefix}:forwarder:reacted`,
  /** The end of the page whose reactions are being queued: set before the enqueue, so a standby knows what may already be queued. */
  reacting: `${bullPrefix}:forwarder:reacting`,
});
