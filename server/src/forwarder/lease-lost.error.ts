/** The lease was lost while a page was being forwarded: nothing more is sent by this process. */
export class LeaseLostError extends Error {
  constructor() {
    super('the forwarder lease was lost; another replica forwards from here');
  }
}
