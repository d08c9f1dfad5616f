/** Text to find inside a LIKE pattern, its wildcards taken literally. */
export const likeText = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
