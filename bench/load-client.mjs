/**
 * HTTP load generator for the benchmarks, run in a worker thread so that the client's CPU is not
 * charged to the server's event loop (on a 2-core machine: one core each). Loopback only, bounded
 * in requests and time. Message in: {port, method, path, bodies?, count, concurrency, timeLimitMs};
 * message out: {requests, seconds, failures}.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, method, path, bodies, count, concurrency, timeLimitMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
let next = 0;
let failures = 0;
const deadline = Date.now() + timeLimitMs;

const one = (i) =>
  new Promise((resolve) => {
    const payload = bodies ? bodies[i % bodies.length] : undefined;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        if (res.statusCode !== 200) failures++;
        res.resume();
        res.on('end', resolve);
      },
    );
    req.on('error', () => {
      failures++;
      resolve();
    });
    req.end(payload);
  });

const worker = async () => {
  while (next < count && Date.now() < deadline) await one(next++);
};
const start = process.hrtime.bigint();
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
agent.destroy();
parentPort.postMessage({ requests: next, seconds, failures });
