/**
 * The oldest Node.js the store supports, as the root package.json's `engines` says (a test keeps the two
 * the same): 22.12, the first 22 release that loads ES modules from `require` without a flag, which
 * several dependencies need. CI runs the tests on 22 and 24 (docs/decisions/0082).
 */
export const OLDEST_SUPPORTED_NODE = { major: 22, minor: 12 } as const;

/** Whether the Node.js of this version (`process.versions.node`, such as "22.12.0") is supported. */
export function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return (
    major > OLDEST_SUPPORTED_NODE.major ||
    (major === OLDEST_SUPPORTED_NODE.major && minor >= OLDEST_SUPPORTED_NODE.minor)
  );
}

/** What start-up says on an older Node, with the way to a supported one; undefined on a supported one. */
export function unsupportedNodeWarning(version: string): string | undefined {
  if (isSupportedNode(version)) return undefined;
  const { major, minor } = OLDEST_SUPPORTED_NODE;
  return `Node.js ${version} is older than the ${major}.${minor} the store supports and is tested on; it may work, but run it on Node.js ${major}.${minor} or newer (scripts/node-from-npm.sh ${major} gets one from the npm registry)`;
}
