/**
 * Freezes a value and everything it holds, so a write anywhere in it throws (modules run in strict
 * mode). A Map or Set also refuses set/add/delete/clear, which Object.freeze alone lets through.
 * For tests: a state handed to a decider that comes back frozen proves the decider never changed it.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  if (value instanceof Map || value instanceof Set) {
    for (const method of ['set', 'add', 'delete', 'clear']) {
      if (method in value) Object.defineProperty(value, method, { value: frozenCollection });
    }
    Object.freeze(value);
    for (const entry of value instanceof Map ? [...value.keys(), ...value.values()] : [...value]) deepFreeze(entry);
    return value;
  }
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  return value;
}

function frozenCollection(): never {
  throw new TypeError('Cannot change a frozen Map or Set');
}
