/**
 * Whether a member events stream (./live) is open in this tab, and the polling that stands in while
 * it is not. Its own module so the shell (Navbar's balance) does not carry the stream's client.
 */

let streamOpen = false;

/** Whether a member events stream is open in this tab. */
export const memberEventsOpen = (): boolean => streamOpen;
export const setMemberEventsOpen = (open: boolean): void => {
  streamOpen = open;
};

/** A `refetchInterval` that polls every `ms` only while no events stream is open. */
export const liveRefetchInterval = (ms: number) => (): number | false => (streamOpen ? false : ms);
