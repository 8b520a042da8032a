/** A setting the stand-ins' processes need; scripts/dev.sh exports them all (scripts/env.defaults.sh). */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (scripts/env.defaults.sh has the dev default)`);
  return value;
}
