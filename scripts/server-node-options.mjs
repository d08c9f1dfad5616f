// How Node runs the store's server process (docs/decisions/0013). Under load V8 lets garbage pile up far
// past what is reachable (about 45 MB): with its defaults the heap grew to 200 MB and resident memory to
// 305 MB before a full collection. A bounded old space makes it collect sooner, and smaller young
// semi-spaces keep less short-lived garbage between scavenges. SERVER_HEAP_MB raises the bound for a
// store that caches more.
export function serverNodeOptions(environment = process.env) {
  const heapMb = Number(environment.SERVER_HEAP_MB ?? 192);
  if (!Number.isInteger(heapMb) || heapMb < 64) {
    throw new Error(
      `SERVER_HEAP_MB must be a whole number of megabytes, at least 64 (got ${environment.SERVER_HEAP_MB})`,
    );
  }
  return [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=8'];
}
