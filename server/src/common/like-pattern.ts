/** An ILIKE pattern matching text that contains `text`: `%`, `_` and `\` typed by a person are literal characters, not wildcards. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
