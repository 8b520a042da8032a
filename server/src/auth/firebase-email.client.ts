/**
 * Firebase delivers its own emails (verification, password reset) only through the Identity Toolkit
 * `accounts:sendOobCode` call: firebase-admin's generate…Link methods return a link and send
 * nothing. This client makes that call, against the Auth emulator locally (which records each email
 * as an oobCode instead of sending it).
 */
export class FirebaseEmailClient {
  constructor(private readonly options: { apiKey?: string; emulatorHost?: string; timeoutMs?: number }) {}

  /** The member's own ID token proves whose address it is; Firebase sends to the account's email. */
  sendVerificationEmail(idToken: string): Promise<void> {
    return this.send({ requestType: 'VERIFY_EMAIL', idToken });
  }

  sendPasswordReset(email: string): Promise<void> {
    return this.send({ requestType: 'PASSWORD_RESET', email });
  }

  private async send(body: { requestType: string; idToken?: string; email?: string }): Promise<void> {
    if (!this.options.apiKey) throw new Error('FIREBASE_WEB_API_KEY is not configured');
    const root = this.options.emulatorHost ? `http://${this.options.emulatorHost}/identitytoolkit.googleapis.com` : 'https://identitytoolkit.googleapis.com';
    const response = await fetch(`${root}/v1/accounts:sendOobCode?key=${encodeURIComponent(this.options.apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!response.ok) throw new Error(`${body.requestType} email not sent: ${response.status} ${(await response.text()).slice(0, 200)}`);
  }
}
