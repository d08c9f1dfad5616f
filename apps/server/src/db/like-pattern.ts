/** A LIKE pattern matching values that contain `text`, its `%`, `_` and `\` taken literally. */
export function containingPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
