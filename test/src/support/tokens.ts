const emulatorHost = () => process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const projectId = () => process.env.FIREBASE_PROJECT_ID ?? 'demo-playquid';

/** An anonymous Firebase sign-in: a real emulator ID token with no email. */
export async function anonymousUser(): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ returnSecureToken: true }),
  });
  const json = (await response.json()) as { localId: string; idToken: string };
  if (!response.ok) throw new Error(`anonymous sign-up failed: ${response.status}`);
  return { uid: json.localId, idToken: json.idToken };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned (alg:none) ID token, which only the Auth emulator accepts. */
export function unsignedToken(claims: { uid: string; email?: string; emailVerified?: boolean }): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${projectId()}`,
    aud: projectId(),
    auth_time: now,
    user_id: claims.uid,
    sub: claims.uid,
    iat: now,
    exp: now + 3600,
    ...(claims.email ? { email: claims.email, email_verified: claims.emailVerified ?? false } : {}),
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}
