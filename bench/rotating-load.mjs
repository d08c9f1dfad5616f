// Saturating load with autocannon, rotating over a scenario's paths and, when it has them, its request
// variants (headers and body per request, such as several shoppers' adds): `npm run bench` and
// `npm run bench:cluster` both measure throughput this way.
import autocannon from 'autocannon';

/** Runs `connections` connections against `origin` for `seconds`; answers autocannon's result. */
export function rotatingLoad({ origin, scenario, request, paths, seconds, connections }) {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        requests: [
          {
            method: scenario.method ?? 'GET',
            headers: request.headers ?? {},
            ...(request.body === undefined ? {} : { body: request.body }),
            setupRequest: (outgoing) => {
              next += 1;
              const variant = request.variants?.[next % request.variants.length] ?? {};
              return { ...outgoing, ...variant, path: paths[next % paths.length] };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}
